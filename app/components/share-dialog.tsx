import { useEffect, useRef, useState } from 'react';
import { ShareOptions } from '~/components/share-options';
import { toast } from '~/components/toaster';
import { buttonClass } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';

const FAILED = 'Failed to generate share link. Please try again.';

/**
 * The Share dialog (docs/product.md §2): asks the server for the build's share link once when
 * it opens, then offers the networks and copying. Only with JavaScript; without,
 * the Share button posts to the share page instead.
 */
export function ShareDialog({ buildId, title, onClose }: { buildId: number; title: string; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    fetch(`/api/builds/${buildId}/share`, { method: 'POST', headers: { Accept: 'application/json' } })
      .then(async (response) => {
        const body = (await response.json()) as { shareUrl?: string };
        if (!response.ok || !body.shareUrl) throw new Error(FAILED);
        setUrl(body.shareUrl);
      })
      .catch(() => {
        toast({ kind: 'error', title: FAILED });
        onClose();
      });
  }, [buildId, onClose]);

  return (
    <Modal labelledBy="share-title" onClose={onClose}>
      <div className="grid gap-5 p-6">
        <h2 id="share-title" className="display text-2xl">
          Share this build
        </h2>
        {url ? (
          <ShareOptions url={url} title={title} />
        ) : (
          <p role="status" className="text-muted">
            Generating shareable link...
          </p>
        )}
        <button type="button" onClick={onClose} className={buttonClass('ghost', 'md', 'justify-self-end')}>
          Close
        </button>
      </div>
    </Modal>
  );
}
