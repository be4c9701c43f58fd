import { z } from 'zod';
import { emailPreferencesSchema, type Operation, userSchema } from './common';

export const sessionOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/user',
    summary: 'The signed-in member, with their e-mail preferences; 401 when signed out',
    access: 'member',
    response: { status: 200, description: 'The member', schema: userSchema.extend({ emailPreferences: emailPreferencesSchema }) },
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
