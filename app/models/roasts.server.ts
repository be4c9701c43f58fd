import { eq } from 'drizzle-orm';
import { HELD_WHILE_SUSPENDED } from '~/domain/member-moderation';
import type { RoastIntensity } from '~/domain/roast-intensity';
import { builds, images } from '../../db/schema';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { enqueueJob, hasActiveJob } from '~/queue/enqueue.server';
import { modelRoastJob, roastJob } from '~/queue/job-types';
import { BUILTIN_MODEL_NAME, type RoastAuthor, type RoastFacts, roastFactsSchema, type RoastView, spottedList } from '~/roast/facts';
import { db, type Writer } from '~/services/db.server';
import { screeningVerdict, type ScreeningThresholds } from '~/roast/screening/verdict';
import { requestBattleRefit } from './battles.server';
import { suspensionOf } from './member-moderation.server';
import { unlistBuild } from './moderation.server';
import { recordBuildListed, recordRoast } from './progression.server';
import { consumeRateLimitIn } from './rate-limits.server';
import { rememberRoastLines } from './roast-memory.server';
import { confirmedParts, proposePartsFromFacts } from './build-parts.server';
import { earlierRoastOf } from './glow-ups.server';
import { waitText } from '~/utils/dates';
import type { RoastRequestRefusal } from './builds.server';

/** What the roast and screening jobs need to know about a build. */
export function buildForRoast(buildId: number) {
  const build =
    db()
      .select({
        id: builds.id,
        title: builds.title,
        imageId: builds.imageId,
        reviewStatus: builds.reviewStatus,
        lookPending: builds.lookPending,
        roast: builds.roast,
        roastProvider: builds.roastProvider,
        roastFacts: builds.roastFacts,
        roastRequestedAt: builds.roastRequestedAt,
        roastIntensity: builds.roastIntensity,
        roastFallback: builds.roastFallback,
        // The photo's size as uploaded (the roaster looks at a smaller copy).
        photo: { width: images.width, height: images.height },
      })
      .from(builds)
      .innerJoin(images, eq(images.id, builds.imageId))
      .where(eq(builds.id, buildId))
      .get() ?? null;
  // What the owner confirmed outranks what the photo and the title suggest; a glow-up's roast knows the earlier one.
  return build
    ? { ...build, parts: confirmedParts(buildId).map(({ category, name }) => ({ category, name })), earlier: earlierRoastOf(buildId) }
    : null;
}

export type ScreeningOutcome = {
  outcome: 'approved' | 'held' | 'rejected';
  reason: string | null;
  /** The local models' scores, kept for moderators. */
  scores: Record<string, unknown> | null;
};

/** What the vision model's look step saw, kept for the roast. */
export type Look = { facts: RoastFacts; author: RoastAuthor };

/**
 * The vision model's look as screening counts it: pending until its job answers (see
 * saveLook); then the facts it saw, or null when it could not look or was never asked.
 */
export function screeningLook(reader: Writer, buildId: number): { pending: boolean; facts: RoastFacts | null } {
  const build = reader
    .select({ lookPending: builds.lookPending, roastProvider: builds.roastProvider, roastFacts: builds.roastFacts })
    .from(builds)
    .where(eq(builds.id, buildId))
    .get();
  const facts = roastFactsSchema.safeParse(build?.roastFacts);
  return { pending: build?.lookPending ?? false, facts: build?.roastProvider === 'ollama' && facts.success ? facts.data : null };
}

/**
 * Records screening's decision on a still-pending build, and answers the decision
 * saved. An approved build is listed and its roast queued in the same transaction —
 * unless the vision model's look is still pending: the roast is written from its
 * facts, so saveLook queues it. A held or rejected one waits for a moderator (or stays
 * hidden) with the reason its owner sees; so does one approved whose owner is suspended now.
 */
export function saveScreening(tx: Writer, buildId: number, screened: ScreeningOutcome, now = new Date()): ScreeningOutcome {
  const owner = tx.select({ userId: builds.userId }).from(builds).where(eq(builds.id, buildId)).get();
  const result: ScreeningOutcome =
    screened.outcome === 'approved' && owner && suspensionOf(tx, owner.userId, now)
      ? { ...screened, outcome: 'held', reason: HELD_WHILE_SUSPENDED }
      : screened;
  const build = tx
    .update(builds)
    .set({
      reviewStatus: result.outcome,
      reviewReason: result.reason,
      screening: result.scores,
      // A rejected photo is deleted: nothing is left to look at.
      ...(result.outcome === 'rejected' ? { lookPending: false } : {}),
    })
    .where(eq(builds.id, buildId))
    .returning({ lookPending: builds.lookPending })
    .get();
  if (result.outcome === 'approved') {
    if (!build?.lookPending) enqueueJob(tx, roastJob(buildId), now);
    recordBuildListed(tx, buildId, now);
    requestBattleRefit(tx, now.getTime());
  }
  return result;
}

