import type { z } from 'zod';
import type { competitionSchema } from './contract/competitions';
import type { buildSummarySchema, userSchema } from './contract/common';

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

type SummaryInput = { id: number; title: string; username: string; roast: string; totalRating: number; averageRating: number; ratingCount: number; commentCount: number; createdAt: Date };

/** A build for a list; `imageUrl` comes from the image sources read for the whole list at once. */
export function apiBuildSummary(build: SummaryInput, imageUrl: string): z.infer<typeof buildSummarySchema> {
  return {
    id: build.id,
    title: build.title,
    username: build.username,
    imageUrl,
    roast: build.roast,
    totalRating: build.totalRating,
    averageRating: build.averageRating,
    ratingCount: build.ratingCount,
    commentCount: build.commentCount,
    createdAt: build.createdAt.toISOString(),
  };
}
