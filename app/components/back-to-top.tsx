import { useEffect, useState } from 'react';
import { ArrowUpIcon } from '~/components/icons';
import { BACK_TO_TOP_THRESHOLD_PX } from '~/utils/constants';

/** A floating button that appears once the page is scrolled past the threshold. */
export function BackToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
      className="fixed bottom-5 right-5 z-30 grid size-12 place-items-center rounded-full border border-neon-cyan/60 bg-panel text-neon-cyan shadow-glow-cyan hover:bg-panel-2"
      aria-label="Back to top"
    >
      <ArrowUpIcon />
    </button>
  );
}
