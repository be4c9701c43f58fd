import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { AI_REPLY_POLL_LIMIT_MS, AI_REPLY_POLL_MS } from '~/utils/constants';

/**
 * While RoastBot's answer to the viewer is on its way, the page reads its data again
 * every few seconds (only while the tab is visible, and for a minute at most), so the
 * reply shows when it lands. Without JavaScript the page's meta refresh does it.
 */
export function ReplyPoll() {
  const revalidator = useRevalidator();
  // When the wait began: the revalidator changes with every look, the limit must not restart.
  const since = useRef<number | null>(null);
  useEffect(() => {
    since.current ??= Date.now();
    const started = since.current;
    const poll = setInterval(() => {
      if (Date.now() - started > AI_REPLY_POLL_LIMIT_MS) clearInterval(poll);
      else if (document.visibilityState === 'visible' && revalidator.state === 'idle') void revalidator.revalidate();
    }, AI_REPLY_POLL_MS);
    return () => clearInterval(poll);
  }, [revalidator]);
  return null;
}
