import { useEffect, useRef } from 'react';
import { Form, Link, useLocation, useNavigation, useSubmit } from 'react-router';
import type { BattleChoice } from '~/domain/battle-votes';
import { ResponsiveImage } from '~/components/responsive-image';
import { useHydrated } from '~/components/use-hydrated';
import { buttonClass } from '~/components/ui/button';
import type { ImageSources } from '~/images/variants';

type Side = { id: number; image: ImageSources | null; alt: string };
type Voter = { canVote: boolean; minLevel: number } | null;

const SIZES = '(min-width: 640px) 50vw, 100vw';
/** A swipe picks when it moves this far sideways, and mostly sideways. */
const SWIPE_PX = 60;

/**
 * The two photos, A and B (side by side, stacked on a phone), each with its own plain form,
 * and "Can't decide". With JavaScript the left and right arrow keys and a swipe left or
 * right pick A or B too. A guest is asked to sign in; a member below the level is told when
 * voting opens.
 */
export function BattleVoteForms({ pair, voter }: { pair: { first: Side; second: Side }; voter: Voter }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const canVote = voter?.canVote ?? false;
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const hydrated = useHydrated();

  const pick = (choice: BattleChoice) => {
    if (!canVote || busy) return;
    void submit({ first: String(pair.first.id), second: String(pair.second.id), choice }, { method: 'post' });
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if ((event.target as HTMLElement | null)?.closest('input, textarea, select, [contenteditable]')) return;
      const choice = event.key === 'ArrowLeft' ? 'first' : event.key === 'ArrowRight' ? 'second' : null;
      if (!choice || !canVote) return;
      event.preventDefault();
      pick(choice);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  });

  return (
    <section aria-labelledby="battle-title" className="mt-8">
      <h2 id="battle-title" className="sr-only">
        Which rig is better?
      </h2>
      <div
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6"
        onTouchStart={(event) => {
          const touch = event.touches[0];
          touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
        }}
        onTouchEnd={(event) => {
          const start = touchStart.current;
          const touch = event.changedTouches[0];
          touchStart.current = null;
          if (!start || !touch) return;
          const dx = touch.clientX - start.x;
          const dy = touch.clientY - start.y;
          if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 2 * Math.abs(dy)) pick(dx < 0 ? 'first' : 'second');
        }}
      >
        <Contender side={pair.first} letter="A" choice="first" pair={pair} canVote={canVote} busy={busy} priority />
        <Contender side={pair.second} letter="B" choice="second" pair={pair} canVote={canVote} busy={busy} />
      </div>
      <div className="mt-5 flex flex-col items-center gap-3 text-center">
        {canVote ? (
          <>
            <Form method="post">
              <PairFields pair={pair} choice="draw" />
              <button type="submit" className={buttonClass('ghost', 'md')} disabled={busy}>
                Can&apos;t decide
              </button>
            </Form>
            {/* The keys and the swipe work only with JavaScript: without it the page does not offer them. */}
            {hydrated ? (
              <>
                <p className="hidden text-sm text-muted sm:block">Keyboard: ← picks A, → picks B.</p>
                <p className="text-sm text-muted sm:hidden">Swipe left for A, right for B.</p>
              </>
            ) : null}
          </>
        ) : voter ? (
          <p className="panel max-w-xl p-4 text-sm">
            Battle votes open at level {voter.minLevel} or once your account is a week old: share a build or rate a few to get there.
          </p>
        ) : (
          <SignInToVote />
        )}
      </div>
    </section>
  );
}

function Contender({
  side,
  letter,
  choice,
  pair,
  canVote,
  busy,
  priority = false,
}: {
  side: Side;
  letter: 'A' | 'B';
  choice: 'first' | 'second';
  pair: { first: Side; second: Side };
  canVote: boolean;
  busy: boolean;
  priority?: boolean;
}) {
  return (
    <figure className="panel grid min-w-0 grid-cols-1 overflow-hidden">
      <div className="relative aspect-[4/3] bg-void">
        {side.image ? (
          <ResponsiveImage image={side.image} alt={side.alt} sizes={SIZES} priority={priority} className="h-full w-full object-cover" />
        ) : null}
        <span aria-hidden="true" className="display absolute left-3 top-3 rounded-lg bg-void/85 px-3 py-1 text-2xl text-neon-cyan">
          {letter}
        </span>
      </div>
      <figcaption className="flex items-center justify-between gap-3 p-3">
        <span className="font-semibold">Build {letter}</span>
        {canVote ? (
          <Form method="post">
            <PairFields pair={pair} choice={choice} />
            <button type="submit" className={buttonClass('hot', 'md')} disabled={busy}>
              Pick {letter}
            </button>
          </Form>
        ) : null}
      </figcaption>
    </figure>
  );
}

function PairFields({ pair, choice }: { pair: { first: Side; second: Side }; choice: BattleChoice }) {
  return (
    <>
      <input type="hidden" name="first" value={pair.first.id} />
      <input type="hidden" name="second" value={pair.second.id} />
      <input type="hidden" name="choice" value={choice} />
    </>
  );
}

function SignInToVote() {
  const location = useLocation();
  const back = encodeURIComponent(location.pathname + location.search);
  return (
    <p className="panel max-w-xl p-4 text-sm">
      <Link to={`/auth?redirectTo=${back}`} className="font-semibold text-neon-cyan hover:underline">
        Sign in to vote
      </Link>{' '}
      in Rig Battles: one vote per member for each pair.
    </p>
  );
}
