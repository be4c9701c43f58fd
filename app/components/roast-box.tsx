import { type ReactNode, useEffect, useState } from 'react';
import { LogoMark } from '~/components/logo';
import { SharedRegion } from '~/components/shared-region';
import { usePoll } from '~/components/use-poll';
import { ROAST_INTENSITY_LABELS } from '~/domain/roast-intensity';
import type { RoastView } from '~/roast/facts';
import { JOKE_ROTATION_MS, ROAST_POLL_MS } from '~/utils/constants';
import { PLACES } from '~/utils/places';

const jokes = [
  'Is that RGB or a small nightclub?',
  'Counting the zip ties you forgot to cut...',
  'Estimating how many fans is too many fans...',
  'Checking whether the cable management was optional...',
  'Measuring the dust bunnies for the leaderboard...',
  'Wondering if the GPU is load-bearing...',
];

/**
 * The "AI ROAST" box: the roast with what the AI spotted and who wrote it; the
 * waiting view while the AI is at it; or what happened instead (a failed roast,
 * a photo held for review or rejected). `children` holds the owner's actions.
 * `paused`: the visitor stopped the page updating itself (`?updates=off`).
 */
export function RoastBox({ view, paused = false, children }: { view: RoastView; paused?: boolean; children?: ReactNode }) {
  return (
    <section id={PLACES.roast} aria-labelledby="roast-title" className="panel relative overflow-hidden p-6">
      <h2 id="roast-title" className="flex items-center gap-2 text-sm font-black uppercase tracking-widest text-neon-pink">
        <LogoMark className="size-6" />
        AI Roast
      </h2>
      <SharedRegion name="roast" deps={[view, paused]} className="contents">
        <RoastContent view={view} paused={paused} />
      </SharedRegion>
      {children}
    </section>
  );
}

function RoastContent({ view, paused }: { view: RoastView; paused: boolean }) {
  switch (view.state) {
    case 'roasted':
      return (
        <>
          <p className="mt-3">
            <span className="rounded-full border border-neon-pink/60 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wider text-neon-pink">
              <span className="sr-only">Intensity: </span>
              {ROAST_INTENSITY_LABELS[view.intensity]}
            </span>
          </p>
          <p className="mt-3 whitespace-pre-line text-lg leading-relaxed text-ink">{view.text}</p>
          <p className="mt-3 text-xs font-semibold uppercase tracking-wider text-muted">Roasted by {view.author}</p>
          {view.spotted.length > 0 ? (
            <div className="mt-5 border-t border-line pt-4">
              <h3 className="text-sm font-bold text-ink">What the AI spotted</h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {view.spotted.map((item) => (
                  // Rounded, not a pill: a long part's name wraps, and its lines would run into a pill's curved ends.
                  <li key={item} className="rounded-2xl border border-line bg-panel-2 px-3 py-1 text-sm text-muted">
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {view.advice.length > 0 ? (
            <div className="mt-5 border-t border-line pt-4">
              <h3 id="roast-advice-title" className="text-sm font-bold text-ink">
                Serious advice
              </h3>
              <ul
                aria-labelledby="roast-advice-title"
                className="mt-2 grid list-disc gap-2 pl-5 text-sm leading-relaxed text-ink marker:text-neon-cyan"
              >
                {view.advice.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      );
    case 'waiting':
      return <Waiting paused={paused} />;
    case 'failed':
      return (
        <p className="mt-4 text-ink">
          Our roaster is lost for words on this one: every attempt to roast this build failed. The build is still here to be rated and
          discussed.
        </p>
      );
    case 'held':
      return (
        <Verdict title="Under review" reason={view.reason}>
          Only you and our moderators can see this build until one of them has looked at it. The roast follows once it is approved.
        </Verdict>
      );
    case 'rejected':
      return (
        <Verdict title="Not published" reason={view.reason}>
          Only you can see this build. Please check the content guidelines on the upload page.
        </Verdict>
      );
  }
}

/** Screening's decision, as the owner sees it. */
function Verdict({ title, reason, children }: { title: string; reason: string; children: ReactNode }) {
  return (
    <div className="mt-4 grid gap-2" role="status">
      <p className="font-bold text-flame">{title}</p>
      <p className="text-ink">{reason}</p>
      <p className="text-sm text-muted">{children}</p>
    </div>
  );
}

/** The roast being written; once the visitor stopped the page updating itself, it holds still: no poll, no new joke, no spinner. */
function Waiting({ paused }: { paused: boolean }) {
  const [joke, setJoke] = useState(0);
  // With JavaScript the page asks again every 5 s until the roast is there; the
  // server adds a meta refresh for browsers without it.
  usePoll(ROAST_POLL_MS, Infinity, !paused);
  useEffect(() => {
    if (paused) return;
    const rotate = setInterval(() => setJoke((current) => (current + 1) % jokes.length), JOKE_ROTATION_MS);
    return () => clearInterval(rotate);
  }, [paused]);

  return (
    <div className="mt-4 grid gap-3" role="status" aria-live="polite">
      <p className="flex items-center gap-3 text-lg font-bold text-ink">
        {paused ? null : (
          <span aria-hidden="true" className="size-5 shrink-0 animate-spin rounded-full border-2 border-neon-cyan border-t-transparent" />
        )}
        AI is analyzing your PC build...
      </p>
      <p className="text-muted">{jokes[joke]}</p>
    </div>
  );
}
