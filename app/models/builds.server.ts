import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { builds, comments, ratings, tempUploads, users } from '../../db/schema';
import { enqueueJob, hasActiveJob } from '~/queue/enqueue.server';
import { describePhotoJob, lookJob, roastJob, screenJob } from '~/queue/job-types';
import { settleImageFiles } from '~/images/storage.server';
import { requestBattleRefit } from './battles.server';
import { type BuildDetails, setBuildTags } from './build-details.server';
import { addPhotoIn } from './build-photos.server';
import { addOwnerPartsIn, confirmedParts } from './build-parts.server';
import { glowUpRefusal, type GlowUpRefusal } from './glow-up-link.server';
import { suspensionOf } from './member-moderation.server';
import { ratingCounts } from './counted-ratings.server';
import { recordBuildListed, recordUpload } from './progression.server';
import { storedHeat } from './trending.server';
import { isStaff, type Viewer } from '~/domain/permissions';
import type { RoastView } from '~/roast/facts';
import { db, type Writer } from '~/services/db.server';
import { env } from '~/services/env.server';
import type { BuildSummary, NamedBuild, ReviewStatus } from '~/domain/builds';
import type { ListedPart } from '~/domain/glow-ups';
import { DEFAULT_ROAST_INTENSITY, type RoastIntensity } from '~/domain/roast-intensity';
import { waitText, DAY_MS } from '~/utils/dates';

/** Only builds screening approved are listed, shared or ranked. */
export const listed = eq(builds.reviewStatus, 'approved');

/** What namedBuild reads of a build, selected beside what names it. */
export const namedBuildColumns = {
  id: builds.id,
  title: builds.title,
  imageId: builds.imageId,
  photoAlt: builds.photoAlt,
  reviewStatus: builds.reviewStatus,
};

/**
 * The one rule for naming a build beside something else (a placement, a winner): a
 * build that is not listed is never named, so its title, id and photo stay out of every
 * page, its data and the API; null then.
 */
export function namedBuild({
  reviewStatus,
  ...build
}: {
  id: number;
  title: string;
  imageId: number;
  photoAlt: string | null;
  reviewStatus: ReviewStatus;
}): NamedBuild | null {
  return reviewStatus === 'approved' ? build : null;
}

export const summaryColumns = {
  id: builds.id,
  title: builds.title,
  imageId: builds.imageId,
  photoAlt: builds.photoAlt,
  username: users.username,
  userLevel: users.level,
  roast: builds.roast,
  totalRating: builds.totalRating,
  averageRating: builds.averageRating,
  ratingCount: builds.ratingCount,
  commentCount: builds.commentCount,
  createdAt: builds.createdAt,
  reviewStatus: builds.reviewStatus,
};

/** The newest builds first. */
export function listRecentBuilds(limit: number, offset = 0): BuildSummary[] {
  return db()
    .select(summaryColumns)
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .where(listed)
    .orderBy(desc(builds.createdAt), desc(builds.id))
    .limit(limit)
    .offset(offset)
    .all();
}

/**
 * The builds that come after `buildId` in the newest-first order: the next page
 * wherever new uploads have pushed the first one since (keyset paging).
 */
export function listBuildsAfter(buildId: number, limit: number): BuildSummary[] {
  const after = db().select({ createdAt: builds.createdAt }).from(builds).where(eq(builds.id, buildId)).get();
  if (!after) return [];
  return db()
    .select(summaryColumns)
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .where(and(listed, or(lt(builds.createdAt, after.createdAt), and(eq(builds.createdAt, after.createdAt), lt(builds.id, buildId)))))
    .orderBy(desc(builds.createdAt), desc(builds.id))
    .limit(limit)
    .all();
}

