import { usePoll } from '~/components/use-poll';
import { AI_REPLY_POLL_LIMIT_MS, AI_REPLY_POLL_MS } from '~/utils/constants';

/**
 * While RoastBot's answer to the viewer is on its way, the page reads its data again
 * every few seconds (for a minute at most), so the reply shows when it lands.
 */
export function ReplyPoll() {
  usePoll(AI_REPLY_POLL_MS, AI_REPLY_POLL_LIMIT_MS);
  return null;
}
