import { ComingSoon } from '~/components/coming-soon';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Leaderboard', 'The top-rated PC builds on RigRoast today, this week, this month and of all time.');

export default function Leaderboard() {
  return (
    <ComingSoon
      title="Dominance Rankings"
      description="The ten best-rated builds of today, this week, this month and all time."
    />
  );
}
