import type { z } from 'zod';
import type { competitionSchema } from './contract/competitions';
import type { userSchema } from './contract/common';

// Domain rows → the JSON shapes of the contract (dates as ISO strings).

export function apiUser(user: { id: number; username: string; email: string; avatarUrl: string; bio: string; isAdmin: boolean; isModerator: boolean; createdAt: Date }): z.infer<typeof userSchema> {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    avatarUrl: user.avatarUrl,
    bio: user.bio,
    isAdmin: user.isAdmin,
    isModerator: user.isModerator,
    createdAt: user.createdAt.toISOString(),
  };
}

export function apiCompetition(competition: { id: number; title: string; theme: string; description: string; endDate: Date; prizes: string[] }): z.infer<typeof competitionSchema> {
  return { ...competition, endDate: competition.endDate.toISOString() };
}
