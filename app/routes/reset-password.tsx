import { ComingSoon } from '~/components/coming-soon';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Reset password', 'Choose a new password for your RigRoast account.');

export default function ResetPassword() {
  return (
    <ComingSoon
      title="Reset your password"
      description="The link from your e-mail lets you choose a new password here."
    />
  );
}
