import { z } from 'zod';
import { ALT_DESCRIPTION, type Operation, timestamp } from './common';

/** A competition card (docs/product.md §4): every field /competitions and the home page show. */
export const competitionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  theme: z.string(),
  description: z.string(),
  startDate: timestamp,
  endDate: timestamp,
  prizes: z.array(z.string()).meta({ description: 'Prize lines, the first for 1st place' }),
  badgeUrl: z.string().nullable().meta({ description: 'The badge image; null draws the default badge' }),
  status: z.enum(['upcoming', 'active', 'ended']),
  entryCount: z.int().meta({ description: 'Entries whose build is listed' }),
});

/** Who won and with which build: the build is named only while it is listed. */
const winnerFields = {
  username: z.string(),
  buildId: z.int().nullable().meta({ description: 'The winning build; null once it is no longer listed (the place stays theirs)' }),
  title: z.string().nullable().meta({ description: 'Its title; null once it is no longer listed' }),
  imageUrl: z.string().nullable().meta({ description: "The winning build's photo; null once it is no longer listed" }),
  imageAlt: z
    .string()
    .nullable()
    .meta({ description: `${ALT_DESCRIPTION}; null once it is no longer listed` }),
};

export const winnerSchema = z.object({
  placement: z.int().meta({ description: '1, 2 or 3' }),
  prize: z.string().nullable().meta({ description: 'The prize line that place won, if there is one' }),
  ...winnerFields,
});

export const juryWinnerSchema = z
  .object(winnerFields)
  .meta({ description: "The jury prize: the entry the jurors' own stars placed first" });

export const pastCompetitionSchema = competitionSchema.extend({
  closedAt: timestamp,
  winners: z.array(winnerSchema),
  juryWinner: juryWinnerSchema.nullable().meta({ description: 'The jury prize; null without a jury, or when no juror voted' }),
});

export const competitionListSchema = z.object({
  active: z.array(competitionSchema).meta({ description: 'Open now, the one ending soonest first' }),
  upcoming: z.array(competitionSchema).meta({ description: 'Not started yet, the next to start first' }),
  past: z.array(pastCompetitionSchema).meta({ description: 'Closed, the latest to end first, each with its winners' }),
});

export const standingSchema = z.object({
  rank: z.int().meta({ description: 'The standing; once closed, the placement' }),
  buildId: z.int(),
  title: z.string(),
  username: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string().meta({ description: ALT_DESCRIPTION }),
  votes: z.int().meta({ description: 'Ratings given during the competition' }),
  points: z.int().meta({ description: 'Their stars' }),
});

export const contestEntrySchema = z.object({
  buildId: z.int(),
  title: z.string(),
  username: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string().meta({ description: ALT_DESCRIPTION }),
  myRating: z.int().nullable().meta({ description: 'The signed-in member’s own stars on it; null when not rated, or for a guest' }),
});

export const competitionDetailSchema = competitionSchema.extend({
  rules: z.string(),
  open: z.boolean().meta({ description: 'Takes entries and ratings now (started, not ended)' }),
  contest: z.boolean().meta({ description: 'Contest mode: started and not closed, so no score, count or rank is given' }),
  series: z.string().nullable().meta({ description: 'Its series: a build that won one of the series cannot win another' }),
  jurors: z.array(z.string()).meta({ description: 'Usernames of the jury; empty, no jury prize' }),
  closedAt: timestamp.nullable().meta({ description: 'When the result was fixed; null until then' }),
  entries: z.array(contestEntrySchema).nullable().meta({
    description:
      'In contest mode: entries of listed builds, shuffled for each caller (stable for a caller through the UTC day), without scores; null otherwise',
  }),
  standings: z.array(standingSchema).nullable().meta({
    description:
      'Once closed: the placed entries of listed builds, best first, by the leaderboards’ Bayesian score over members’ (not jurors’) ratings given during the competition (an entry no member voted for takes no place); null until then',
  }),
  placements: z.array(winnerSchema).nullable().meta({ description: 'Once closed: every placed entry, 1st first; null until then' }),
  juryWinner: juryWinnerSchema
    .nullable()
    .meta({ description: 'Once closed: the jury prize; null until then, without a jury, or with no juror vote' }),
});

