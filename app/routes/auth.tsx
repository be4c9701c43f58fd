import { ComingSoon } from '~/components/coming-soon';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Log in or register', 'Sign in to RigRoast with your e-mail address and a 6-digit code.');

export default function Auth() {
  return (
    <ComingSoon
      title="Log in / Register"
      description="Sign in without a password: enter your e-mail address, then the 6-digit code we send you."
    />
  );
}
