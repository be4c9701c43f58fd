import { z } from 'zod';
import type { Operation } from './common';

const digestBuild = {
  id: z.number().int(),
  title: z.string(),
  username: z.string().meta({ description: 'Its maker' }),
};

/** The week on RigRoast: what the Monday digest tells, over the last seven days. */
export const weekDigestSchema = z.object({
  week: z.string().meta({ description: 'The ISO week it is named for, e.g. 2026-W49' }),
  topBuilds: z
    .array(z.object({ ...digestBuild, votes: z.number().int(), average: z.number() }))
    .meta({ description: 'The week’s top-rated builds, best first (the weekly leaderboard’s first three)' }),
  topRoasts: z
    .array(z.object({ ...digestBuild, landed: z.number().int(), opening: z.string().meta({ description: 'The roast’s first line' }) }))
    .meta({ description: 'The roasts the most members said landed this week' }),
  results: z
    .array(
      z.object({
        id: z.number().int().meta({ description: 'The competition' }),
        title: z.string(),
        winner: z
          .object({ ...digestBuild, prize: z.string().nullable() })
          .nullable()
          .meta({ description: 'The winning build and its maker; null when it is not shown' }),
      }),
    )
    .meta({ description: 'Competitions that closed this week, the latest first' }),
  battleWinners: z
    .array(z.object({ ...digestBuild, wins: z.number().int(), votes: z.number().int() }))
    .meta({ description: 'The builds that won the most Rig Battles this week, with their wins of this week’s votes' }),
  battleMovers: z
    .array(
      z.object({
        ...digestBuild,
        from: z.number().int().meta({ description: 'Its place in the battle rankings when the week began' }),
        to: z.number().int().meta({ description: 'Its place now' }),
      }),
    )
    .meta({ description: 'The builds that climbed the battle rankings most this week' }),
  glowUps: z
    .array(
      z.object({
        ...digestBuild,
        improvement: z.number().meta({ description: 'Its average rating minus the earlier build’s' }),
        before: z.object({ id: z.number().int(), title: z.string() }).meta({ description: 'The earlier build it is a glow-up of' }),
      }),
    )
    .meta({ description: 'The week’s best glow-ups, by the rating they gained' }),
});

export const digestOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/week',
    summary:
      'The week on RigRoast, as the Monday digest tells it: top builds, the roasts that landed, competition results, battle winners and movers, the best glow-ups',
    access: 'public',
    response: { status: 200, description: 'The last seven days; hidden builds are never named', schema: weekDigestSchema },
    errors: [],
  },
];
