import { ComingSoon } from '~/components/coming-soon';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('My Profile', 'Your RigRoast profile, builds and stats.');

export default function Profile() {
  return (
    <ComingSoon
      title="My Profile"
      description="Your avatar, bio, builds and stats will live here once sign-in opens."
    />
  );
}
