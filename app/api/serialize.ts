import type { RoastQueue } from '~/domain/roast-queue';
import type { z } from 'zod';
import type { buildExtrasSchema } from './contract/build-details';
import type { buildCommentSchema, buildDetailSchema, leaderboardEntrySchema } from './contract/builds';
import type { competitionSchema, juryWinnerSchema, pastCompetitionSchema, winnerSchema } from './contract/competitions';
import type { CompetitionCard, JuryWinner, PastCompetition, Winner } from '~/domain/competitions';
import type { Progression } from '~/domain/progression';
import type { buildSummarySchema, userSchema } from './contract/common';
import type { BuildSummary } from '~/domain/builds';
import type { progressionSchema } from './contract/session';
import type { notificationPageSchema } from './contract/notifications';
import { notificationHref, notificationText, type NotificationView } from '~/domain/notifications';
import type { RoastIntensity } from '~/domain/roast-intensity';
import { photoAlt } from '~/domain/photo-alt';

// Domain rows → the JSON shapes of the contract (dates as ISO strings).

export function apiUser(user: {
  id: number;
  username: string;
  email: string;
  avatarUrl: string;
  bio: string;
  isAdmin: boolean;
  isModerator: boolean;
  createdAt: Date;
}): z.infer<typeof userSchema> {
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

export function apiProgression(progression: Progression): z.infer<typeof progressionSchema> {
  return {
    level: progression.level,
    experience: progression.experience,
    levelStartsAt: progression.levelStartsAt,
    nextLevelAt: progression.nextLevelAt,
    reputation: progression.reputation,
    streak: progression.streak,
    achievements: progression.achievements.map((achievement) => ({
      ...achievement,
      earnedAt: achievement.earnedAt?.toISOString() ?? null,
    })),
  };
}

export function apiCompetition(competition: CompetitionCard): z.infer<typeof competitionSchema> {
  return {
    id: competition.id,
    title: competition.title,
    theme: competition.theme,
    description: competition.description,
    startDate: competition.startDate.toISOString(),
    endDate: competition.endDate.toISOString(),
    prizes: competition.prizes,
    badgeUrl: competition.badgeUrl,
    status: competition.status,
    entryCount: competition.entryCount,
  };
}

/** A place won; its build named only while listed (null otherwise). `photoUrl` answers the build's photo. */
export function apiWinner(winner: Winner, photoUrl: (build: { imageId: number }) => string): z.infer<typeof winnerSchema> {
  return { placement: winner.placement, prize: winner.prize, ...apiJuryWinner(winner, photoUrl) };
}

export function apiJuryWinner(winner: JuryWinner, photoUrl: (build: { imageId: number }) => string): z.infer<typeof juryWinnerSchema> {
  const { build } = winner;
  return {
    username: winner.username,
    buildId: build?.id ?? null,
    title: build?.title ?? null,
    imageUrl: build ? photoUrl(build) : null,
    imageAlt: build ? photoAlt(build.photoAlt, build.title) : null,
  };
}

/** A closed competition; `photoUrl` answers its winners' photos, read for the whole list at once. */
export function apiPastCompetition(
  competition: PastCompetition,
  photoUrl: (winner: { imageId: number }) => string,
): z.infer<typeof pastCompetitionSchema> {
  const { juryWinner } = competition;
  return {
    ...apiCompetition(competition),
    closedAt: competition.closedAt.toISOString(),
    winners: competition.winners.map((winner) => apiWinner(winner, photoUrl)),
    juryWinner: juryWinner ? apiJuryWinner(juryWinner, photoUrl) : null,
  };
}

/** The fields of a build summary the contract shows (a build's page passes its fuller row). */
type SummaryInput = Pick<
  BuildSummary,
  'id' | 'title' | 'photoAlt' | 'username' | 'roast' | 'totalRating' | 'averageRating' | 'ratingCount' | 'commentCount' | 'createdAt'
>;

/** A build for a list; `imageUrl` comes from the image sources read for the whole list at once. */
export function apiBuildSummary(build: SummaryInput, imageUrl: string): z.infer<typeof buildSummarySchema> {
  return {
    id: build.id,
    title: build.title,
    username: build.username,
    imageUrl,
    imageAlt: photoAlt(build.photoAlt, build.title),
    roast: build.roast,
    totalRating: build.totalRating,
    averageRating: build.averageRating,
    ratingCount: build.ratingCount,
    commentCount: build.commentCount,
    createdAt: build.createdAt.toISOString(),
  };
}

type CommentInput = {
  id: number;
  content: string;
  username: string;
  avatarUrl: string;
  isAI: boolean;
  parentCommentId: number | null;
  createdAt: Date;
  deleted: boolean;
};

export function apiComment(comment: CommentInput): z.infer<typeof buildCommentSchema> {
  return {
    id: comment.id,
    content: comment.content,
    username: comment.username,
    avatarUrl: comment.avatarUrl,
    isAI: comment.isAI,
    parentCommentId: comment.parentCommentId,
    createdAt: comment.createdAt.toISOString(),
    deleted: comment.deleted,
  };
}

type ThreadInput = Omit<CommentInput, 'parentCommentId'> & { replies: Omit<CommentInput, 'parentCommentId'>[] };

/** A build as its page shows it: the summary, its submitter's avatar, and its comment threads. */
export function apiBuildDetail(
  build: SummaryInput & {
    avatarUrl: string;
    listed: boolean;
    roastIntensity: RoastIntensity;
    roastAdvice: readonly string[] | null;
    roastFallback: 'model_slow' | null;
  },
  imageUrl: string,
  { threads, threadCount }: { threads: ThreadInput[]; threadCount: number },
  extras: z.infer<typeof buildExtrasSchema>,
  roastQueue: RoastQueue | null,
): z.infer<typeof buildDetailSchema> {
  return {
    ...apiBuildSummary(build, imageUrl),
    ...extras,
    roastQueue,
    roastIntensity: build.roastIntensity,
    roastAdvice: build.roast ? [...(build.roastAdvice ?? [])] : [],
    roastFallback: build.roast ? build.roastFallback : null,
    avatarUrl: build.avatarUrl,
    listed: build.listed,
    comments: threads.map(({ replies, ...thread }) => ({
      ...apiComment({ ...thread, parentCommentId: null }),
      replies: replies.map((reply) => apiComment({ ...reply, parentCommentId: thread.id })),
    })),
    threadCount,
  };
}

type EntryInput = {
  rank: number;
  buildId: number;
  title: string;
  photoAlt: string | null;
  username: string;
  points: number;
  average: number;
  votes: number;
};

/** A build's place on a board: its stars, average and votes are the period's, not all time's. */
export function apiLeaderboardEntry(entry: EntryInput, imageUrl: string): z.infer<typeof leaderboardEntrySchema> {
  return {
    rank: entry.rank,
    id: entry.buildId,
    title: entry.title,
    username: entry.username,
    imageUrl,
    imageAlt: photoAlt(entry.photoAlt, entry.title),
    totalRating: entry.points,
    averageRating: entry.average,
    votes: entry.votes,
  };
}

export function apiNotificationPage(page: {
  items: NotificationView[];
  total: number;
  unread: number;
  page: number;
  pageCount: number;
}): z.infer<typeof notificationPageSchema> {
  return {
    ...page,
    items: page.items.map((item) => ({
      ...item,
      createdAt: item.createdAt.toISOString(),
      text: notificationText(item),
      url: notificationHref(item),
    })),
  };
}
