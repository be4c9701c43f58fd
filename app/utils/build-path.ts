/**
 * A build's page, as every link and redirect writes it, from the build's id (never
 * from a path a client sent); its own pages add to it (`${buildPath(id)}/edit`).
 */
export function buildPath(buildId: number): string {
  return `/build/${buildId}`;
}

/** The upload form preset as a glow-up of the build (decision 028). */
export function glowUpUploadPath(buildId: number): string {
  return `/upload?glowUpOf=${buildId}`;
}
