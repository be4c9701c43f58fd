import { Link } from 'react-router';
import { AdminTable } from './admin-table';
import type { ScoreEffect } from '~/domain/vote-integrity';
import { buildPath } from '~/utils/build-path';

const stars = (average: number) => average.toFixed(2);
/** An average of no votes is no average. */
const averageOf = (score: ScoreEffect['with']) => (score.votes === 0 ? '—' : stars(score.average));

/** "4.80 → 3.10": a figure with the group's ratings, then without them. */
function Change({ from, to }: { from: string; to: string }) {
  return (
    <span className="tabular-nums">
      {from} <span className="text-muted">→</span> <strong className={from === to ? '' : 'text-neon-cyan'}>{to}</strong>
    </span>
  );
}

/** Each affected build's votes, average and leaderboard score with a group's ratings and without them. */
export function ScoreEffects({ effects, caption }: { effects: ScoreEffect[]; caption: string }) {
  return (
    <div className="grid gap-1">
      <p className="text-xs text-muted">Each figure: with these ratings → without them.</p>
      <AdminTable
        caption={caption}
        empty="No builds of theirs are affected."
        headers={['Build', 'Owner', 'Votes', 'Average', 'Leaderboard score']}
        rows={effects.map((effect) => ({
          key: effect.buildId,
          cells: [
            <Link key="build" to={buildPath(effect.buildId)} className="font-bold hover:text-neon-cyan">
              {effect.title}
            </Link>,
            `@${effect.owner}`,
            <Change key="votes" from={String(effect.with.votes)} to={String(effect.without.votes)} />,
            <Change key="average" from={averageOf(effect.with)} to={averageOf(effect.without)} />,
            <Change key="score" from={stars(effect.with.score)} to={stars(effect.without.score)} />,
          ],
        }))}
      />
    </div>
  );
}
