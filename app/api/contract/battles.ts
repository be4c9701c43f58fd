import { z } from 'zod';
import { rankedBuildFields } from './builds';
import { ALT_DESCRIPTION, type Operation } from './common';
import { BATTLE_CERTAINTIES, BATTLE_CHOICES } from '~/domain/battle-votes';

// Rig Battles (decision 027): a pair of listed builds shown by their photos alone, a vote
// between them, and the ranking fitted to every vote.

const battleSideSchema = z.object({
  id: z.int().meta({ description: 'The build, to send back with the vote' }),
  imageUrl: z.string(),
  imageAlt: z.string().meta({ description: `The photo's alt text (never its title): ${ALT_DESCRIPTION}` }),
});

export const nextBattleSchema = z.object({
  pair: z
    .object({ first: battleSideSchema, second: battleSideSchema })
    .nullable()
    .meta({ description: 'Two listed builds, photos only, sides in random order; null when no pair is left for the caller' }),
});

const standingSchema = z
  .object({
    rank: z.int().nullable().meta({ description: 'Its place on the battle leaderboard; null before its first votes are fitted' }),
    votes: z.int().meta({ description: 'Battle votes it was in, as last fitted' }),
    certainty: z.enum(BATTLE_CERTAINTIES).meta({ description: 'How sure the ranking is of its place' }),
  })
  .nullable();

const revealedSchema = z.object({
  id: z.int(),
  title: z.string(),
  username: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string().meta({ description: ALT_DESCRIPTION }),
  standing: standingSchema,
});

export const battleVoteBodySchema = z
  .object({
    first: z
      .int({ error: 'first must be a build id' })
      .positive({ error: 'first must be a build id' })
      .meta({ description: 'The build shown first' }),
    second: z
      .int({ error: 'second must be a build id' })
      .positive({ error: 'second must be a build id' })
      .meta({ description: 'The build shown second' }),
    choice: z
      .enum(BATTLE_CHOICES, { error: 'choice must be first, second or draw' })
      .meta({ description: 'first, second, or draw (can’t decide)' }),
  })
  .meta({ description: 'Any other field is ignored' });

export const battleVoteResultSchema = z.object({
  builds: z.array(revealedSchema).meta({ description: 'The two builds revealed, in id order' }),
  choice: z.enum(BATTLE_CHOICES).meta({ description: 'The vote as the caller sent it' }),
});

export const battleEntrySchema = z.object({
  ...rankedBuildFields,
  votes: z.int().meta({ description: 'Battle votes it was in' }),
  certainty: z.enum(BATTLE_CERTAINTIES).meta({ description: 'How sure the ranking is of its place' }),
  score: z.number().meta({ description: 'The conservative score it is ranked by: the lower end of its strength’s interval (logit scale)' }),
});

export const battleOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/battles/next',
    summary: 'The next battle for the caller: two listed builds, photos only; never the caller’s own build or a pair they voted on',
    access: 'public',
    response: { status: 200, description: 'A pair, or null', schema: nextBattleSchema },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/battles/vote',
    summary:
      'A vote between two listed builds: one per member per pair, never with their own build, from the level BATTLE_MIN_LEVEL or an account a week old',
    access: 'member',
    body: { type: 'json', schema: battleVoteBodySchema },
    response: { status: 200, description: 'The pair revealed with its standings', schema: battleVoteResultSchema },
    errors: [400, 401, 403, 404, 409, 415, 429],
  },
  {
    method: 'get',
    path: '/api/battles/leaderboard',
    summary: 'Listed builds by their conservative battle score, with how sure each place is',
    access: 'public',
    query: z.object({ limit: z.int().min(1).optional().meta({ description: 'How many; default 50, at most 100 (more is capped)' }) }),
    response: { status: 200, description: 'The ranking, best first', schema: z.array(battleEntrySchema) },
    errors: [],
  },
];
