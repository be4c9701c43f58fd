import { findBuild, listedBuildIds } from './builds.server';
import { type BuildSummary } from '~/domain/builds';
import { analysisFile } from '~/images/records.server';
import { env } from '~/services/env.server';
import { type CardInputs, cardImage, cardVersion, pruneCards, ratingText } from '~/images/draw-card.server';
import type { SocialMeta } from '~/utils/meta';
import { photoAlt } from '~/domain/photo-alt';
import { clipAtWord } from '~/utils/clip-at-word';

/** Link previews show two or three lines of the description; a whole roast would be cut anyway. */
const DESCRIPTION_MAX_LENGTH = 200;
const NO_ROAST_DESCRIPTION = 'A PC build on RigRoast, waiting for its AI roast. Rate it and leave a comment.';
/** The widest photo variant: the card is 1200 wide, so the photo is only ever scaled down. */
const CARD_PHOTO_MAX_WIDTH = 1600;

/** What the social tags of a build's pages are made from: a build summary, or the build page's fuller row. */
export type SocialBuild = Pick<
  BuildSummary,
  'id' | 'title' | 'imageId' | 'photoAlt' | 'roast' | 'averageRating' | 'ratingCount' | 'reviewStatus'
>;

function cardInputs(build: SocialBuild): CardInputs {
  return {
    buildId: build.id,
    title: build.title,
    averageRating: build.averageRating,
    ratingCount: build.ratingCount,
    photo: analysisFile(build.imageId, CARD_PHOTO_MAX_WIDTH),
  };
}

/** The roast as one paragraph of at most DESCRIPTION_MAX_LENGTH characters, cut at a word. */
function descriptionOf(roast: string): string {
  const text = roast.replace(/\s+/g, ' ').trim();
  return text ? clipAtWord(text, DESCRIPTION_MAX_LENGTH) : NO_ROAST_DESCRIPTION;
}

/**
 * What the card shows, for those who cannot see it: the photo's alt text, then the title
 * and rating drawn beside it; "Photo of <title> on RigRoast (...)" while the photo has none.
 */
function cardAlt(build: SocialBuild, rating: string): string {
  const described = build.photoAlt?.trim();
  if (!described) return `${photoAlt(null, build.title)} on RigRoast (${rating})`;
  return `${/[.!?]$/.test(described) ? described : `${described}.`} ${build.title} on RigRoast (${rating})`;
}

/**
 * The OpenGraph/Twitter content of a build's pages, with absolute URLs on
 * PUBLIC_ORIGIN: the build page is the canonical one (a share link shows the
 * same build), and the image is the card at its current version, so a new
 * rating is a new image URL and the old one can be cached for good. Null for
 * a build that is not listed: it has no card, and is not for sharing.
 */
export function buildSocial(build: SocialBuild, origin = env().PUBLIC_ORIGIN): SocialMeta | null {
  if (build.reviewStatus !== 'approved') return null;
  const card = cardInputs(build);
  return {
    title: build.title,
    description: descriptionOf(build.roast),
    url: `${origin}/build/${build.id}`,
    image: `${origin}/build/${build.id}/card.jpg?v=${cardVersion(card)}`,
    imageAlt: cardAlt(build, ratingText(card)),
  };
}

/**
 * The JPEG card of a listed build and its current version, or null for an
 * unknown or unlisted build. Reads the database only; the card file is
 * rendered onto the volume the first time.
 */
export async function buildCardImage(buildId: number): Promise<{ bytes: Buffer; version: string } | null> {
  const build = findBuild(buildId);
  if (!build) return null;
  const card = cardInputs(build);
  return { bytes: await cardImage(card, { uploadsDir: env().UPLOADS_DIR }), version: cardVersion(card) };
}

/** Removes the cached cards of builds that were deleted or are no longer listed (housekeeping). */
export function pruneUnlistedCards(): Promise<number> {
  return pruneCards(env().UPLOADS_DIR, (buildIds) => new Set(listedBuildIds(buildIds)));
}
