import { Form, Link, redirect } from 'react-router';
import type { Route } from './+types/build-share';
import { ShareOptions } from '~/components/share-options';
import { buttonClass } from '~/components/ui/button';
import { findBuild } from '~/models/builds.server';
import { findShareToken, shareToken, shareUrl } from '~/models/shares.server';
import { env } from '~/services/env.server';
import { notFound } from '~/utils/not-found';
import { pageMeta } from '~/utils/meta';
import { buildPath } from '~/utils/build-path';
import { positiveInt } from '~/utils/query';

export function loader({ params }: Route.LoaderArgs) {
  const id = positiveInt(params.id);
  const build = id === null ? null : findBuild(id);
  if (!build) throw notFound('build');
  const token = findShareToken(build.id);
  return { build: { id: build.id, title: build.title }, url: token ? shareUrl(env().PUBLIC_ORIGIN, token) : null };
}

/** Makes the build's share link (once; later shares reuse it) and shows it. */
export function action({ params }: Route.ActionArgs) {
  const id = positiveInt(params.id);
  if (id === null || !shareToken(id)) throw notFound('build');
  return redirect(`${buildPath(id)}/share`);
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta(`Share ${loaderData?.build.title ?? 'a build'}`, 'Share this PC build and its AI roast.'),
  { name: 'robots', content: 'noindex' },
];

export default function BuildShare({ loaderData }: Route.ComponentProps) {
  const { build, url } = loaderData;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="display text-3xl sm:text-4xl">Share this build</h1>
      <p className="mt-3 text-muted">
        Anyone with the link can see <strong className="text-ink">{build.title}</strong>, its rating and its roast.
      </p>
      <div className="panel mt-8 p-6">
        {url ? (
          <ShareOptions url={url} title={build.title} />
        ) : (
          <Form method="post">
            <button type="submit" className={buttonClass('primary', 'md')}>
              Create share link
            </button>
          </Form>
        )}
      </div>
      <Link to={buildPath(build.id)} className={`${buttonClass('quiet', 'md')} mt-6`}>
        Back to the build
      </Link>
    </section>
  );
}
