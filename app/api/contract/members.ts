import { z } from 'zod';
import { buildSummarySchema, type Operation, timestamp } from './common';
import { progressionSchema } from './session';
import { BUILD_SORTS } from '~/domain/build-sorts';
import { FORMER_USERNAME_DAYS } from '~/domain/members';
import { GALLERY_PAGE_SIZE } from '~/utils/constants';

// Members' public pages (/u/{username}) as JSON: what anyone may see of a member.

export const memberQuery = z.object({
  sort: z
    .enum(BUILD_SORTS, { error: `sort must be one of ${BUILD_SORTS.join(', ')}` })
    .optional()
    .meta({
      description: 'The order of the builds: newest (default), top-rated (the all-time leaderboard’s score, unrated last), most-discussed',
    }),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int({ error: 'page must be a whole number from 1' })
    .min(1, 'page must be a whole number from 1')
    .optional()
    .meta({ description: `Which ${GALLERY_PAGE_SIZE} builds; default 1. Past the last page, builds is empty` }),
});

export const placementSchema = z.object({
  competitionId: z.int(),
  competitionTitle: z.string(),
  closedAt: timestamp,
  placement: z.int().meta({ description: '1 for the winner' }),
  entrants: z.int().meta({ description: 'Entries in that competition, placed or not' }),
  buildId: z.int().nullable().meta({ description: 'The entry; null once the build is no longer listed' }),
  buildTitle: z.string().nullable(),
});

export const winSchema = z.object({
  competitionId: z.int(),
  competitionTitle: z.string(),
  closedAt: timestamp,
  place: z.int().nullable().meta({ description: '1 to 3: a place on the community vote’s podium; null for the jury prize' }),
  juryPrize: z.boolean(),
  prize: z.string().nullable().meta({ description: 'The prize line the competition promised that place; null without one' }),
  badgeUrl: z.string().nullable().meta({ description: 'The competition’s badge; null draws the default badge' }),
  buildId: z.int().nullable().meta({ description: 'The winning build; null once it is no longer listed' }),
  buildTitle: z.string().nullable(),
});

export const publicMemberSchema = z.object({
  username: z.string().meta({ description: 'The name now (the URL may have named an old one)' }),
  avatarUrl: z.string().meta({ description: '"" without one' }),
  bio: z.string(),
  createdAt: timestamp.meta({ description: 'When they joined' }),
  progression: progressionSchema.extend({
    achievements: progressionSchema.shape.achievements.meta({ description: 'Only the ones earned, each with earnedAt' }),
  }),
  placements: z.array(placementSchema).meta({ description: 'Closed competitions where their entry took a place, the latest first' }),
  wins: z
    .array(winSchema)
    .meta({ description: 'Their trophy case: each podium place and jury prize they won in closed competitions, the latest first' }),
  builds: z.object({
    sort: z.enum(BUILD_SORTS),
    page: z.int(),
    pageCount: z.int().meta({ description: 'At least 1' }),
    total: z.int().meta({ description: 'Their listed builds' }),
    items: z.array(buildSummarySchema),
  }),
});

export const memberOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/users/{username}',
    summary: `A member’s public page: profile, progression, competition placements and a page of their listed builds. Names compare as usernames do (case aside). A name given up in the last ${FORMER_USERNAME_DAYS} days redirects (302) to the member’s current one; 404 for an unknown name or a disabled member`,
    access: 'public',
    query: memberQuery,
    response: { status: 200, description: 'The member', schema: publicMemberSchema },
    errors: [400, 404],
  },
];
