import { data } from 'react-router';
import type { Route } from './+types/build';
import { ComingSoon } from '~/components/coming-soon';
import { findBuild } from '~/models/builds.server';
import { pageMeta } from '~/utils/meta';

export function loader({ params }: Route.LoaderArgs) {
  const build = findBuild(Number(params.id));
  if (!build) throw data(null, { status: 404 });
  return { build: { id: build.id, title: build.title, username: build.username } };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta(loaderData?.build.title ?? 'Build', 'A PC build on RigRoast with its AI roast, ratings and comments.');

export default function Build({ loaderData }: Route.ComponentProps) {
  const { build } = loaderData;
  return (
    <ComingSoon
      title={build.title}
      description={`A build by @${build.username}. Its photo, AI roast, ratings and comments will show on this page.`}
    />
  );
}
