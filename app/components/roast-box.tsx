import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { LogoMark } from '~/components/logo';
import { JOKE_ROTATION_MS, ROAST_POLL_MS } from '~/utils/constants';

const jokes = [
  'Is that RGB or a small nightclub?',
  'Counting the zip ties you forgot to cut...',
  'Estimating how many fans is too many fans...',
  'Checking whether the cable management was optional...',
  'Measuring the dust bunnies for the leaderboard...',
  'Wondering if the GPU is load-bearing...',
];

/** The "AI ROAST" box: the roast, or the waiting view while the AI is still at it. */
export function RoastBox({ roast }: { roast: string }) {
  return (
    <section aria-labelledby="roast-title" className="panel relative overflow-hidden p-6">
      <h2 id="roast-title" className="flex items-center gap-2 text-sm font-black uppercase tracking-widest text-neon-pink">
        <LogoMark className="size-6" />
        AI Roast
      </h2>
      {roast ? <p className="mt-4 whitespace-pre-line text-lg leading-relaxed text-ink">{roast}</p> : <Waiting />}
    </section>
  );
}

function Waiting() {
  const [joke, setJoke] = useState(0);
  const revalidator = useRevalidator();

  // With JavaScript the page asks again every 5 s until the roast is there; the
  // server adds a meta refresh for browsers without it.
  useEffect(() => {
    const poll = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, ROAST_POLL_MS);
    const rotate = setInterval(() => setJoke((current) => (current + 1) % jokes.length), JOKE_ROTATION_MS);
    return () => {
      clearInterval(poll);
      clearInterval(rotate);
    };
  }, [revalidator]);

  return (
    <div className="mt-4 grid gap-3" role="status" aria-live="polite">
      <p className="flex items-center gap-3 text-lg font-bold text-ink">
        <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-neon-cyan border-t-transparent motion-reduce:animate-none" />
        AI is analyzing your PC build...
      </p>
      <p className="text-muted">{jokes[joke]}</p>
    </div>
  );
}