/** The listed builds among `ids`, in the order of `ids`. */
export function listedBuildSummaries(ids: number[]): BuildSummary[] {
  if (ids.length === 0) return [];
  const rows = db()
    .select(summaryColumns)
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .where(and(inArray(builds.id, ids), listed))
    .all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Which of `ids` are listed builds. */
export function listedBuildIds(ids: number[]): number[] {
  if (ids.length === 0) return [];
  return db()
    .select({ id: builds.id })
    .from(builds)
    .where(and(inArray(builds.id, ids), listed))
    .all()
    .map((row) => row.id);
}

/** One listed build, or null when there is no such build or screening has not approved it. */
export function findBuild(id: number): BuildSummary | null {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  return (
    db()
      .select(summaryColumns)
      .from(builds)
      .innerJoin(users, eq(users.id, builds.userId))
      .where(and(eq(builds.id, id), listed))
      .get() ?? null
  );
}

/** A member's own builds, newest first, for their profile: held and rejected ones too. */
export function listUserBuilds(userId: number): BuildSummary[] {
  return db()
    .select(summaryColumns)
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .where(eq(builds.userId, userId))
    .orderBy(desc(builds.createdAt), desc(builds.id))
    .all();
}

/** Profile stats (docs/product.md §2): build count, the mean of the builds' averages, and their comments. */
export function buildStats(list: Pick<BuildSummary, 'averageRating' | 'commentCount'>[]) {
  const totalBuilds = list.length;
  const averageRating = totalBuilds ? list.reduce((sum, build) => sum + build.averageRating, 0) / totalBuilds : 0;
  const totalComments = list.reduce((sum, build) => sum + build.commentCount, 0);
  return { totalBuilds, averageRating, totalComments };
}

export type NewBuildResult =
  | { ok: true; buildId: number }
  | { ok: false; reason: 'finished' }
  | { ok: false; reason: 'suspended'; until: Date }
  | { ok: false; reason: 'glow_up'; refusal: GlowUpRefusal };

/**
 * Publishes a build, with its first jobs in the same transaction so no build is
 * ever left without one: screening (the build and its photo stay unlisted until it
 * passes), beside the vision model's look when Ollama may be asked, or straight to
 * the roast when screening is off (the photo is published before this resolves). A
 * guest's pending upload, if given, is used up in the same transaction, so it turns
 * into a build only once: 'finished' when it was already used. Extra photos sent with
 * it join it as the edit page adds them, each screened on its own. A member suspended
 * now publishes nothing, whichever path asks ('suspended', the pending upload kept):
 * finishing a guest's upload at sign-in runs where the suspension guard does not.
 * A glow-up (`glowUpOf`) follows one of the owner's own builds, checked here ('glow_up'
 * and nothing written otherwise); `parts` are its confirmed parts list, the owner's word
 * (a glow-up sent without them starts from the earlier build's confirmed list).
 */
export async function createBuild(
  {
    userId,
    title,
    imageId,
    tempUploadId,
    description = null,
    tags = [],
    roastIntensity = DEFAULT_ROAST_INTENSITY,
    extraImageIds = [],
    glowUpOf = null,
    parts,
  }: {
    userId: number;
    title: string;
    imageId: number;
    tempUploadId?: string;
    roastIntensity?: RoastIntensity;
    extraImageIds?: number[];
    glowUpOf?: number | null;
    parts?: ListedPart[];
  } & Partial<BuildDetails>,
  now = new Date(),
): Promise<NewBuildResult> {
  const screening = env().SCREENING !== 'off';
  const looking = screening && env().ROAST_PROVIDER !== 'builtin';
  const result = db().transaction((tx): NewBuildResult => {
    const until = suspensionOf(tx, userId, now);
    if (until) return { ok: false, reason: 'suspended', until };
    const refusal = glowUpOf === null ? null : glowUpRefusal(tx, userId, glowUpOf);
    if (refusal) return { ok: false, reason: 'glow_up', refusal };
    if (tempUploadId && tx.delete(tempUploads).where(eq(tempUploads.id, tempUploadId)).run().changes === 0)
      return { ok: false, reason: 'finished' };
    const { id } = tx
      .insert(builds)
      .values({
        userId,
        title,
        description,
        imageId,
        roastIntensity,
        createdAt: now,
        reviewStatus: screening ? 'pending' : 'approved',
        lookPending: looking,
        glowUpOf,
      })
      .returning({ id: builds.id })
      .get();
    setBuildTags(tx, id, tags);
    const carried = glowUpOf === null ? [] : confirmedParts(glowUpOf, tx).map(({ category, name }) => ({ category, name }));
    addOwnerPartsIn(tx, id, parts ?? carried);
    // Sent with the upload (the form takes at most four): the same picture twice is added once.
    for (const extra of extraImageIds) addPhotoIn(tx, id, extra, now);
    enqueueJob(tx, screening ? screenJob(id) : roastJob(id), now);
    if (looking) enqueueJob(tx, lookJob(id), now);
    // After the look, in its lane: the photo's alt text, which the owner may then change.
    enqueueJob(tx, describePhotoJob({ buildId: id }), now);
    recordUpload(tx, userId, now);
    if (!screening) {
      recordBuildListed(tx, id, now);
      requestBattleRefit(tx, now.getTime());
    }
    return { ok: true, buildId: id };
  });
  if (result.ok) await settleImageFiles([imageId, ...extraImageIds]);
  return result;
}

/** Everything the build page shows about one build, listed or not, or null for an unknown id. */
export function findBuildDetail(id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const build = db()
    .select({
      ...summaryColumns,
      totalRating: builds.totalRating,
      userId: builds.userId,
      avatarUrl: users.avatarUrl,
      reviewReason: builds.reviewReason,
      description: builds.description,
      lookPending: builds.lookPending,
      roastProvider: builds.roastProvider,
      roastModel: builds.roastModel,
      roastFacts: builds.roastFacts,
      roastFailedAt: builds.roastFailedAt,
      roastedAt: builds.roastedAt,
      roastRequestedAt: builds.roastRequestedAt,
      roastIntensity: builds.roastIntensity,
      roastAdvice: builds.roastAdvice,
      roastFallback: builds.roastFallback,
    })
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .where(eq(builds.id, id))
    .get();
  return build ? { ...build, roasting: hasActiveJob(roastJob(id).key) } : null;
}

/** How often an owner may ask for a fresh roast. */
export const FRESH_ROAST_INTERVAL_MS = DAY_MS;

/** How long until the owner may ask for a fresh roast: 0 now; after a failed roast, at once. */
export function freshRoastWaitMs({ requestedAt, failedAt }: { requestedAt: Date | null; failedAt: Date | null }, now = new Date()): number {
  if (!requestedAt || failedAt) return 0;
  return Math.max(0, requestedAt.getTime() + FRESH_ROAST_INTERVAL_MS - now.getTime());
}

/**
 * The build page offers its owner a fresh roast once the roast is written (or has
 * failed) and none is being written: null when there is nothing to offer, else how
 * long until the offer can be taken (0: now).
 */
export function freshRoastOffer(
  build: { userId: number; roasting: boolean; roastRequestedAt: Date | null; roastFailedAt: Date | null },
  roast: Pick<RoastView, 'state'>,
  viewer: Viewer | null,
  now = new Date(),
): { waitMs: number } | null {
  const done = roast.state === 'roasted' || roast.state === 'failed';
  if (viewer?.id !== build.userId || !done || build.roasting) return null;
  return { waitMs: freshRoastWaitMs({ requestedAt: build.roastRequestedAt, failedAt: build.roastFailedAt }, now) };
}

/** Whether a build is listed: screening (or a moderator) approved it, so everyone may see, rate and share it. */
export function isListed(build: { reviewStatus: ReviewStatus }): boolean {
  return build.reviewStatus === 'approved';
}

/** Builds screening has not approved are seen only by their owner and by moderators. */
export function canSeeBuild(build: { userId: number; reviewStatus: ReviewStatus }, viewer: Viewer | null): boolean {
  if (isListed(build)) return true;
  return viewer?.id === build.userId || isStaff(viewer);
}

export type FreshRoastResult =
  | { ok: true }
  | { ok: false; reason: 'not_found' | 'not_owner' | 'not_listed' | 'busy' }
  | { ok: false; reason: 'too_soon'; retryAfterMs: number };

/** A request the owner's form or the API turned away: what it answers (its HTTP status) and says. */
export type RoastRequestRefusal = { status: 403 | 404 | 409 | 429; message: string; retryAfterMs?: number };

/** What a refused fresh roast tells the owner, on the build page and in the API alike. */
export function freshRoastRefusal(result: Extract<FreshRoastResult, { ok: false }>): RoastRequestRefusal {
  switch (result.reason) {
    case 'not_found':
      return { status: 404, message: 'Build not found' };
    case 'not_owner':
      return { status: 403, message: 'Only the owner of this build can ask for a fresh roast.' };
    case 'not_listed':
      return { status: 409, message: 'This build can be roasted again once it has passed review.' };
    case 'busy':
      return { status: 409, message: 'A roast of this build is already being written.' };
    case 'too_soon':
      return {
        status: 429,
        message: `You can ask for a fresh roast once a day. Try again in ${waitText(result.retryAfterMs)}.`,
        retryAfterMs: result.retryAfterMs,
      };
  }
}

/**
 * The owner asks for a new roast of their build, at most once a day (at once
 * after a failed one), as hard as they choose: the old roast and its advice are
 * cleared (the page shows the waiting view again) and a roast job is queued in
 * the same transaction.
 */
export function requestFreshRoast(
  buildId: number,
  userId: number,
  intensity: RoastIntensity = DEFAULT_ROAST_INTENSITY,
  now = new Date(),
): FreshRoastResult {
  return db().transaction((tx) => {
    const build = tx
      .select({
        userId: builds.userId,
        reviewStatus: builds.reviewStatus,
        requestedAt: builds.roastRequestedAt,
        failedAt: builds.roastFailedAt,
      })
      .from(builds)
      .where(eq(builds.id, buildId))
      .get();
    if (!build) return { ok: false, reason: 'not_found' };
    if (build.userId !== userId) return { ok: false, reason: 'not_owner' };
    if (!isListed(build)) return { ok: false, reason: 'not_listed' };
    const wait = freshRoastWaitMs(build, now);
    if (wait > 0) return { ok: false, reason: 'too_soon', retryAfterMs: wait };
    if (!enqueueJob(tx, roastJob(buildId), now)) return { ok: false, reason: 'busy' };
    tx.update(builds)
      .set({
        roast: '',
        roastAdvice: null,
        roastIntensity: intensity,
        roastProvider: null,
        roastModel: null,
        roastFacts: null,
        roastOpener: null,
        roastedAt: null,
        roastFailedAt: null,
        roastFallback: null,
        roastRequestedAt: now,
      })
      .where(eq(builds.id, buildId))
      .run();
    return { ok: true };
  });
}

/**
 * Lists a build that was waiting for screening or a moderator, queues its roast in
 * the same transaction if it has none yet, and then publishes its photo.
 */
export async function approveBuild(buildId: number, now = new Date()): Promise<void> {
  const imageId = db().transaction((tx) => approveBuildIn(tx, buildId, now));
  if (imageId !== null) await settleImageFiles([imageId]);
}

/**
 * approveBuild inside a transaction that also writes something else (a moderator's
 * audit row), answering the build's image id (null for an unknown build): settle its
 * files once that transaction is committed.
 */
export function approveBuildIn(writer: Writer, buildId: number, now = new Date()): number | null {
  const build = writer.select({ roast: builds.roast, imageId: builds.imageId }).from(builds).where(eq(builds.id, buildId)).get();
  if (!build) return null;
  // A moderator's decision is final: a late look no longer holds the build.
  writer.update(builds).set({ reviewStatus: 'approved', reviewReason: null, lookPending: false }).where(eq(builds.id, buildId)).run();
  if (!build.roast) enqueueJob(writer, roastJob(buildId), now);
  recordBuildListed(writer, buildId, now);
  requestBattleRefit(writer, now.getTime());
  return build.imageId;
}

// The totals kept on each build, recounted from its rows: exact whatever was
// written before, so every write that changes ratings or comments uses these.
// The trending heat reads both ratings and comments: either recounts it. Only ratings
// that count do (a discounted member's stay out).
const countedOfBuild = sql`${ratings.buildId} = ${builds.id} and ${ratingCounts(ratings.userId)}`;
const ratingTotals = {
  totalRating: sql`(select coalesce(sum(${ratings.rating}), 0) from ${ratings} where ${countedOfBuild})`,
  ratingCount: sql`(select count(*) from ${ratings} where ${countedOfBuild})`,
  averageRating: sql`(select coalesce(avg(${ratings.rating}), 0) from ${ratings} where ${countedOfBuild})`,
  trendingHeat: storedHeat(builds.id),
};
// Comments deleted by their author but kept for their replies ("[deleted]") are not counted.
const commentTotal = {
  commentCount: sql`(select count(*) from ${comments} where ${comments.buildId} = ${builds.id} and ${comments.deletedAt} is null)`,
  trendingHeat: storedHeat(builds.id),
};

function recount(
  writer: Writer,
  buildIds: number[],
  totals: Partial<Record<keyof typeof ratingTotals | keyof typeof commentTotal, SQL>>,
): void {
  if (buildIds.length === 0) return;
  writer.update(builds).set(totals).where(inArray(builds.id, buildIds)).run();
}

/** Recounts the stars, votes and average of these builds from their ratings, in `writer`'s transaction. */
export function recountRatings(writer: Writer, buildIds: number[]): void {
  recount(writer, buildIds, ratingTotals);
}

/** Recounts the comments of these builds, in `writer`'s transaction. */
export function recountComments(writer: Writer, buildIds: number[]): void {
  recount(writer, buildIds, commentTotal);
}

/**
 * Recounts every total of these builds, after ratings and comments went away
 * other than one by one (a deleted member's). Call it in that transaction.
 */
export function recountBuilds(writer: Writer, buildIds: number[]): void {
  recount(writer, buildIds, { ...ratingTotals, ...commentTotal });
}
