import { data, Link } from 'react-router';
import type { Route } from './+types/share';
import { ComingSoon } from '~/components/coming-soon';
import { buttonClass } from '~/components/ui/button';
import { findSharedBuild } from '~/models/shares.server';
import { pageMeta } from '~/utils/meta';

export function loader({ params }: Route.LoaderArgs) {
  const build = findSharedBuild(params.token);
  if (!build) return data({ build: null }, { status: 404 });
  return { build: { id: build.id, title: build.title, username: build.username } };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta(loaderData?.build?.title ?? 'Shared build', 'A PC build shared from RigRoast.');

export default function SharedBuild({ loaderData }: Route.ComponentProps) {
  const { build } = loaderData;
  if (!build) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="display text-2xl sm:text-3xl">Shared build</h1>
        <p role="alert" className="mt-4 text-lg text-muted">
          This shared build link has expired or does not exist.
        </p>
        <Link to="/" className={`${buttonClass('primary', 'md')} mt-8`}>
          Return to Home
        </Link>
      </section>
    );
  }
  return (
    <ComingSoon
      title={build.title}
      description={`A build by @${build.username}, shared with you. Its photo, rating and roast will show here.`}
    />
  );
}
