import { eq } from 'drizzle-orm';
import { builds, images } from '../../db/schema';
import { enqueueJob } from '~/jobs/queue.server';
import { roastJob } from '~/jobs/job-types';
import { BUILTIN_MODEL_NAME, type RoastAuthor, type RoastFacts, roastFactsSchema, type RoastView, spottedList } from '~/roast/facts';
import { db, type Writer } from '~/services/db.server';
import { recordBuildListed, recordRoast } from './progression.server';
import { rememberRoastLines } from './roast-memory.server';

/** What the roast and screening jobs need to know about a build. */
export function buildForRoast(buildId: number) {
  return (
    db()
      .select({
        id: builds.id,
        title: builds.title,
        imageId: builds.imageId,
        reviewStatus: builds.reviewStatus,
        roast: builds.roast,
        roastProvider: builds.roastProvider,
        roastFacts: builds.roastFacts,
        roastRequestedAt: builds.roastRequestedAt,
        // The photo's size as uploaded (the roaster looks at a smaller copy).
        photo: { width: images.width, height: images.height },
      })
      .from(builds)
      .innerJoin(images, eq(images.id, builds.imageId))
      .where(eq(builds.id, buildId))
      .get() ?? null
  );
}

export type ScreeningOutcome = {
  outcome: 'approved' | 'held' | 'rejected';
  reason: string | null;
  /** The local models' scores, kept for moderators. */
  scores: Record<string, unknown> | null;
  /** What the vision model's look step saw, reused by the roast. */
  look: { facts: RoastFacts; author: RoastAuthor } | null;
};

/**
 * Records screening's decision on a still-pending build. An approved build is
 * listed and its roast queued in the same transaction; a held or rejected one
 * waits for a moderator (or stays hidden) with the reason its owner sees.
 */
export function saveScreening(tx: Writer, buildId: number, result: ScreeningOutcome, now = new Date()): void {
  tx.update(builds)
    .set({
      reviewStatus: result.outcome,
      reviewReason: result.reason,
      screening: result.scores,
      ...(result.look
        ? { roastFacts: result.look.facts, roastProvider: result.look.author.provider, roastModel: result.look.author.model }
        : {}),
    })
    .where(eq(builds.id, buildId))
    .run();
  if (result.outcome === 'approved') {
    enqueueJob(tx, roastJob(buildId), now);
    recordBuildListed(tx, buildId, now);
  }
}

/** Screening could not run at all: a moderator looks instead, and the build is kept. */
export function holdForReview(tx: Writer, buildId: number, reason: string): void {
  tx.update(builds).set({ reviewStatus: 'held', reviewReason: reason }).where(eq(builds.id, buildId)).run();
}

/** `lines`: the built-in roaster's line ids (the opener's first), remembered so later roasts avoid them. */
export function saveRoast(
  tx: Writer,
  buildId: number,
  roast: { text: string; facts: RoastFacts; author: RoastAuthor; lines: readonly string[] | null },
  now = new Date(),
): void {
  tx.update(builds)
    .set({
      roast: roast.text,
      roastFacts: roast.facts,
      roastProvider: roast.author.provider,
      roastModel: roast.author.model,
      roastOpener: roast.lines?.[0] ?? null,
      roastedAt: now,
      roastFailedAt: null,
    })
    .where(eq(builds.id, buildId))
    .run();
  recordRoast(tx, buildId, now);
  if (roast.lines) rememberRoastLines(tx, buildId, now, roast.lines);
}

/** Every attempt failed: the build page says so kindly, and the build stays as it is. */
export function markRoastFailed(tx: Writer, buildId: number, now = new Date()): void {
  tx.update(builds).set({ roastFailedAt: now }).where(eq(builds.id, buildId)).run();
}

export function roastView(build: {
  roast: string;
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
      spotted: facts.success ? spottedList(facts.data) : [],
    };
  }
  return build.roastFailedAt ? { state: 'failed' } : { state: 'waiting' };
}
