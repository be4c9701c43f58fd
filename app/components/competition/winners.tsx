import { Link } from 'react-router';
import type { Winner } from '~/domain/competitions';
import { MemberLink } from '~/components/member-link';

const PLACES = ['1st', '2nd', '3rd'];
const TONES = ['text-flame', 'text-neon-cyan', 'text-neon-pink'];

/** A closed competition's top three: place, the prize line it won, the member and the build. */
export function Winners({ winners, label }: { winners: Winner[]; label: string }) {
  if (winners.length === 0) return <p className="text-sm text-muted">No listed build was entered, so nobody won.</p>;
  return (
    <ol aria-label={label} className="grid gap-2">
      {winners.map((winner) => (
        <li
          key={winner.placement}
          className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border border-line bg-panel-2/60 px-4 py-3"
        >
          <span className={`display w-10 text-xl ${TONES[winner.placement - 1] ?? ''}`}>
            {PLACES[winner.placement - 1] ?? `${winner.placement}th`}
          </span>
          <MemberLink username={winner.username} className="font-bold" />
          <Link to={`/build/${winner.buildId}`} className="min-w-0 truncate underline-offset-4 hover:underline">
            {winner.title}
          </Link>
          {winner.prize ? <span className="basis-full text-sm text-muted sm:ml-auto sm:basis-auto">{winner.prize}</span> : null}
        </li>
      ))}
    </ol>
  );
}
