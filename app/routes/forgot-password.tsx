import { ComingSoon } from '~/components/coming-soon';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Forgot password', 'Request a link to reset your RigRoast password.');

export default function ForgotPassword() {
  return (
    <ComingSoon
      title="Forgot your password?"
      description="Enter your e-mail address and we will send you a link to set a new password."
    />
  );
}
