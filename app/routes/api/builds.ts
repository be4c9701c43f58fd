import type { Route } from './+types/builds';
import { BUILD_SEARCH_MAX, buildSearchQuery } from '~/api/contract/builds';
import { NEW_BUILD_MAX_FILES, newBuildSchema } from '~/api/contract/uploads';
import { apiBuildSummary } from '~/api/serialize';
import { apiBuildList, apiImageUrl } from '~/api/serialize.server';
import { createBuild, findBuildDetail } from '~/models/builds.server';
import { GLOW_UP_REFUSALS, type GlowUpRefusal } from '~/models/glow-up-link.server';
import { glowUpStart } from '~/models/glow-ups.server';
import { appliedGalleryFilters, galleryBuilds } from '~/models/gallery.server';
import { saveUploadedImage } from '~/models/uploads.server';
import { clientAddressOf } from '~/web/client-address.server';
import { apiError, readForm, readQuery, requireApiUser, uploadFailure } from '~/api/request.server';
import { finishPendingUpload, forgetPendingUpload, pendingUploadRefusal } from '~/web/pending-upload.server';
import { GALLERY_PAGE_SIZE } from '~/utils/constants';
import { suspendedMessage } from '~/utils/suspension';
import { galleryHref, galleryQuery } from '~/utils/page-query';

/**
 * GET /api/builds?q=&sort=&tag=&competition=&after=&limit=: the gallery's builds,
 * read as the gallery reads its URL (400 for a value it would not accept), in the
 * order it applies (`sort`), with the link to the next page.
 */
export function loader({ url }: Route.LoaderArgs) {
  const { limit = GALLERY_PAGE_SIZE } = readQuery(url, buildSearchQuery);
  const { after, count: _count, ...asked } = galleryQuery(url.searchParams);
  // The order applied: a running competition's entries are not ranked by their ratings.
  const { filters } = appliedGalleryFilters(asked);
  const size = Math.min(limit, BUILD_SEARCH_MAX);
  const builds = galleryBuilds({ ...filters, after, limit: size });
  const last = builds.length === size ? builds.at(-1) : undefined;
  const next = last
    ? `${galleryHref(filters, { after: last.id }, '/api/builds')}${size === GALLERY_PAGE_SIZE ? '' : `&limit=${size}`}`
    : null;
  return Response.json({ builds: apiBuildList(builds), next, sort: filters.sort });
}

/**
 * POST /api/builds (docs/product.md §7), multipart: publishes the signed-in member's build
 * from a photo sent with it, or from the one this browser sent ahead to POST
 * /api/uploads/temp, roasted as hard as `roastIntensity` says, with the description,
 * tags and further photos sent with it, and the earlier build it is a glow-up of (decision
 * 028). The upload page's pipeline and limits apply.
 */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const user = requireApiUser(args);
  const { title, roastIntensity, description, tags, photos, photo, glowUpOf } = await readForm(request, newBuildSchema, {
    maxFiles: NEW_BUILD_MAX_FILES,
  });
  // A glow-up of a build that is not the member's is refused before any photo is stored (and again as it is published).
  const start = glowUpOf === null ? null : glowUpStart(user.id, glowUpOf);
  if (start && !start.ok) return glowUpRefused(start.reason);
  // The photo sent now (if it was) and the further ones, through the upload pipeline in order.
  const files = 'tempUploadId' in photo ? photos : [photo.image, ...photos];
  const imageIds: number[] = [];
  try {
    for (const file of files) imageIds.push(await saveUploadedImage(file, clientAddressOf(request)));
  } catch (error) {
    return uploadFailure(error);
  }
  if ('tempUploadId' in photo) {
    const finished = await finishPendingUpload(request, user.id, {
      title,
      roastIntensity,
      tempUploadId: photo.tempUploadId,
      details: { description, tags },
      extraImageIds: imageIds,
      glowUpOf,
    });
    if ('refused' in finished) {
      const message = pendingUploadRefusal(finished);
      if (finished.refused === 'suspended') return apiError(403, message, 'suspended');
      if (finished.refused === 'glow_up') return glowUpRefused(finished.refusal);
      return apiError(finished.refused === 'expired' ? 404 : 409, message);
    }
    return created(finished.buildId, { 'Set-Cookie': await forgetPendingUpload() });
  }
  const [imageId, ...extraImageIds] = imageIds;
  const made = await createBuild({ userId: user.id, title, imageId: imageId!, roastIntensity, description, tags, extraImageIds, glowUpOf });
  // Suspended since the guard let the call through.
  if (!made.ok && made.reason === 'suspended') return apiError(403, suspendedMessage(made.until), 'suspended');
  if (!made.ok && made.reason === 'glow_up') return glowUpRefused(made.refusal);
  if (!made.ok) throw new Error('A new build could not be created');
  return created(made.buildId);
}

/** A glow-up of another member's build (403) or of none (404): nothing published. */
function glowUpRefused(refusal: GlowUpRefusal) {
  return apiError(refusal === 'not_owner' ? 403 : 404, GLOW_UP_REFUSALS[refusal]);
}

function created(buildId: number, headers?: HeadersInit) {
  const build = findBuildDetail(buildId);
  if (!build) return apiError(404, 'Build not found');
  return Response.json(
    { ...apiBuildSummary(build, apiImageUrl(build.imageId)), roastIntensity: build.roastIntensity },
    { status: 201, headers },
  );
}
