import { toast } from '~/components/toaster';
import { buttonClass } from '~/components/ui/button';
import { useHydrated } from '~/components/use-hydrated';

/** The networks' own share-intent addresses (spec §9: Facebook, Twitter, LinkedIn). */
export function shareIntents(url: string, title: string) {
  const link = encodeURIComponent(url);
  const text = encodeURIComponent(`${title} got roasted on RigRoast`);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${link}` },
    { name: 'Twitter', href: `https://twitter.com/intent/tweet?url=${link}&text=${text}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${link}` },
  ];
}

/**
 * A share link with the ways to pass it on. The link sits in a read-only field
 * anyone can select and copy; with JavaScript a button copies it too.
 */
export function ShareOptions({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied' });
    } catch {
      toast({ kind: 'error', title: 'Failed to copy link', description: 'Please try again' });
    }
  }

  return (
    <div className="grid gap-5">
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
            className="min-w-0 flex-1 rounded-lg border border-line bg-void px-3 py-2 text-sm text-ink"
          />
          {hydrated ? (
            <button type="button" className={buttonClass('primary', 'md')} onClick={() => void copy()}>
              Copy link
            </button>
          ) : null}
        </div>
      </div>
      <ul className="flex flex-wrap gap-3" aria-label="Share on">
        {shareIntents(url, title).map((intent) => (
          <li key={intent.name}>
            <a href={intent.href} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost', 'md')}>
              {intent.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
