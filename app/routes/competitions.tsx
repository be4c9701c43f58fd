import { ComingSoon } from '~/components/coming-soon';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Competitions', 'Time-limited RigRoast build competitions and their prizes.');

export default function Competitions() {
  return <ComingSoon title="Competitions" description="Time-limited build battles with a theme, an end date and prizes for the winners." />;
}
