import { ComingSoon } from '~/components/coming-soon';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Past competitions', 'Finished RigRoast competitions and their winners.');

export default function PastCompetitions() {
  return <ComingSoon title="Past competitions" description="Finished build battles and the rigs that won them." />;
}