/**
 * The vision model's look at a build's photo has answered: what it saw, or null when it
 * could not look. Counted only while the look is still owed (a moderator's decision is
 * final). Before screening has decided, the facts wait on the build for screening to
 * count. A build screening listed meanwhile is held for review when the look flags its
 * photo, as a look in time would have held it (a moderator's hold: off the lists and the
 * leaderboards); otherwise its roast is queued, to be written from these facts. A build
 * screening held waits for its moderator either way. Answers the image id to settle once
 * the transaction is committed when the build was taken off the lists.
 */
export function saveLook(tx: Writer, buildId: number, look: Look | null, thresholds: ScreeningThresholds, now = new Date()): number | null {
  const build = tx
    .select({ reviewStatus: builds.reviewStatus, lookPending: builds.lookPending })
    .from(builds)
    .where(eq(builds.id, buildId))
    .get();
  if (!build?.lookPending) return null;
  tx.update(builds)
    .set({
      lookPending: false,
      ...(look ? { roastFacts: look.facts, roastProvider: look.author.provider, roastModel: look.author.model } : {}),
    })
    .where(eq(builds.id, buildId))
    .run();
  if (build.reviewStatus !== 'approved') return null;
  // Listed, the local models passed it: only the look's own flags can hold it now.
  const verdict = screeningVerdict({ scores: null, look: look?.facts ?? null, thresholds });
  if (verdict.outcome === 'approved') {
    enqueueJob(tx, roastJob(buildId), now);
    return null;
  }
  return unlistBuild(tx, buildId, 'held', verdict.reason, now);
}

/** Screening could not run at all: a moderator looks instead, and the build is kept. */
export function holdForReview(tx: Writer, buildId: number, reason: string): void {
  tx.update(builds).set({ reviewStatus: 'held', reviewReason: reason }).where(eq(builds.id, buildId)).run();
}

/** Why the built-in roaster wrote a roast though the model was asked (see builds.roast_fallback). */
export type RoastFallback = 'model_slow';

export type SavedRoast = {
  text: string;
  advice: readonly string[];
  facts: RoastFacts;
  author: RoastAuthor;
  lines: readonly string[] | null;
  fallback?: RoastFallback | null;
};

/** `lines`: the built-in roaster's line ids (the opener's first), remembered so later roasts avoid them. */
export function saveRoast(tx: Writer, buildId: number, roast: SavedRoast, now = new Date()): void {
  const saved = tx
    .update(builds)
    .set({
      roast: roast.text,
      roastAdvice: [...roast.advice],
      roastFacts: roast.facts,
      roastProvider: roast.author.provider,
      roastModel: roast.author.model,
      roastOpener: roast.lines?.[0] ?? null,
      roastedAt: now,
      roastFailedAt: null,
      roastFallback: roast.fallback ?? null,
    })
    .where(eq(builds.id, buildId))
    .run();
  // The build was deleted while its roast was written: nothing of the roast is kept.
  if (saved.changes === 0) return;
  recordRoast(tx, buildId, now);
  proposePartsFromFacts(tx, buildId, roast.facts);
  if (roast.lines) rememberRoastLines(tx, buildId, now, roast.lines);
}

/**
 * The model's roast the owner asked for replaces the built-in one written because the
 * model was too slow, and only that one: a fresh roast asked for meanwhile (which clears
 * the fallback) wins. Answers whether it was saved.
 */
export function replaceSlowRoast(tx: Writer, buildId: number, roast: SavedRoast, now = new Date()): boolean {
  const build = tx.select({ fallback: builds.roastFallback, roast: builds.roast }).from(builds).where(eq(builds.id, buildId)).get();
  if (build?.fallback !== 'model_slow' || !build.roast) return false;
  saveRoast(tx, buildId, { ...roast, fallback: null }, now);
  return true;
}

export type ModelRoastOffer = 'ask' | 'waiting';

