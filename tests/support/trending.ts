import { builds, comments, ratings } from '../../db/schema';
import { galleryBuilds } from '~/models/gallery.server';
import { db } from '~/services/db.server';
import { TRENDING_TAU_MS, TRENDING_WINDOW_MS } from '~/domain/gallery';

/**
 * Decision 018's trending order at `now`, computed the plain way from every row: each
 * listed build's ratings given or changed in the window (stars/5) and its members'
 * comments there (not RoastBot's, not deleted), each weighted by e^((t − now)/τ);
 * hottest first, then the newest build, then the highest id. What the stored heats must
 * reproduce, whenever the trending job last ran.
 */
export function trendingByFormula(now: number): number[] {
  const since = now - TRENDING_WINDOW_MS;
  const heats = new Map<number, number>();
  const add = (buildId: number, weight: number, at: Date) => {
    if (at.getTime() >= since) heats.set(buildId, (heats.get(buildId) ?? 0) + weight * Math.exp((at.getTime() - now) / TRENDING_TAU_MS));
  };
  for (const rating of db().select().from(ratings).all()) add(rating.buildId, rating.rating / 5, rating.updatedAt);
  for (const comment of db().select().from(comments).all())
    if (!comment.isAI && !comment.deletedAt) add(comment.buildId, 1, comment.createdAt);
  return db()
    .select({ id: builds.id, createdAt: builds.createdAt, reviewStatus: builds.reviewStatus })
    .from(builds)
    .all()
    .filter((build) => build.reviewStatus === 'approved')
    .map((build) => ({ id: build.id, heat: heats.get(build.id) ?? 0, created: build.createdAt.getTime() }))
    .sort((a, b) => b.heat - a.heat || b.created - a.created || b.id - a.id)
    .map((build) => build.id);
}

/** The gallery's trending order at `now`, every listed build's id. */
export const trendingOrder = (now: number): number[] =>
  galleryBuilds({ q: '', sort: 'trending', tag: null, competition: null, limit: 10_000 }, now).map((build) => build.id);
