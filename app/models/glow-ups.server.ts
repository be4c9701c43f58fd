import { aliasedTable, and, asc, count, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { builds, users } from '../../db/schema';
import { confirmedParts } from './build-parts.server';
import { canSeeBuild } from './builds.server';
import { glowUpRefusal, type GlowUpRefusal } from './glow-up-link.server';
import { adviceFollowed, GLOW_UP_MIN_RATINGS, GLOW_UPS_PAGE_SIZE, type ListedPart, partChanges } from '~/domain/glow-ups';
import type { Viewer } from '~/domain/permissions';
import type { ReviewStatus } from '~/domain/builds';
import type { EarlierRoast } from '~/roast/glow-up';
import { db, type Writer } from '~/services/db.server';
import { perDataVersion } from './version-cache.server';

/*
 * Glow-ups (decision 028): a build whose glow_up_of names an earlier build of the same
 * owner. The glow-up is a build like any other (its own photos, roast, ratings, places on
 * the leaderboards and in competitions); these read and check the link.
 */

/** What the upload form starts a glow-up from: the earlier build's title and its confirmed parts, or why it may not. */
export function glowUpStart(
  userId: number,
  earlierId: number,
): { ok: true; earlier: { id: number; title: string; parts: ListedPart[] } } | { ok: false; reason: GlowUpRefusal } {
  const refused = glowUpRefusal(db(), userId, earlierId);
  if (refused) return { ok: false, reason: refused };
  const earlier = db().select({ id: builds.id, title: builds.title }).from(builds).where(eq(builds.id, earlierId)).get();
  if (!earlier) return { ok: false, reason: 'not_found' };
  return { ok: true, earlier: { ...earlier, parts: confirmedPartList(earlierId) } };
}

function confirmedPartList(buildId: number, reader: Writer = db()): ListedPart[] {
  return confirmedParts(buildId, reader).map(({ category, name }) => ({ category, name }));
}

const storyColumns = {
  id: builds.id,
  userId: builds.userId,
  title: builds.title,
  imageId: builds.imageId,
  photoAlt: builds.photoAlt,
  reviewStatus: builds.reviewStatus,
  averageRating: builds.averageRating,
  ratingCount: builds.ratingCount,
  createdAt: builds.createdAt,
  glowUpOf: builds.glowUpOf,
};

export type StoryBuild = {
  id: number;
  title: string;
  imageId: number;
  photoAlt: string | null;
  averageRating: number;
  ratingCount: number;
  createdAt: Date;
};

type StoryRow = StoryBuild & { userId: number; reviewStatus: ReviewStatus; glowUpOf: number | null };

function storyBuild({ userId: _userId, reviewStatus: _status, glowUpOf: _of, ...build }: StoryRow): StoryBuild {
  return build;
}

/**
 * The roast job's view of a glow-up: the earlier build's roast and advice, what changed in
 * the confirmed parts, and whether the owner did what the advice said; null for a build
 * that is no glow-up (or whose earlier build was deleted).
 */
export function earlierRoastOf(buildId: number, reader: Writer = db()): EarlierRoast | null {
  const row = reader.select({ glowUpOf: builds.glowUpOf }).from(builds).where(eq(builds.id, buildId)).get();
  if (!row?.glowUpOf) return null;
  const earlier = reader
    .select({ id: builds.id, roast: builds.roast, advice: builds.roastAdvice })
    .from(builds)
    .where(eq(builds.id, row.glowUpOf))
    .get();
  if (!earlier) return null;
  const parts = confirmedPartList(earlier.id, reader);
  const advice = earlier.advice ?? [];
  const changes = partChanges(parts, confirmedPartList(buildId, reader));
  return { roast: earlier.roast, advice, changes, verdict: adviceFollowed(advice, parts, changes) };
}

/**
 * The build page's story of a rig, as `viewer` may see it: the build this one is a glow-up
 * of (with what changed and the score before and after), and the glow-ups made of it.
 * Builds the viewer may not see (unlisted, someone else's) are left out.
 */
export function glowUpStory(buildId: number, viewer: Viewer | null) {
  const rows = storyRows(buildId);
  if (!rows) return null;
  const { build, earlier, changes } = rows;
  const before = earlier && canSeeBuild(earlier, viewer) ? earlier : null;
  const later = rows.later.filter((row) => canSeeBuild(row, viewer)).map(storyBuild);
  if (!before && later.length === 0) return null;
  return {
    before: before && changes ? { build: storyBuild(before), after: storyBuild(build), changes } : null,
    glowUps: later,
  };
}

/**
 * The rows of a rig's story around one build, the same for every viewer: read once per data
 * version, as every build page asks for them (four statements a render, most of them finding nothing).
 */
const storyRows = perDataVersion((buildId: number) => {
  const build = db().select(storyColumns).from(builds).where(eq(builds.id, buildId)).get();
  if (!build) return null;
  const earlier = build.glowUpOf ? (db().select(storyColumns).from(builds).where(eq(builds.id, build.glowUpOf)).get() ?? null) : null;
  const later = db()
    .select(storyColumns)
    .from(builds)
    .where(eq(builds.glowUpOf, buildId))
    .orderBy(asc(builds.createdAt), asc(builds.id))
    .all();
  // What changed matters only for a build that glows another up.
  const changes = earlier ? partChanges(confirmedPartList(earlier.id), confirmedPartList(build.id)) : null;
  return { build, earlier, later, changes };
});

export type GlowUpStory = NonNullable<ReturnType<typeof glowUpStory>>;

/**
 * A member's rigs as timelines, for their page: each chain of glow-ups from the first
 * build to the latest, oldest first, of the builds `viewer` may see. Only chains of two
 * builds or more: a build without glow-ups is no timeline.
 */
export function rigTimelines(userId: number, viewer: Viewer | null): StoryBuild[][] {
  const rows = db()
    .select(storyColumns)
    .from(builds)
    .where(eq(builds.userId, userId))
    .orderBy(asc(builds.createdAt), asc(builds.id))
    .all()
    .filter((row) => canSeeBuild(row, viewer));
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<number, StoryRow[]>();
  for (const row of rows) {
    if (row.glowUpOf === null || !ids.has(row.glowUpOf)) continue;
    children.set(row.glowUpOf, [...(children.get(row.glowUpOf) ?? []), row]);
  }
  // A rig starts at a build that follows none the viewer sees; its glow-ups follow in time (a branch joins the line).
  const timelines: StoryBuild[][] = [];
  for (const root of rows.filter((row) => row.glowUpOf === null || !ids.has(row.glowUpOf))) {
    const chain: StoryRow[] = [];
    const queue = [root];
    while (queue.length > 0) {
      const next = queue.shift();
      if (!next) break;
      chain.push(next);
      queue.push(...(children.get(next.id) ?? []));
    }
    if (chain.length > 1)
      timelines.push(chain.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id).map(storyBuild));
  }
  return timelines.reverse();
}

