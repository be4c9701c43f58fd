import { Link } from 'react-router';
import type { ImageSources } from '~/images/variants';
import { ResponsiveImage } from '~/components/responsive-image';
import { Stars } from '~/components/stars';
import { buttonClass } from '~/components/ui/button';
import { PROFILE_SKELETON_COUNT } from '~/utils/constants';
import { shortDate } from '~/utils/dates';
import { buildPath } from '~/utils/build-path';
import { counted } from '~/utils/count';

type Build = {
  id: number;
  title: string;
  createdAt: number;
  averageRating: number;
  ratingCount: number;
  image: ImageSources | null;
  /** What a screen reader says of the photo (domain/photo-alt.ts). */
  imageAlt: string;
  reviewStatus: 'pending' | 'approved' | 'held' | 'rejected';
};

/** What the owner is told about a build that is not listed (yet). */
const REVIEW_LABELS = { pending: 'Being screened', held: 'Under review', rejected: 'Not published' } as const;

/** `suspended`: the member may not upload until their suspension ends, so nothing offers it. */
export function BuildsTab({ builds, loading, suspended = false }: { builds: Build[]; loading: boolean; suspended?: boolean }) {
  if (loading) {
    return (
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading your builds">
        {Array.from({ length: PROFILE_SKELETON_COUNT }, (_, index) => (
          <li key={index} className="panel h-48 animate-pulse" />
        ))}
      </ul>
    );
  }
  if (builds.length === 0) {
    return (
      <div className="panel grid place-items-center gap-3 p-10 text-center">
        <p className="text-xl font-bold">No builds yet</p>
        {suspended ? (
          <p className="text-muted">You can upload your first build once your suspension ends.</p>
        ) : (
          <>
            <p className="text-muted">Upload your first PC build to get started!</p>
            <Link to="/upload" className={`${buttonClass('hot', 'md')} mt-2`}>
              Upload New Build
            </Link>
          </>
        )}
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {builds.map((build) => (
        <li key={build.id} className="panel flex flex-col gap-2 overflow-hidden pb-5">
          <div className="aspect-[4/3] overflow-hidden bg-void">
            {build.image ? (
              <ResponsiveImage
                image={build.image}
                alt={build.imageAlt}
                sizes="(min-width: 1280px) 16rem, (min-width: 640px) 50vw, 100vw"
                className="h-full w-full object-cover"
              />
            ) : null}
          </div>
          <div className="grid gap-2 px-5">
            <h2 dir="auto" className="truncate text-lg font-bold">
              {build.title}
            </h2>
            {build.reviewStatus === 'approved' ? null : (
              <p className="justify-self-start rounded-full border border-flame/60 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wider text-flame">
                {REVIEW_LABELS[build.reviewStatus]}
              </p>
            )}
            <p className="text-sm text-muted">{shortDate(build.createdAt)}</p>
            <p className="flex items-center gap-2 text-sm text-muted">
              <Stars value={build.averageRating} />({counted(build.ratingCount, 'rating', 'ratings')})
            </p>
            <Link to={buildPath(build.id)} className={`${buttonClass('ghost', 'sm')} mt-2 justify-self-start`}>
              View Details<span className="sr-only">: {build.title}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
