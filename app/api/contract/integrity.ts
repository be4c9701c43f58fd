import { z } from 'zod';
import { messageSchema, type Operation, timestamp } from './common';
import { DISCOUNT_REASON_MAX, FINDING_KINDS } from '~/domain/vote-integrity';

const score = z.object({
  votes: z.number().int(),
  average: z.number(),
  score: z.number().meta({ description: 'The all-time leaderboard’s Bayesian score' }),
});

const scoreEffectSchema = z.object({
  buildId: z.number().int(),
  title: z.string(),
  owner: z.string(),
  with: score.meta({ description: 'With the group’s ratings' }),
  without: score.meta({ description: 'Without them' }),
});

export const integritySchema = z.object({
  scan: z
    .object({ scannedAt: timestamp, durationMs: z.number().int() })
    .nullable()
    .meta({ description: 'The last scan; null before the first' }),
  findings: z.array(
    z.object({
      kind: z.enum(FINDING_KINDS),
      key: z.string(),
      summary: z.string(),
      evidence: z.array(z.string()),
      accounts: z.array(
        z.object({ id: z.number().int(), username: z.string(), createdAt: timestamp, discounted: z.boolean(), note: z.string() }),
      ),
      buildIds: z.array(z.number().int()),
      effects: z.array(scoreEffectSchema),
    }),
  ),
  discounts: z.array(
    z.object({
      userId: z.number().int(),
      username: z.string(),
      reason: z.string(),
      byName: z.string(),
      createdAt: timestamp,
      ratings: z.number().int(),
      effects: z.array(scoreEffectSchema),
    }),
  ),
});

export const ratingDiscountBody = z.object({
  discounted: z.boolean({ error: 'discounted must be true or false' }),
  reason: z
    .string({ error: 'Say why: the reason goes in the audit log' })
    .trim()
    .min(1, 'Say why: the reason goes in the audit log')
    .max(DISCOUNT_REASON_MAX, `Keep the reason under ${DISCOUNT_REASON_MAX} characters`),
});

export const integrityOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/admin/integrity',
    summary:
      'Vote integrity: the last scan’s findings and the discounted members, with the affected builds’ scores with and without their ratings',
    access: 'staff',
    response: { status: 200, description: 'Findings and discounts', schema: integritySchema },
    errors: [401, 403],
  },
  {
    method: 'post',
    path: '/api/admin/integrity/scan',
    summary: 'Asks for a vote-integrity scan now (it runs in the background; findings appear when it is done)',
    access: 'staff',
    response: { status: 200, description: '"Scan queued"', schema: messageSchema },
    errors: [401, 403],
  },
  {
    method: 'patch',
    path: '/api/admin/users/{userId}/rating-discount',
    summary:
      'Discounts a member’s ratings (kept, but out of every score and standing) or restores them; audited with the reason; never one’s own',
    access: 'staff',
    body: { type: 'json', schema: ratingDiscountBody },
    response: { status: 200, description: '"Ratings discounted" or "Ratings restored"', schema: messageSchema },
    errors: [400, 401, 403, 404, 409, 415],
  },
];
