import { Link } from 'react-router';
import { ResponsiveImage } from '~/components/responsive-image';
import type { NamedBuild } from '~/domain/builds';
import type { JuryWinner as JuryWinnerRow, Winner } from '~/domain/competitions';
import { MemberLink } from '~/components/member-link';
import type { ImageSources } from '~/images/variants';
import { buildPath } from '~/utils/build-path';
import { photoAlt } from '~/domain/photo-alt';

const PLACES = ['1st', '2nd', '3rd'];
const TONES = ['text-flame', 'text-neon-cyan', 'text-neon-pink'];

/** A winning build as the page shows it; null once it is no longer listed (namedBuild). */
type ShownBuild = { id: number; title: string; image: ImageSources | null; imageAlt: string } | null;

export type WinnerData = Omit<Winner, 'build'> & { build: ShownBuild };
export type JuryWinnerData = Omit<JuryWinnerRow, 'build'> & { build: ShownBuild };

/** A named build with its photo's sources (`image` looks them up). */
export function shownBuild(build: NamedBuild | null, image: (imageId: number) => ImageSources | null): ShownBuild {
  return build && { id: build.id, title: build.title, image: image(build.imageId), imageAlt: photoAlt(build.photoAlt, build.title) };
}

/** The winning build's photo, a link to it; a dashed, empty frame once it is no longer listed. */
function Photo({ build }: { build: ShownBuild }) {
  const frame = 'block aspect-[4/3] w-20 shrink-0 overflow-hidden rounded-md bg-void sm:w-28';
  if (!build) return <span aria-hidden="true" className={`${frame} border border-dashed border-line`} />;
  return (
    <span className={`${frame} relative`}>
      {build.image ? (
        <ResponsiveImage image={build.image} alt={build.imageAlt} sizes="7rem" className="h-full w-full object-cover" />
      ) : null}
      {/* The title links to the build too: the photo is a larger target, not a second stop for the keyboard. */}
      <Link to={buildPath(build.id)} tabIndex={-1} aria-hidden="true" className="absolute inset-0" />
    </span>
  );
}

function Title({ build }: { build: ShownBuild }) {
  const className = 'min-w-0 basis-full truncate sm:basis-auto';
  if (!build) return <span className={`${className} text-muted`}>a build no longer listed</span>;
  return (
    <Link to={buildPath(build.id)} dir="auto" className={`${className} underline-offset-4 hover:underline`}>
      {build.title}
    </Link>
  );
}

/**
 * A closed competition's top three: the build's photo, place, the prize line it won, the
 * member and the build; without any, why (`entryCount`: its listed entries).
 */
export function Winners({ winners, label, entryCount }: { winners: WinnerData[]; label: string; entryCount: number }) {
  if (winners.length === 0)
    return (
      <p className="text-sm text-muted">
        {entryCount === 0 ? 'Nobody entered, so nobody won.' : 'No community winner: no entry got a member’s vote during the competition.'}
      </p>
    );
  return (
    <ol aria-label={label} className="grid grid-cols-1 gap-2">
      {winners.map((winner) => (
        <li key={winner.placement} className="flex items-center gap-3 rounded-lg border border-line bg-panel-2/60 p-2 sm:gap-4">
          <Photo build={winner.build} />
          <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className={`display min-w-10 text-xl ${TONES[winner.placement - 1] ?? ''}`}>
              {PLACES[winner.placement - 1] ?? `${winner.placement}th`}
            </span>
            <MemberLink username={winner.username} className="font-bold" />
            <Title build={winner.build} />
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
      <Photo build={winner.build} />
      <p className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="display text-xl text-neon-pink">Jury prize</span>
        <MemberLink username={winner.username} className="font-bold" />
        <Title build={winner.build} />
      </p>
    </div>
  );
}
