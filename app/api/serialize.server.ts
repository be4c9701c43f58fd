import type { z } from 'zod';
import type { ownBuildSchema } from './contract/account';
import { apiBuildSummary, apiLeaderboardEntry } from './serialize';
import type { BuildSummary } from '~/models/builds.server';
import { imageSource, imageSources } from '~/models/images.server';
import type { LeaderboardEntry } from '~/models/leaderboards.server';

/** A lookup of each item's photo URL, the photos read in one query. */
function photoUrls(items: { imageId: number }[]): (item: { imageId: number }) => string {
  const images = imageSources(items.map((item) => item.imageId));
  return (item) => images.get(item.imageId)?.src ?? '';
}

/** Builds for a JSON list, with their photos' URLs read in one query. */
export function apiBuildList(builds: BuildSummary[]) {
  const photoUrl = photoUrls(builds);
  return builds.map((build) => apiBuildSummary(build, photoUrl(build)));
}

/** The member's own builds, each with its review status (GET /api/user/builds). */
export function apiOwnBuildList(builds: BuildSummary[]): z.infer<typeof ownBuildSchema>[] {
  const photoUrl = photoUrls(builds);
  return builds.map((build) => ({ ...apiBuildSummary(build, photoUrl(build)), reviewStatus: build.reviewStatus }));
}

/** One photo's URL (its JPEG fallback), '' when it has none. */
export function apiImageUrl(imageId: number): string {
  return imageSource(imageId)?.src ?? '';
}

/** A board's entries, with their photos' URLs read in one query. */
export function apiLeaderboard(entries: LeaderboardEntry[]) {
  const photoUrl = photoUrls(entries);
  return entries.map((entry) => apiLeaderboardEntry(entry, photoUrl(entry)));
}
