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
