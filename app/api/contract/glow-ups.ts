import { z } from 'zod';
import { ALT_DESCRIPTION, idParam, type Operation, timestamp } from './common';
import { GLOW_UP_MIN_RATINGS, GLOW_UPS_PAGE_SIZE } from '~/domain/glow-ups';

export const glowUpsQuery = z.object({
  page: idParam.optional().meta({ description: `Which ${GLOW_UPS_PAGE_SIZE} glow-ups; default 1. Past the last page, glowUps is empty` }),
});

const glowUpSide = z.object({
  id: z.int(),
  title: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string().meta({ description: `The main photo's alt text. ${ALT_DESCRIPTION}` }),
  averageRating: z.number(),
  ratingCount: z.int(),
  createdAt: timestamp,
});

/** "Best glow-ups" (decision 028), a page at a time. */
export const glowUpsSchema = z.object({
  glowUps: z.array(
    z.object({
      before: glowUpSide.meta({ description: 'The earlier build' }),
      after: glowUpSide.meta({ description: 'The glow-up: new photos of the same rig' }),
      username: z.string().meta({ description: 'Whose rig it is' }),
      improvement: z.number().meta({ description: "The glow-up's average rating minus the earlier build's" }),
    }),
  ),
  minRatings: z.int().meta({ description: 'How many ratings each of the two needs before a glow-up is ranked' }),
  page: z.int(),
  pageCount: z.int(),
  total: z.int(),
});

export const glowUpOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/glow-ups',
    summary: `Best glow-ups: listed glow-ups of listed builds, ranked by improvement (the glow-up's average rating minus the earlier build's) once each has ${GLOW_UP_MIN_RATINGS} ratings or more; ties go to more ratings, then the newer`,
    access: 'public',
    query: glowUpsQuery,
    response: { status: 200, description: 'A page of glow-ups, best first', schema: glowUpsSchema },
    errors: [400],
  },
];
