import { z } from 'zod';
import { type Operation, timestamp } from './common';

/** A competition card (spec §4): every field /competitions and the home page show. */
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

export const winnerSchema = z.object({
  placement: z.int().meta({ description: '1, 2 or 3' }),
  prize: z.string().nullable().meta({ description: 'The prize line that place won, if there is one' }),
  username: z.string(),
  buildId: z.int(),
  title: z.string(),
  imageUrl: z.string().meta({ description: "The winning build's photo" }),
});

export const pastCompetitionSchema = competitionSchema.extend({ closedAt: timestamp, winners: z.array(winnerSchema) });

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
  votes: z.int().meta({ description: 'Ratings given during the competition' }),
  points: z.int().meta({ description: 'Their stars' }),
});

export const competitionDetailSchema = competitionSchema.extend({
  rules: z.string(),
  open: z.boolean().meta({ description: 'Takes entries now (started, not ended)' }),
  closedAt: timestamp.nullable().meta({ description: 'When the result was fixed; null until then' }),
  standings: z.array(standingSchema).meta({
    description: 'Entries of listed builds, best first: the leaderboards’ Bayesian score over ratings given during the competition',
  }),
  placements: z.array(winnerSchema).nullable().meta({ description: 'Once closed: every placed entry, 1st first; null until then' }),
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
    summary: 'One competition with its standings and, once closed, its placements',
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
];
