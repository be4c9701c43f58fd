import { useEffect, useState } from 'react';
import { ArrowUpIcon } from '~/components/icons';
import { BACK_TO_TOP_THRESHOLD_PX } from '~/utils/constants';

/**
 * A button in the sticky header that appears once the page is scrolled past the
 * threshold. In the header, not floating over the page, it covers nothing a
 * visitor reads or presses (on a phone a floating one sat on comments and on the
 * upload button). Without JavaScript the footer's link does its work.
 */
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
    // The first look too waits for a frame: read in this effect, right after hydration, the
    // scroll position made the browser work out the page's styles then and there, inside
    // the task that runs every effect of the page.
    onScroll();
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
      className="inline-flex size-9 items-center justify-center rounded-full border border-neon-cyan/60 text-neon-cyan hover:bg-panel-2"
      aria-label="Back to top"
    >
      <ArrowUpIcon />
    </button>
  );
}
