import { Link } from 'react-router';
import { AI_NAME } from '~/utils/constants';
import type { PageUpdates } from './page-updates';

const ON_ITS_WAY: Record<PageUpdates['waitsFor'], string> = {
  roast: 'The AI roast is on its way.',
  model: "The AI model's roast is on its way.",
  reply: `${AI_NAME} is writing a reply.`,
};

const LINK = 'font-semibold whitespace-nowrap text-neon-cyan underline underline-offset-2 hover:text-ink';

/**
 * Tells the visitor the page updates itself while it waits, with a link that stops it;
 * stopped, links that check again and resume (page-updates.ts). Plain links, the same with
 * JavaScript and without. `says`: whether to name what it waits for (not beside RoastBot's
 * own "is writing a reply").
 */
export function UpdatesNotice({ updates, says = true, className = '' }: { updates: PageUpdates; says?: boolean; className?: string }) {
  return (
    <p className={`flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm ${className}`}>
      <span className="text-muted">
        {says ? `${ON_ITS_WAY[updates.waitsFor]} ` : null}
        {updates.on ? 'This page updates every few seconds.' : 'Updates paused.'}
      </span>
      {updates.on ? (
        <Link to={updates.stop} className={LINK}>
          Stop updating
        </Link>
      ) : (
        <>
          <Link to={updates.check} className={LINK}>
            Check again
          </Link>
          <Link to={updates.resume} className={LINK}>
            Resume updates
          </Link>
        </>
      )}
    </p>
  );
}
