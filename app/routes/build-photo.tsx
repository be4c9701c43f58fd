import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/build-photo';
import { ResponsiveImage } from '~/components/responsive-image';
import { buttonClass } from '~/components/ui/button';
import { galleryPhotos } from '~/models/build-photos.server';
import { canSeeBuild, findBuildDetail } from '~/models/builds.server';
import { perDataVersion } from '~/models/version-cache.server';
import { currentUser } from '~/web/session.server';
import { pageMeta } from '~/utils/meta';
import { notFound } from '~/utils/not-found';
import { buildPhotoPath } from '~/utils/page-query';
import { buildPath } from '~/utils/build-path';
import { photoAlt } from '~/domain/photo-alt';
import { positiveInt } from '~/utils/query';

/** A build's photos as its page shows them, read once per change of the data. */
const buildPhotos = perDataVersion((id: number) => {
  const detail = findBuildDetail(id);
  return detail ? { detail, photos: galleryPhotos(detail) } : null;
});

/**
 * One photo of a build on a page of its own (N from 1, the main photo): what the
 * main photo links to, and what the photo viewer's address names. The build page's
 * rules: only the photos it shows, to whom it shows them.
 */
export function loader(args: Route.LoaderArgs) {
  const id = positiveInt(args.params.id);
  const page = id === null ? null : buildPhotos(id);
  if (!page || !canSeeBuild(page.detail, currentUser(args))) throw notFound('build');
  const n = positiveInt(args.params.n);
  const photo = n === null ? undefined : page.photos[n - 1];
  if (n === null || !photo) throw notFound('photo');
  return {
    build: { id: page.detail.id, title: page.detail.title },
    photo,
    n,
    count: page.photos.length,
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  // Named by the build, not by its description: the page's title says where the reader is.
  ...pageMeta(
    loaderData ? photoAlt(null, loaderData.build.title, loaderData.n - 1) : 'Photo',
    'A photo of a PC build on RigRoast, with its AI roast, ratings and comments.',
  ),
  // The build's page is the one to find: its photos' pages are for looking.
  { name: 'robots', content: 'noindex' },
];

export default function BuildPhoto({ loaderData }: Route.ComponentProps) {
  const { build, photo, n, count } = loaderData;
  const previous = n > 1 ? buildPhotoPath(build.id, n - 1) : null;
  const next = n < count ? buildPhotoPath(build.id, n + 1) : null;
  const navigate = useNavigate();

  // With JavaScript the arrow keys turn the photos, as in the viewer.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if ((event.target as HTMLElement | null)?.closest('input, textarea, select, [contenteditable]')) return;
      const to = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : null;
      if (!to) return;
      event.preventDefault();
      void navigate(to, { replace: true });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, previous, next]);

  return (
    <article className="mx-auto grid w-full max-w-6xl gap-4 px-4 py-6 sm:py-8">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h1 className="display wrap-anywhere min-w-0 text-2xl sm:text-3xl">
          <Link to={buildPath(build.id)} className="hover:text-neon-cyan">
            {build.title}
          </Link>
        </h1>
        <p className="text-sm text-muted" aria-live="polite">
          Photo {n} of {count}
        </p>
      </header>
      <figure className="grid gap-2">
        <ResponsiveImage
          key={photo.image.src}
          image={photo.image}
          alt={photo.alt}
          sizes="(min-width: 1152px) 72rem, 100vw"
          priority
          className="mx-auto h-auto max-h-[calc(100svh-14rem)] w-auto max-w-full rounded-xl object-contain"
        />
        <figcaption className="text-center text-sm text-muted">{photo.alt}</figcaption>
      </figure>
      {/* On a phone the way back has a row of its own under Previous and Next: between them it broke into a word a line. */}
      <nav aria-label="Photos of this build" className="grid grid-cols-2 items-center gap-3 sm:grid-cols-[1fr_auto_1fr]">
        <div>
          {previous ? (
            <Link to={previous} replace rel="prev" className={buttonClass('ghost', 'md')}>
              <span aria-hidden="true">&larr;</span> Previous<span className="sr-only"> photo</span>
            </Link>
          ) : null}
        </div>
        <Link
          to={buildPath(build.id)}
          className={buttonClass('quiet', 'md', 'col-span-2 row-start-2 justify-self-center sm:col-span-1 sm:row-start-auto')}
        >
          Back to the build
        </Link>
        <div className="justify-self-end">
          {next ? (
            <Link to={next} replace rel="next" className={buttonClass('ghost', 'md')}>
              Next<span className="sr-only"> photo</span> <span aria-hidden="true">&rarr;</span>
            </Link>
          ) : null}
        </div>
      </nav>
      {photo.fullSize ? (
        <p className="text-center text-sm">
          <a href={photo.fullSize} className="text-muted underline underline-offset-2 hover:text-ink">
            Open the image file
          </a>
        </p>
      ) : null}
    </article>
  );
}
