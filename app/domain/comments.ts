// A comment as pages and the API show it: the view types the models return.

export type CommentView = {
  id: number;
  content: string;
  isAI: boolean;
  userId: number | null;
  username: string;
  /** The author's level; null for RoastBot and deleted comments. */
  level: number | null;
  avatarUrl: string;
  createdAt: Date;
  /** Deleted by its author but kept for its replies: content and username are "[deleted]". */
  deleted: boolean;
};
export type CommentThread = CommentView & { replies: CommentView[] };

/**
 * How a build's threads are ordered: `new`, newest thread first (the default); `top`,
 * the most answered first (replies are the signal comments have; ties newest first).
 */
export const COMMENT_SORTS = ['new', 'top'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/**
 * A long thread folds its middle: with more than FOLD_AFTER replies it shows the
 * first REPLIES_BEFORE_FOLD and the latest REPLIES_AFTER_FOLD, the rest behind
 * "Show N more replies". The latest stay in sight, so a reply just posted (or
 * RoastBot's answer) is never folded away.
 */
export const REPLIES_BEFORE_FOLD = 2;
export const REPLIES_AFTER_FOLD = 2;
export const FOLD_AFTER = 5;

/** A thread's replies as the page shows them: those before the fold, the folded ones, those after. */
export function foldReplies<T>(replies: readonly T[]): { before: T[]; folded: T[]; after: T[] } {
  if (replies.length <= FOLD_AFTER) return { before: [...replies], folded: [], after: [] };
  return {
    before: replies.slice(0, REPLIES_BEFORE_FOLD),
    folded: replies.slice(REPLIES_BEFORE_FOLD, replies.length - REPLIES_AFTER_FOLD),
    after: replies.slice(replies.length - REPLIES_AFTER_FOLD),
  };
}
