import type { builds } from '../../db/schema';

export type ReviewStatus = (typeof builds.$inferSelect)['reviewStatus'];

export type BuildSummary = {
  id: number;
  title: string;
  imageId: number;
  username: string;
  /** The maker's level, for the badge beside their name. */
  userLevel: number;
  roast: string;
  totalRating: number;
  averageRating: number;
  ratingCount: number;
  commentCount: number;
  createdAt: Date;
  reviewStatus: ReviewStatus;
};
