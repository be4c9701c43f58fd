import { type KeyboardEvent, lazy, Suspense, type TouchEvent, useRef, useState } from 'react';
import { Link, type Location, useLocation, useNavigate } from 'react-router';
import { ResponsiveImage } from '~/components/responsive-image';
import { SharedRegion } from '~/components/shared-region';
import { useHydrated } from '~/components/use-hydrated';
import type { ImageSources } from '~/images/variants';
import { buildPhotoPath, VIEWER_PHOTO_PARAM, viewerPhoto } from '~/utils/page-query';

export type GalleryPhoto = { image: ImageSources; fullSize: string | null; alt: string };

// The viewer and its library are fetched when it is first opened, not with the page.
const PhotoViewer = lazy(() => import('./photo-viewer'));

/** A swipe shorter than this is a tap or a scroll that wandered. */
const SWIPE_MIN_PX = 40;

/** History state of an address the viewer pushed: closing it goes back, as the browser's Back does. */
type ViewerState = { viewerOpened?: true };

/** This page with its viewer on photo `n` (from 1), or closed (`null`): its other parameters kept. */
function withViewer(location: Location, n: number | null) {
  const params = new URLSearchParams(location.search);
  if (n === null) params.delete(VIEWER_PHOTO_PARAM);
  else params.set(VIEWER_PHOTO_PARAM, String(n));
  const search = params.toString();
  return { pathname: location.pathname, search: search ? `?${search}` : '' };
}

/**
 * The build's photos: the first large, the others as thumbnails. Each links to
 * its own page (/build/:id/photos/N), which is all there is without JavaScript.
 * With it a thumbnail shows its photo in the large place, the arrow keys step
 * through them and a swipe on the photo turns it; the large photo opens the
 * full-screen viewer, whose address is the photo's page (Back closes it).
 */
export function PhotoGallery({ buildId, title, photos }: { buildId: number; title: string; photos: GalleryPhoto[] }) {
  const [shown, setShown] = useState(0);
  const swipeFrom = useRef<number | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const current = photos[shown] ?? photos[0];
  if (!current) return null;
  const step = (by: number) => setShown((index) => (index + by + photos.length) % photos.length);
  const open = viewerPhoto(new URLSearchParams(location.search));
  const viewing = hydrated && open !== null && open <= photos.length ? open - 1 : null;

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

  const viewerNavigation = { preventScrollReset: true, defaultShouldRevalidate: false } as const;
  function stepViewer(index: number) {
    setShown(index);
    void navigate(withViewer(location, index + 1), {
      ...viewerNavigation,
      replace: true,
      state: location.state as ViewerState,
      mask: buildPhotoPath(buildId, index + 1),
    });
  }
  function closeViewer() {
    if ((location.state as ViewerState | null)?.viewerOpened) void navigate(-1);
    else void navigate(withViewer(location, null), { ...viewerNavigation, replace: true });
  }

  return (
    <>
      <SharedRegion name="build-photo" deps={[buildId, photos]}>
        <section aria-label="Photos" aria-roledescription="gallery" onKeyDown={onKeyDown} className="grid gap-3">
          <Link
            to={withViewer(location, shown + 1)}
            mask={buildPhotoPath(buildId, shown + 1)}
            state={{ viewerOpened: true } satisfies ViewerState}
            {...viewerNavigation}
            className="block overflow-hidden rounded-2xl border border-line"
            aria-label={photos.length > 1 ? `Open the photo full screen (${shown + 1} of ${photos.length})` : 'Open the photo full screen'}
            onTouchStart={(event) => {
              swipeFrom.current = event.touches[0]?.clientX ?? null;
            }}
            onTouchEnd={onTouchEnd}
            data-testid="gallery-main"
          >
            <ResponsiveImage
              key={shown}
              image={current.image}
              alt={current.alt}
              sizes="(min-width: 1024px) 40rem, 100vw"
              priority={shown === 0}
              // Drawn as wide as the frame: a photo whose widest copy is narrower would leave a strip beside it.
              className="w-full"
            />
          </Link>
          {photos.length > 1 ? (
            <ul className="flex flex-wrap gap-2" aria-label="All photos (arrow keys step through them)">
              {photos.map((photo, index) => (
                <li key={photo.image.src}>
                  <a
                    href={buildPhotoPath(buildId, index + 1)}
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
      {viewing === null ? null : (
        <Suspense fallback={null}>
          <PhotoViewer photos={photos} index={viewing} title={title} onStep={stepViewer} onClose={closeViewer} />
        </Suspense>
      )}
    </>
  );
}
