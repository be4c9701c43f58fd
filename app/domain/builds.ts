/** Where a build or photo stands in screening: only approved ones are shown to everyone. */
export const REVIEW_STATUSES = ['pending', 'approved', 'held', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export type BuildSummary = {
  id: number;
  title: string;
  imageId: number;
  /** The main photo's alt text: null until drafted, '' when none could be (domain/photo-alt.ts). */
  photoAlt: string | null;
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

/**
 * A build as something else names it (a placement, a winner): its id, title and photo.
 * Only a listed build is named; where one is not, the model gives null (namedBuild).
 */
export type NamedBuild = { id: number; title: string; imageId: number; photoAlt: string | null };

/** The owner's description of a build: Markdown-lite (paragraphs and links), at most this long. */
export const DESCRIPTION_MAX_LENGTH = 2000;

/** Photos a build may have besides its main one (build_photos.position 1…4). */
export const MAX_EXTRA_PHOTOS = 4;
