import { ComingSoon } from '~/components/coming-soon';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Verify your e-mail', 'Confirm the e-mail address of your RigRoast account.');

export default function VerifyEmail() {
  return (
    <ComingSoon
      title="Verify your e-mail"
      description="The link in your e-mail confirms your new address here."
    />
  );
}
