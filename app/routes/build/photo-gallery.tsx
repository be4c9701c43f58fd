import { type KeyboardEvent, type TouchEvent, useRef, useState } from 'react';
import { ResponsiveImage } from '~/components/responsive-image';
import { SharedRegion } from '~/components/shared-region';
import type { ImageSources } from '~/images/variants';

export type GalleryPhoto = { image: ImageSources; fullSize: string | null; alt: string };

/** A swipe shorter than this is a tap or a scroll that wandered. */
const SWIPE_MIN_PX = 40;

/**
 * The build's photos: the first large, the others as thumbnails. Without JavaScript each
 * is a plain link to its full-size file; with it a thumbnail shows its photo in the large
 * place, the arrow keys step through them and a swipe on the photo turns it.
 */
export function PhotoGallery({ photos }: { photos: GalleryPhoto[] }) {
  const [shown, setShown] = useState(0);
  const swipeFrom = useRef<number | null>(null);
  const current = photos[shown] ?? photos[0];
  if (!current) return null;
  const step = (by: number) => setShown((index) => (index + by + photos.length) % photos.length);

  function onKeyDown(event: KeyboardEvent) {
    if (photos.length < 2) return;
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  }
  function onTouchEnd(event: TouchEvent) {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    const to = event.changedTouches[0]?.clientX;
    if (from === null || to === undefined || Math.abs(to - from) < SWIPE_MIN_PX) return;
    step(to < from ? 1 : -1);
  }

  return (
    <SharedRegion name="build-photo" deps={[photos]}>
      <section aria-label="Photos" aria-roledescription="gallery" onKeyDown={onKeyDown} className="grid gap-3">
        <a
          href={current.fullSize ?? undefined}
          className="block overflow-hidden rounded-2xl border border-line"
          aria-label={photos.length > 1 ? `Open the full-size photo (${shown + 1} of ${photos.length})` : 'Open the full-size photo'}
          onTouchStart={(event) => {
            swipeFrom.current = event.touches[0]?.clientX ?? null;
          }}
          onTouchEnd={onTouchEnd}
          data-testid="gallery-main"
        >
          <ResponsiveImage key={shown} image={current.image} alt={current.alt} sizes="(min-width: 1024px) 40rem, 100vw" priority={shown === 0} />
        </a>
        {photos.length > 1 ? (
          <ul className="flex flex-wrap gap-2" aria-label="All photos (arrow keys step through them)">
            {photos.map((photo, index) => (
              <li key={photo.image.src}>
                <a
                  href={photo.fullSize ?? undefined}
                  aria-current={index === shown ? 'true' : undefined}
                  aria-label={`Photo ${index + 1} of ${photos.length}`}
                  onClick={(event) => {
                    event.preventDefault();
                    setShown(index);
                  }}
                  className="block size-16 overflow-hidden rounded-lg border-2 border-line aria-[current=true]:border-neon-cyan sm:size-20"
                >
                  <ResponsiveImage image={photo.image} alt="" sizes="5rem" className="size-full object-cover" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </SharedRegion>
  );
}
