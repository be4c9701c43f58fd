import { apiBuildSummary } from './serialize';
import type { BuildSummary } from '~/models/builds.server';
import { imageSources } from '~/models/images.server';

/** Builds for a JSON list, with their photos' URLs read in one query. */
export function apiBuildList(builds: BuildSummary[]) {
  const images = imageSources(builds.map((build) => build.imageId));
  return builds.map((build) => apiBuildSummary(build, images.get(build.imageId)?.src ?? ''));
}