/** An admin's competition (the admin form's fields, without the badge): whole UTC days, prizes one per item. */
export const adminCompetitionBody = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(100, 'Title cannot exceed 100 characters'),
    theme: z.string().trim().min(1, 'Theme is required').max(100, 'Theme cannot exceed 100 characters'),
    description: z.string().trim().min(1, 'Description is required').max(2000, 'Description cannot exceed 2000 characters'),
    rules: z.string().trim().max(4000, 'Rules cannot exceed 4000 characters').optional(),
    prizes: z.array(z.string().trim().min(1).max(200)).max(20).optional().meta({ description: 'Prize lines, the first for 1st place' }),
    startDate: z.iso.date({ error: 'startDate must be a day, YYYY-MM-DD' }).meta({ description: 'The first day (UTC)' }),
    endDate: z.iso.date({ error: 'endDate must be a day, YYYY-MM-DD' }).meta({ description: 'The last day (UTC); it runs to its end' }),
    series: z.string().trim().max(100, 'Series cannot exceed 100 characters').nullable().optional().meta({
      description:
        'The series it belongs to; a build that won one of the series cannot win another. Omitted: unchanged; null or empty: none',
    }),
    jurors: z.array(z.string().trim().min(1)).max(20, 'At most 20 jurors').optional().meta({
      description:
        'Usernames of the jury (members); their stars make the jury prize and do not count for the community. Omitted: unchanged',
    }),
  })
  .refine((value) => value.endDate >= value.startDate, { path: ['endDate'], message: 'The end date must be on or after the start date' });

export const adminCompetitionSchema = z.object({
  id: z.int(),
  title: z.string(),
  theme: z.string(),
  description: z.string(),
  rules: z.string(),
  prizes: z.array(z.string()),
  startDate: timestamp,
  endDate: timestamp,
  status: z.enum(['upcoming', 'active', 'ended']),
  series: z.string().nullable(),
  jurors: z.array(z.string()),
});

export const entryBodySchema = z.object({
  buildId: z.int({ error: 'buildId must be a whole number' }).positive('buildId must be a whole number'),
});

export const entrySchema = z.object({
  competitionId: z.int(),
  buildId: z.int(),
  replaced: z.boolean().meta({ description: 'True when it replaced the member’s earlier entry' }),
});

export const competitionOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/competitions/active',
    summary: 'Competitions open now, the one ending soonest first',
    access: 'public',
    response: { status: 200, description: 'The competitions', schema: z.array(competitionSchema) },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/competitions',
    summary: 'Active, upcoming and past competitions',
    access: 'public',
    response: { status: 200, description: 'The competitions', schema: competitionListSchema },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/competitions/{id}',
    summary:
      'One competition: while it runs (contest mode) its entries shuffled for the caller, without scores; once closed, its standings, placements and jury prize',
    access: 'public',
    response: { status: 200, description: 'The competition', schema: competitionDetailSchema },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/competitions/{id}/entries',
    summary: 'Enters one of the member’s own listed builds while the competition is open; replaces their entry if they have one',
    access: 'member',
    body: { type: 'json', schema: entryBodySchema },
    response: { status: 200, description: 'The member’s entry', schema: entrySchema },
    errors: [400, 401, 403, 404, 409, 415],
  },
  {
    method: 'delete',
    path: '/api/competitions/{id}/entries',
    summary: 'Withdraws the member’s entry while the competition is open',
    access: 'member',
    response: { status: 200, description: 'Withdrawn', schema: z.object({ message: z.string() }) },
    errors: [401, 404, 409],
  },
  {
    method: 'post',
    path: '/api/admin/competitions',
    summary: 'Creates a competition, with its series and jury (as the admin form does, without a badge)',
    access: 'admin',
    body: { type: 'json', schema: adminCompetitionBody },
    response: { status: 201, description: 'The competition', schema: adminCompetitionSchema },
    errors: [400, 401, 403, 415],
  },
  {
    method: 'patch',
    path: '/api/admin/competitions/{id}',
    summary: 'Changes a competition: its fields, and its series and jury when given',
    access: 'admin',
    body: { type: 'json', schema: adminCompetitionBody },
    response: { status: 200, description: 'The competition', schema: adminCompetitionSchema },
    errors: [400, 401, 403, 404, 415],
  },
];
