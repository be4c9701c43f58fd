import type { Route } from './+types/glow-ups';
import { glowUpsQuery } from '~/api/contract/glow-ups';
import { readQuery } from '~/api/request.server';
import { imageSources } from '~/images/records.server';
import { photoAlt } from '~/domain/photo-alt';
import { GLOW_UP_MIN_RATINGS } from '~/domain/glow-ups';
import { bestGlowUpsPage, type StoryBuild } from '~/models/glow-ups.server';

/** GET /api/glow-ups?page=: "Best glow-ups" (decision 028), as the /glow-ups page ranks them. */
export function loader({ url }: Route.LoaderArgs) {
  const { page = 1 } = readQuery(url, glowUpsQuery);
  const { items, total, pageCount } = bestGlowUpsPage(page);
  const images = imageSources(items.flatMap((item) => [item.before.imageId, item.after.imageId]));
  const side = (build: StoryBuild) => ({
    id: build.id,
    title: build.title,
    imageUrl: images.get(build.imageId)?.src ?? '',
    imageAlt: photoAlt(build.photoAlt, build.title),
    averageRating: build.averageRating,
    ratingCount: build.ratingCount,
    createdAt: build.createdAt.toISOString(),
  });
  return Response.json({
    glowUps: items.map((item) => ({
      before: side(item.before),
      after: side(item.after),
      username: item.username,
      improvement: item.improvement,
    })),
    minRatings: GLOW_UP_MIN_RATINGS,
    page,
    pageCount,
    total,
  });
}
