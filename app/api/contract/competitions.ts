import { z } from 'zod';
import { type Operation, timestamp } from './common';

export const competitionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  theme: z.string(),
  description: z.string(),
  endDate: timestamp,
  prizes: z.array(z.string()),
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
];
