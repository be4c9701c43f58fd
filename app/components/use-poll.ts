import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

/**
 * While mounted, the page reads its data again every `everyMs` (only while the tab is
 * visible and no read is under way), for `limitMs` at most, so what the server is still
 * writing shows when it lands. Without JavaScript the page's meta refresh does it.
 * Not while `on` is false: the visitor stopped the page updating itself.
 */
export function usePoll(everyMs: number, limitMs = Infinity, on = true): void {
  const revalidator = useRevalidator();
  // When the wait began: the revalidator changes with every read, the limit must not restart.
  const since = useRef<number | null>(null);
  useEffect(() => {
    if (!on) return;
    since.current ??= Date.now();
    const started = since.current;
    const poll = setInterval(() => {
      if (Date.now() - started > limitMs) clearInterval(poll);
      else if (document.visibilityState === 'visible' && revalidator.state === 'idle') void revalidator.revalidate();
    }, everyMs);
    return () => clearInterval(poll);
  }, [revalidator, everyMs, limitMs, on]);
}
