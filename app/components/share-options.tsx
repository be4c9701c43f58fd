import { useSyncExternalStore } from 'react';
import { ShareIcon } from '~/components/icons';
import { toast } from '~/components/toaster';
import { buttonClass } from '~/components/ui/button';
import { useHydrated } from '~/components/use-hydrated';

/**
 * The places a link is passed on through their own share-intent addresses: where
 * builders talk (Reddit, WhatsApp), then those the product spec requires
 * (Facebook, Twitter, LinkedIn). Discord has none: its link is copied, listed
 * between the two (ShareOptions; docs/decisions/025-share-places.md).
 */
export function shareIntents(url: string, title: string) {
  const link = encodeURIComponent(url);
  const line = `${title} got roasted on RigRoast`;
  const text = encodeURIComponent(line);
  return {
    builders: [
      { name: 'Reddit', href: `https://www.reddit.com/submit?url=${link}&title=${text}` },
      { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${line} ${url}`)}` },
    ],
    spec: [
      { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${link}` },
      { name: 'Twitter', href: `https://twitter.com/intent/tweet?url=${link}&text=${text}` },
      { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${link}` },
    ],
  };
}

type ShareIntent = ReturnType<typeof shareIntents>['builders'][number];

function IntentItem({ intent }: { intent: ShareIntent }) {
  return (
    <li>
      <a href={intent.href} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost', 'md')}>
        {intent.name}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </li>
  );
}

const subscribe = () => () => {};

/** Whether the browser has a system share sheet (phones, most desktops but Linux); never in the server's HTML. */
function useSystemShare(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof navigator.share === 'function',
    () => false,
  );
}

/**
 * A share link with the ways to pass it on. The link sits in a read-only field
 * anyone can select and copy; with JavaScript a button copies it too, another
 * copies it for Discord, and where the browser has a system share sheet a
 * Share button opens it, first.
 */
export function ShareOptions({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const systemShare = useSystemShare();
  const intents = shareIntents(url, title);

  async function copy(where?: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: where ? `Paste it in ${where}.` : undefined });
    } catch {
      toast({ kind: 'error', title: 'Failed to copy link', description: 'Please try again' });
    }
  }

  async function shareSheet() {
    try {
      await navigator.share({ title, text: `${title} got roasted on RigRoast`, url });
    } catch (error) {
      // Closing the sheet without choosing is no failure.
      if ((error as Error).name === 'AbortError') return;
      toast({ kind: 'error', title: 'Could not open the share menu', description: 'Copy the link or choose a place below.' });
    }
  }

  return (
    <div className="grid gap-5">
      {systemShare ? (
        <button type="button" className={buttonClass('hot', 'md', 'w-full')} onClick={() => void shareSheet()}>
          <ShareIcon />
          {'Share\u2026'}
        </button>
      ) : null}
      <div className="grid gap-2">
        <label htmlFor="share-link" className="text-sm font-semibold">
          Share link
        </label>
        <div className="flex gap-2">
          <input
            id="share-link"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            aria-describedby="share-link-hint"
            className="min-w-0 flex-1 rounded-lg border border-line bg-void px-3 py-2 text-sm text-ink"
          />
          {hydrated ? (
            <button type="button" className={buttonClass('primary', 'md')} onClick={() => void copy()}>
              Copy link
            </button>
          ) : null}
        </div>
        <p id="share-link-hint" className="text-xs text-muted">
          For Discord, a group chat or a forum: copy the link and paste it there.
        </p>
      </div>
      <ul className="flex flex-wrap gap-3" aria-label="Share on">
        {intents.builders.map((intent) => (
          <IntentItem key={intent.name} intent={intent} />
        ))}
        {hydrated ? (
          <li>
            <button type="button" className={buttonClass('ghost', 'md')} onClick={() => void copy('Discord')}>
              Copy link for Discord
            </button>
          </li>
        ) : null}
        {intents.spec.map((intent) => (
          <IntentItem key={intent.name} intent={intent} />
        ))}
      </ul>
    </div>
  );
}
