import { Link } from 'react-router';
import { ResponsiveImage } from '~/components/responsive-image';
import type { JuryWinner as JuryWinnerRow, Winner } from '~/domain/competitions';
import { MemberLink } from '~/components/member-link';
import type { ImageSources } from '~/images/variants';

const PLACES = ['1st', '2nd', '3rd'];
const TONES = ['text-flame', 'text-neon-cyan', 'text-neon-pink'];

export type WinnerData = Winner & { image: ImageSources | null };
export type JuryWinnerData = JuryWinnerRow & { image: ImageSources | null };

/** A closed competition's top three: the build's photo, place, the prize line it won, the member and the build. */
export function Winners({ winners, label }: { winners: WinnerData[]; label: string }) {
  if (winners.length === 0) return <p className="text-sm text-muted">No listed build was entered, so nobody won.</p>;
  return (
    <ol aria-label={label} className="grid grid-cols-1 gap-2">
      {winners.map((winner) => (
        <li key={winner.placement} className="flex items-center gap-3 rounded-lg border border-line bg-panel-2/60 p-2 sm:gap-4">
          {/* The title links to the build too: the photo is a larger target, not a second stop for the keyboard. */}
          <Link
            to={`/build/${winner.buildId}`}
            tabIndex={-1}
            aria-hidden="true"
            className="block aspect-[4/3] w-20 shrink-0 overflow-hidden rounded-md bg-void sm:w-28"
          >
            {winner.image ? <ResponsiveImage image={winner.image} alt="" sizes="7rem" className="h-full w-full object-cover" /> : null}
          </Link>
          <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className={`display min-w-10 text-xl ${TONES[winner.placement - 1] ?? ''}`}>
              {PLACES[winner.placement - 1] ?? `${winner.placement}th`}
            </span>
            <MemberLink username={winner.username} className="font-bold" />
            <Link to={`/build/${winner.buildId}`} className="min-w-0 basis-full truncate underline-offset-4 hover:underline sm:basis-auto">
              {winner.title}
            </Link>
            {winner.prize ? <span className="basis-full text-sm text-muted sm:ml-auto sm:basis-auto">{winner.prize}</span> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The jury prize's winner, beside the community's podium: the entry the jurors' own stars placed first. */
export function JuryWinner({ winner }: { winner: JuryWinnerData }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-neon-pink/50 bg-panel-2/60 p-2 sm:gap-4">
      <Link
        to={`/build/${winner.buildId}`}
        tabIndex={-1}
        aria-hidden="true"
        className="block aspect-[4/3] w-20 shrink-0 overflow-hidden rounded-md bg-void sm:w-28"
      >
        {winner.image ? <ResponsiveImage image={winner.image} alt="" sizes="7rem" className="h-full w-full object-cover" /> : null}
      </Link>
      <p className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="display text-xl text-neon-pink">Jury prize</span>
        <MemberLink username={winner.username} className="font-bold" />
        <Link to={`/build/${winner.buildId}`} className="min-w-0 basis-full truncate underline-offset-4 hover:underline sm:basis-auto">
          {winner.title}
        </Link>
      </p>
    </div>
  );
}
