import { asc, eq } from 'drizzle-orm';
import { builds, buildTags } from '../../db/schema';
import { BUILD_TAG_SLUGS, type BuildTag } from '~/domain/build-tags';
import { db, type Writer } from '~/services/db.server';

/** A build's tags in the curated list's order. */
export function buildTagsOf(buildId: number, reader: Writer = db()): BuildTag[] {
  const order = (tag: BuildTag) => BUILD_TAG_SLUGS.indexOf(tag);
  return reader
    .select({ tag: buildTags.tag })
    .from(buildTags)
    .where(eq(buildTags.buildId, buildId))
    .orderBy(asc(buildTags.tag))
    .all()
    .map((row) => row.tag)
    .sort((a, b) => order(a) - order(b));
}

/** Replaces a build's tags, in `tx` (the schemas have checked them against the list and the limit). */
export function setBuildTags(tx: Writer, buildId: number, tags: readonly BuildTag[]): void {
  tx.delete(buildTags).where(eq(buildTags.buildId, buildId)).run();
  if (tags.length > 0)
    tx.insert(buildTags)
      .values(tags.map((tag) => ({ buildId, tag })))
      .run();
}

export type BuildDetails = { description: string | null; tags: BuildTag[] };

/** The owner's description (null: none) and tags; answers why not when it is not their build. */
export function updateBuildDetails(
  buildId: number,
  userId: number,
  details: BuildDetails,
): { ok: true } | { ok: false; reason: 'not_found' | 'not_owner' } {
  return db().transaction((tx) => {
    const build = tx.select({ userId: builds.userId }).from(builds).where(eq(builds.id, buildId)).get();
    if (!build) return { ok: false, reason: 'not_found' };
    if (build.userId !== userId) return { ok: false, reason: 'not_owner' };
    tx.update(builds).set({ description: details.description }).where(eq(builds.id, buildId)).run();
    setBuildTags(tx, buildId, details.tags);
    return { ok: true };
  });
}
