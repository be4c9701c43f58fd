import { apiBuildSummary, apiLeaderboardEntry } from './serialize';
import type { BuildSummary } from '~/models/builds.server';
import { imageSources } from '~/models/images.server';
import type { LeaderboardEntry } from '~/models/leaderboards.server';

/** Builds for a JSON list, with their photos' URLs read in one query. */
export function apiBuildList(builds: BuildSummary[]) {
  const images = imageSources(builds.map((build) => build.imageId));
  return builds.map((build) => apiBuildSummary(build, images.get(build.imageId)?.src ?? ''));
}

/** One photo's URL (its JPEG fallback), '' when it has none. */
export function apiImageUrl(imageId: number): string {
  return imageSources([imageId]).get(imageId)?.src ?? '';
}

/** A board's entries, with their photos' URLs read in one query. */
export function apiLeaderboard(entries: LeaderboardEntry[]) {
  const images = imageSources(entries.map((entry) => entry.imageId));
  return entries.map((entry) => apiLeaderboardEntry(entry, images.get(entry.imageId)?.src ?? ''));
}
