import { describe, expect, it } from 'vitest';
import type { RoastFacts } from '~/roast/facts';
import { nsfwScore, SCREENING_REASONS, type ScreeningScores, screeningVerdict, type ScreeningVerdict } from './verdict';

const thresholds = { nsfwHold: 0.45, nsfwReject: 0.9, faceHold: 0.8 };

type Look = Pick<RoastFacts, 'isPcBuild' | 'safety'>;

function scores(overrides: Partial<ScreeningScores> = {}): ScreeningScores {
  return {
    nsfw: 0.01,
    classes: { Drawing: 0.05, Hentai: 0, Neutral: 0.94, Porn: 0.005, Sexy: 0.005 },
    faces: 0,
    faceScore: 0,
    ms: 700,
    ...overrides,
  };
}

function look(overrides: { isPcBuild?: boolean; safety?: Partial<Look['safety']> } = {}): Look {
  return {
    isPcBuild: overrides.isPcBuild ?? true,
    safety: { people: false, nsfw: false, offensive: false, ...overrides.safety },
  };
}

const approved: ScreeningVerdict = { outcome: 'approved', reason: null };
const rejected: ScreeningVerdict = { outcome: 'rejected', reason: SCREENING_REASONS.nsfw };
const heldGuidelines: ScreeningVerdict = { outcome: 'held', reason: SCREENING_REASONS.guidelines };
const heldPerson: ScreeningVerdict = { outcome: 'held', reason: SCREENING_REASONS.person };
const heldNotPc: ScreeningVerdict = { outcome: 'held', reason: SCREENING_REASONS.notPcBuild };

describe('screeningVerdict', () => {
  it.each<[string, ScreeningScores | null, Look | null, ScreeningVerdict]>([
    ['nothing ran', null, null, approved],
    ['clean scores, no look', scores(), null, approved],
    ['clean scores and a clean look', scores(), look(), approved],
    ['no scores, a clean look', null, look(), approved],
    // Local NSFW score, at and around both thresholds.
    ['nsfw just under the hold threshold', scores({ nsfw: 0.4499 }), null, approved],
    ['nsfw at the hold threshold', scores({ nsfw: 0.45 }), null, heldGuidelines],
    ['nsfw just under the reject threshold', scores({ nsfw: 0.8999 }), null, heldGuidelines],
    ['nsfw at the reject threshold', scores({ nsfw: 0.9 }), null, rejected],
    ['nsfw certain', scores({ nsfw: 1 }), null, rejected],
    // Faces.
    ['a face just under the threshold', scores({ faces: 1, faceScore: 0.7999 }), null, approved],
    ['a face at the threshold', scores({ faces: 1, faceScore: 0.8 }), null, heldPerson],
    ['a sure face', scores({ faces: 3, faceScore: 0.99 }), null, heldPerson],
    // The vision model's look step.
    ['look: nsfw', null, look({ safety: { nsfw: true } }), heldGuidelines],
    ['look: offensive', scores(), look({ safety: { offensive: true } }), heldGuidelines],
    ['look: people', scores(), look({ safety: { people: true } }), heldPerson],
    ['look: not a PC build', scores(), look({ isPcBuild: false }), heldNotPc],
    // Rejected beats every hold.
    ['reject beats a face', scores({ nsfw: 0.95, faceScore: 0.99 }), null, rejected],
    [
      'reject beats every look flag',
      scores({ nsfw: 0.9 }),
      look({ isPcBuild: false, safety: { people: true, nsfw: true, offensive: true } }),
      rejected,
    ],
    // Among holds, the reason names the most serious.
    ['guidelines before a face', scores({ nsfw: 0.5, faceScore: 0.99 }), null, heldGuidelines],
    ['look nsfw before a face', scores({ faceScore: 0.99 }), look({ safety: { nsfw: true } }), heldGuidelines],
    ['a person before not a PC build', scores({ faceScore: 0.9 }), look({ isPcBuild: false }), heldPerson],
    ['look people before not a PC build', null, look({ isPcBuild: false, safety: { people: true } }), heldPerson],
  ])('%s', (_, given, seen, expected) => {
    expect(screeningVerdict({ scores: given, look: seen, thresholds })).toEqual(expected);
  });

  it('uses the thresholds it is given', () => {
    const strict = { nsfwHold: 0.1, nsfwReject: 0.3, faceHold: 0.5 };
    expect(screeningVerdict({ scores: scores({ nsfw: 0.2 }), look: null, thresholds: strict })).toEqual(heldGuidelines);
    expect(screeningVerdict({ scores: scores({ nsfw: 0.3 }), look: null, thresholds: strict })).toEqual(rejected);
    expect(screeningVerdict({ scores: scores({ faceScore: 0.6 }), look: null, thresholds: strict })).toEqual(heldPerson);
  });
});

describe('nsfwScore', () => {
  it.each([
    [{ Drawing: 0.1, Hentai: 0, Neutral: 0.9, Porn: 0, Sexy: 0 }, 0],
    [{ Drawing: 0, Hentai: 0, Neutral: 0, Porn: 1, Sexy: 0 }, 1],
    [{ Drawing: 0, Hentai: 1, Neutral: 0, Porn: 0, Sexy: 0 }, 1],
    // Suggestive only: a moderator looks (0.5 ≥ hold), never an automatic rejection.
    [{ Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 1 }, 0.5],
    [{ Drawing: 0.1, Hentai: 0.1, Neutral: 0.2, Porn: 0.4, Sexy: 0.2 }, 0.6],
  ])('%o scores %d', (classes, expected) => {
    expect(nsfwScore(classes)).toBeCloseTo(expected, 10);
  });
});