export type BestGlowUp = {
  before: StoryBuild;
  after: StoryBuild;
  username: string;
  /** The glow-up's average rating minus the earlier build's. */
  improvement: number;
};

const earlierBuilds = aliasedTable(builds, 'earlier');

/**
 * Which glow-ups "Best glow-ups" ranks: listed glow-ups of listed builds of the same owner,
 * both rated GLOW_UP_MIN_RATINGS times or more; `since` keeps those posted from then on.
 */
function rankedGlowUps(since?: Date) {
  return and(
    isNotNull(builds.glowUpOf),
    eq(builds.reviewStatus, 'approved'),
    eq(earlierBuilds.reviewStatus, 'approved'),
    // Only the owner's own earlier build: a link is checked when made, and read the same way.
    eq(earlierBuilds.userId, builds.userId),
    gte(builds.ratingCount, GLOW_UP_MIN_RATINGS),
    gte(earlierBuilds.ratingCount, GLOW_UP_MIN_RATINGS),
    since ? gte(builds.createdAt, since) : undefined,
  );
}

/**
 * "Best glow-ups" (decision 028): ranked by improvement, the glow-up's average rating
 * minus the earlier build's; ties go to the glow-up with more ratings, then the newer.
 */
export function bestGlowUps({ limit, offset = 0, since }: { limit: number; offset?: number; since?: Date }): BestGlowUp[] {
  const improvement = sql<number>`${builds.averageRating} - ${earlierBuilds.averageRating}`;
  const rows = db()
    .select({
      afterId: builds.id,
      beforeId: earlierBuilds.id,
      username: users.username,
      improvement,
    })
    .from(builds)
    .innerJoin(earlierBuilds, eq(earlierBuilds.id, builds.glowUpOf))
    .innerJoin(users, eq(users.id, builds.userId))
    .where(rankedGlowUps(since))
    .orderBy(desc(improvement), desc(builds.ratingCount), desc(builds.createdAt), desc(builds.id))
    .limit(limit)
    .offset(offset)
    .all();
  const ids = rows.flatMap((row) => [row.afterId, row.beforeId]);
  const byId = new Map(
    (ids.length === 0 ? [] : db().select(storyColumns).from(builds).where(inArray(builds.id, ids)).all()).map((row) => [
      row.id,
      storyBuild(row),
    ]),
  );
  return rows.flatMap((row) => {
    const before = byId.get(row.beforeId);
    const after = byId.get(row.afterId);
    return before && after ? [{ before, after, username: row.username, improvement: row.improvement }] : [];
  });
}

/** How many glow-ups "Best glow-ups" ranks. */
export function countBestGlowUps(): number {
  return (
    db()
      .select({ count: count() })
      .from(builds)
      .innerJoin(earlierBuilds, eq(earlierBuilds.id, builds.glowUpOf))
      .where(rankedGlowUps())
      .get()?.count ?? 0
  );
}

/**
 * The week's best glow-ups, for the weekly digest: those posted since `since`, ranked as
 * "Best glow-ups" ranks them (enough ratings on both sides, then by improvement).
 */
export function weekGlowUps(since: Date, limit = 3): BestGlowUp[] {
  return bestGlowUps({ limit, since });
}

/** A page (from 1) of "Best glow-ups", with how many there are in all. */
export function bestGlowUpsPage(page: number): { items: BestGlowUp[]; total: number; pageCount: number } {
  const total = countBestGlowUps();
  const items = bestGlowUps({ limit: GLOW_UPS_PAGE_SIZE, offset: (page - 1) * GLOW_UPS_PAGE_SIZE });
  return { items, total, pageCount: Math.max(1, Math.ceil(total / GLOW_UPS_PAGE_SIZE)) };
}
