import { ComingSoon } from '~/components/coming-soon';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Admin Dashboard', 'Run RigRoast: builds, members and moderation.');

export default function Admin() {
  return (
    <ComingSoon
      title="Admin Dashboard"
      description="Admins will manage builds, members, competitions and the moderation queue here."
    />
  );
}
