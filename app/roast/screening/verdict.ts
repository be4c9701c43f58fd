import type { RoastFacts } from '~/roast/facts';
import type { NsfwClass } from './worker';

export type ScreeningScores = {
  /** 0–1: how likely the photo is sexual content; see nsfwScore. */
  nsfw: number;
  /** The NSFW classifier's probabilities (they sum to 1). */
  classes: Record<NsfwClass, number>;
  /** Faces detected at or above the detector's minimum confidence (0.5). */
  faces: number;
  /** The highest face confidence, 0 when none. */
  faceScore: number;
  /** Time the screening process spent on this image, in milliseconds. */
  ms: number;
};

export type ScreeningThresholds = { nsfwHold: number; nsfwReject: number; faceHold: number };
export type ScreeningVerdict = { outcome: 'approved'; reason: null } | { outcome: 'held' | 'rejected'; reason: string };

/** What the owner reads when screening did not approve their photo. */
export const SCREENING_REASONS = {
  nsfw: 'This photo looks like NSFW material, which our content guidelines prohibit.',
  guidelines: 'This photo may not meet our content guidelines, so a moderator will check it before it is listed.',
  person: 'We may have spotted a person or a face in this photo, so a moderator will check it before it is listed.',
  notPcBuild: "This photo doesn't look like a PC build, so a moderator will check it before it is listed.",
} as const;

/**
 * Porn + Hentai + Sexy / 2. Porn and Hentai are explicit. Sexy is suggestive, and
 * the small MobileNetV2 also gives it 0.1–0.5 for ordinary photos of dressed people,
 * so it counts half: a wholly "Sexy" photo scores 0.5, enough for a moderator to
 * look, never enough to reject on its own.
 */
export function nsfwScore(classes: Record<NsfwClass, number>): number {
  return Math.min(1, classes.Porn + classes.Hentai + classes.Sexy / 2);
}

/**
 * Whether a screened photo is listed, held for a moderator or rejected, and the
 * reason its owner sees. Only a clear NSFW score rejects: every other doubt goes
 * to a moderator, because the models can be wrong. When several holds apply, the
 * reason names the most serious.
 */
export function screeningVerdict({
  scores,
  look,
  thresholds,
}: {
  /** Null when local screening did not run. */
  scores: ScreeningScores | null;
  /** The vision model's look step, null when none. */
  look: Pick<RoastFacts, 'isPcBuild' | 'safety'> | null;
  thresholds: ScreeningThresholds;
}): ScreeningVerdict {
  if (scores && scores.nsfw >= thresholds.nsfwReject) return { outcome: 'rejected', reason: SCREENING_REASONS.nsfw };
  const held = (reason: string): ScreeningVerdict => ({ outcome: 'held', reason });
  if (scores && scores.nsfw >= thresholds.nsfwHold) return held(SCREENING_REASONS.guidelines);
  if (look?.safety.nsfw || look?.safety.offensive) return held(SCREENING_REASONS.guidelines);
  if (scores && scores.faceScore >= thresholds.faceHold) return held(SCREENING_REASONS.person);
  if (look?.safety.people) return held(SCREENING_REASONS.person);
  if (look?.isPcBuild === false) return held(SCREENING_REASONS.notPcBuild);
  return { outcome: 'approved', reason: null };
}
