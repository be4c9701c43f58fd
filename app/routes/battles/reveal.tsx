import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { BattleCertainty, StoredBattleOutcome } from '~/domain/battle-votes';
import { MemberLink } from '~/components/member-link';
import { ResponsiveImage } from '~/components/responsive-image';
import { buttonClass } from '~/components/ui/button';
import type { ImageSources } from '~/images/variants';
import { buildPath } from '~/utils/build-path';
import { counted } from '~/utils/count';

type RevealedSide = {
  id: number;
  title: string;
  username: string;
  image: ImageSources | null;
  alt: string;
  standing: { rank: number | null; votes: number; certainty: BattleCertainty } | null;
};

const SIZES = '(min-width: 640px) 50vw, 100vw';

/**
 * The pair just judged, named: each build's title, owner and battle standing, the member's
 * pick marked, and the next battle. With JavaScript the next battle's link takes the focus,
 * so Enter brings the next pair.
 */
export function BattleReveal({ outcome, sides }: { outcome: StoredBattleOutcome; sides: RevealedSide[] }) {
  const next = useRef<HTMLAnchorElement>(null);
  useEffect(() => next.current?.focus(), [sides]);
  const [low, high] = sides;
  const picked = outcome === 'low' ? low?.id : outcome === 'high' ? high?.id : null;
  return (
    <section aria-labelledby="reveal-title" className="mt-8">
      <h2 id="reveal-title" className="text-lg font-bold">
        {outcome === 'draw' ? 'You could not decide: here is who they are' : 'Vote counted: here is who they are'}
      </h2>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6">
        {sides.map((side) => (
          <Revealed key={side.id} side={side} picked={side.id === picked} />
        ))}
      </div>
      <div className="mt-6 flex flex-col items-center gap-2 text-center">
        <Link ref={next} to="/battles" className={buttonClass('hot', 'lg')}>
          Next battle
        </Link>
        <p className="text-sm text-muted">Standings are fitted again a few seconds after each vote.</p>
      </div>
    </section>
  );
}

function Revealed({ side, picked }: { side: RevealedSide; picked: boolean }) {
  return (
    <article className={`panel grid min-w-0 grid-cols-1 overflow-hidden ${picked ? 'border-neon-cyan' : ''}`}>
      <div className="relative aspect-[4/3] bg-void">
        {side.image ? <ResponsiveImage image={side.image} alt={side.alt} sizes={SIZES} className="h-full w-full object-cover" /> : null}
        {picked ? (
          <span className="absolute left-3 top-3 rounded-lg bg-neon-cyan px-3 py-1 text-sm font-bold uppercase text-void">Your pick</span>
        ) : null}
      </div>
      <div className="grid min-w-0 gap-1 p-4">
        <h3 className="text-lg font-bold wrap-anywhere">
          <Link to={buildPath(side.id)} className="hover:text-neon-cyan">
            {side.title}
          </Link>
        </h3>
        <p className="text-sm">
          by <MemberLink username={side.username} />
        </p>
        <p className="mt-2 text-sm text-muted">{standingWords(side.standing)}</p>
      </div>
    </article>
  );
}

function standingWords(standing: RevealedSide['standing']): string {
  if (!standing || standing.rank === null) return 'Not ranked yet: its first battle votes count at the next fit.';
  const votes = counted(standing.votes, 'vote', 'votes');
  return `#${standing.rank} in battles, ${standing.certainty} (${votes})`;
}
