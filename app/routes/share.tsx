import { data, Link } from 'react-router';
import type { Route } from './+types/share';
import { ResponsiveImage } from '~/components/responsive-image';
import { RatingSummary } from '~/components/rating-summary';
import { buttonClass } from '~/components/ui/button';
import { imageSource } from '~/images/records.server';
import { findSharedBuild } from '~/models/shares.server';
import { buildSocial } from '~/models/social-cards.server';
import { pageMeta, socialMeta } from '~/utils/meta';
import { MemberLink } from '~/components/member-link';
import { buildPath } from '~/utils/build-path';
import { photoAlt } from '~/domain/photo-alt';

export function loader({ params }: Route.LoaderArgs) {
  const build = findSharedBuild(params.token);
  if (!build) return data({ build: null, image: null, social: null }, { status: 404 });
  return {
    build: {
      id: build.id,
      title: build.title,
      username: build.username,
      roast: build.roast,
      averageRating: build.averageRating,
      ratingCount: build.ratingCount,
      imageAlt: photoAlt(build.photoAlt, build.title),
    },
    image: imageSource(build.imageId),
    social: buildSocial(build),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => {
  const social = loaderData?.social;
  return [
    ...pageMeta(loaderData?.build?.title ?? 'Shared build', social?.description ?? 'A PC build shared from RigRoast, with its AI roast.'),
    ...(social ? socialMeta(social) : []),
  ];
};

function Problem({ message }: { message: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="display text-2xl sm:text-3xl">Shared build</h1>
      <p role="alert" className="mt-4 text-lg text-muted">
        {message}
      </p>
      <Link to="/" className={`${buttonClass('primary', 'md')} mt-8`}>
        Return to Home
      </Link>
    </section>
  );
}

export default function SharedBuild({ loaderData }: Route.ComponentProps) {
  const { build, image } = loaderData;
  if (!build) return <Problem message="This shared build link has expired or does not exist." />;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="display wrap-anywhere text-3xl sm:text-4xl">{build.title}</h1>
      <p className="mt-2 text-sm">
        <MemberLink username={build.username} />
      </p>
      {image ? (
        <ResponsiveImage
          image={image}
          alt={build.imageAlt}
          sizes="(min-width: 48rem) 45rem, 100vw"
          priority
          className="mt-6 rounded-2xl border border-line"
        />
      ) : null}
      <RatingSummary averageRating={build.averageRating} ratingCount={build.ratingCount} className="mt-6" />
      <section aria-labelledby="shared-roast" className="panel mt-6 p-6">
        <h2 id="shared-roast" className="text-sm font-black uppercase tracking-widest text-neon-pink">
          AI Roast
        </h2>
        <p className="mt-4 whitespace-pre-line text-lg leading-relaxed">{build.roast || 'No AI roast available yet.'}</p>
      </section>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/" className={buttonClass('ghost', 'md')}>
          Back to Home
        </Link>
        <Link to={buildPath(build.id)} className={buttonClass('primary', 'md')}>
          View Full Build Page
        </Link>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  return <Problem message="Failed to load the shared build. Please try again later." />;
}