/**
 * What the build page offers about a roast the built-in roaster wrote because the model
 * was too slow: to its owner, asking the model again, or that it is on it; null to
 * everyone else, and when the roast is the model's.
 */
export function modelRoastOffer(
  build: { id: number; userId: number; roastFallback: RoastFallback | null },
  viewerId: number | null,
): ModelRoastOffer | null {
  if (build.roastFallback !== 'model_slow' || viewerId !== build.userId) return null;
  return hasActiveJob(modelRoastJob(build.id).key) ? 'waiting' : 'ask';
}

export type ModelRoastResult =
  | { ok: true }
  | { ok: false; reason: 'not_found' | 'not_owner' | 'not_listed' | 'not_needed' | 'waiting' }
  | { ok: false; reason: 'too_many'; retryAfterMs: number };

/** What a refused "Get the AI model's roast instead" tells the owner, on the build page and in the API alike. */
export function modelRoastRefusal(result: Extract<ModelRoastResult, { ok: false }>): RoastRequestRefusal {
  switch (result.reason) {
    case 'not_found':
      return { status: 404, message: 'Build not found' };
    case 'not_owner':
      return { status: 403, message: 'Only the owner of this build can ask the AI model for its roast.' };
    case 'not_listed':
      return { status: 409, message: "This build gets the AI model's roast once it has passed review." };
    case 'not_needed':
      return { status: 409, message: 'This roast is already the one the AI model wrote.' };
    case 'waiting':
      return { status: 409, message: 'The AI model is already writing its roast of this build.' };
    case 'too_many':
      return {
        status: 429,
        message: `You have asked the AI model often today. Try again in ${waitText(result.retryAfterMs)}.`,
        retryAfterMs: result.retryAfterMs,
      };
  }
}

/**
 * The owner asks the model for the roast it was too slow to write: its job is queued
 * (one per build at a time, a few a day per member), and its answer replaces the
 * built-in roast when it lands (replaceSlowRoast).
 */
export function requestModelRoast(buildId: number, userId: number, now = new Date()): ModelRoastResult {
  return db().transaction((tx) => {
    const build = tx
      .select({ userId: builds.userId, fallback: builds.roastFallback, reviewStatus: builds.reviewStatus })
      .from(builds)
      .where(eq(builds.id, buildId))
      .get();
    if (!build) return { ok: false, reason: 'not_found' };
    if (build.userId !== userId) return { ok: false, reason: 'not_owner' };
    if (build.fallback !== 'model_slow') return { ok: false, reason: 'not_needed' };
    if (build.reviewStatus !== 'approved') return { ok: false, reason: 'not_listed' };
    if (hasActiveJob(modelRoastJob(buildId).key)) return { ok: false, reason: 'waiting' };
    const allowed = consumeRateLimitIn(tx, RATE_LIMITS.modelRoast.perMember, String(userId), now.getTime());
    if (!allowed.allowed) return { ok: false, reason: 'too_many', retryAfterMs: allowed.retryAfterMs };
    enqueueJob(tx, modelRoastJob(buildId), now);
    return { ok: true };
  });
}

/** Every attempt failed: the build page says so kindly, and the build stays as it is. */
export function markRoastFailed(tx: Writer, buildId: number, now = new Date()): void {
  tx.update(builds).set({ roastFailedAt: now }).where(eq(builds.id, buildId)).run();
}

export function roastView(build: {
  roast: string;
  roastIntensity: RoastIntensity;
  roastAdvice: readonly string[] | null;
  roastModel: string | null;
  roastFacts: unknown;
  roastFailedAt: Date | null;
  reviewStatus: 'pending' | 'approved' | 'held' | 'rejected';
  reviewReason: string | null;
}): RoastView {
  if (build.reviewStatus === 'held' || build.reviewStatus === 'rejected') {
    return { state: build.reviewStatus, reason: build.reviewReason ?? '' };
  }
  if (build.roast) {
    const facts = roastFactsSchema.safeParse(build.roastFacts);
    return {
      state: 'roasted',
      text: build.roast,
      author: build.roastModel ?? BUILTIN_MODEL_NAME,
      intensity: build.roastIntensity,
      // Roasts written before advice existed have none.
      advice: build.roastAdvice ?? [],
      spotted: facts.success ? spottedList(facts.data) : [],
    };
  }
  return build.roastFailedAt ? { state: 'failed' } : { state: 'waiting' };
}
