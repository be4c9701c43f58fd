import { z } from 'zod';
import { emailPreferencesSchema, type Operation, timestamp, userSchema } from './common';
import { ownWarningSchema } from './member-moderation';

/** The member's progression (decision 011): level, experience and the way to the next level, reputation, streak, achievements. */
export const progressionSchema = z.object({
  level: z.number().int().meta({ description: 'Starts at 1' }),
  experience: z.number().int(),
  levelStartsAt: z.number().int().meta({ description: 'The experience at which the current level began' }),
  nextLevelAt: z.number().int().meta({ description: 'The experience that reaches the next level' }),
  reputation: z.number().int().meta({ description: "Each rating of the member's builds adds its stars less 2; never below 0" }),
  streak: z.number().int().meta({ description: 'Consecutive UTC days with an action, up to today or yesterday; 0 once a day was missed' }),
  achievements: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      description: z.string().meta({ description: 'How to earn it' }),
      icon: z.string().meta({ description: "The name of RigRoast's own icon for it" }),
      category: z.string(),
      threshold: z.number().int(),
      earnedAt: timestamp.nullable().meta({ description: 'null while locked' }),
    }),
  ),
});

export const currentUserSchema = userSchema.extend({
  emailPreferences: emailPreferencesSchema,
  marketingOptedInAt: timestamp
    .nullable()
    .meta({ description: 'When you opted in to news and offers, while that stands; none is mailed to you otherwise' }),
  progression: progressionSchema,
  suspendedUntil: timestamp.nullable().meta({ description: 'While a staff suspension runs (you can read, not write); null otherwise' }),
  warnings: z.array(ownWarningSchema).meta({ description: 'Staff warnings you have not acknowledged yet, oldest first' }),
});

export const sessionOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/user',
    summary: 'The signed-in member with their e-mail preferences and progression; 401 when signed out',
    access: 'member',
    response: { status: 200, description: 'The member', schema: currentUserSchema },
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/logout',
    summary: 'Ends the session and clears its cookie',
    access: 'public',
    response: { status: 200, description: 'Signed out', schema: z.object({ ok: z.literal(true) }) },
    errors: [],
  },
];
