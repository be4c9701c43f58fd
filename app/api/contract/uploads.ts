import { z } from 'zod';
import { buildSummarySchema, idParam, type Operation } from './common';
import { BUILD_TAG_SLUGS, MAX_BUILD_TAGS } from '~/domain/build-tags';
import { MAX_EXTRA_PHOTOS } from '~/domain/builds';
import { ROAST_INTENSITIES } from '~/domain/roast-intensity';
import { buildDescriptionField, buildTagsField, buildTitleField, roastIntensityField } from '~/utils/schemas';

// The upload calls: a photo sent ahead (a guest's, or while the page shows
// progress), its status, and the build published from it or from a photo sent at once.

/** A photo field: any file the image pipeline can read (JPEG, PNG, GIF or WebP, under 10 MB). */
export const imageField = z.file({ error: 'File type must be an image' });

const CLIENT_TOKEN_RULE = 'clientToken must be 16 to 128 letters, digits, - or _';

/** A client-chosen handle for polling a temp upload's status; long enough not to be guessed. */
export const clientTokenField = z.string({ error: CLIENT_TOKEN_RULE }).regex(/^[\w-]{16,128}$/, CLIENT_TOKEN_RULE);

export const tempUploadBodySchema = z.object({
  clientToken: clientTokenField.optional().meta({ description: 'Lets GET /api/uploads/temp/status find this upload' }),
  image: imageField,
});

export const tempUploadStatusQuery = z.object({ clientToken: clientTokenField });

export const tempUploadStatusSchema = z.object({
  status: z
    .enum(['pending', 'completed'])
    .meta({ description: 'completed once the photo is stored; pending before (and after it became a build or expired)' }),
  tempUploadId: z.string().nullable().meta({ description: 'The id to send to POST /api/builds; null while pending' }),
});

/** A multipart field that may be sent once or repeated, read as the list of its values either way; `error` when a value is not an `item`. */
const repeated = <Item extends z.ZodType>(item: Item, error: string) =>
  z.union([item, z.array(item)], { error }).transform((value) => [value].flat());

/**
 * The new build's title, and its photo: sent now, or sent ahead by this browser to
 * POST /api/uploads/temp; optionally a description, tags and up to four more photos,
 * as the upload page takes them.
 */
export const newBuildSchema = z
  .object({
    title: buildTitleField,
    roastIntensity: roastIntensityField.meta({ description: 'How hard the roast goes: gentle, medium (the default) or savage' }),
    image: imageField.optional(),
    tempUploadId: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'From POST /api/uploads/temp in this browser (its pending-upload cookie)' }),
    description: buildDescriptionField.meta({ description: 'Markdown-lite: paragraphs and links' }),
    tags: repeated(z.enum(BUILD_TAG_SLUGS), 'Choose tags from the list')
      .optional()
      .pipe(buildTagsField)
      .meta({ description: `From the curated list, at most ${MAX_BUILD_TAGS}: repeat the field for each` }),
    photos: repeated(imageField, 'File type must be an image')
      .optional()
      .pipe(z.array(imageField).max(MAX_EXTRA_PHOTOS, `Send at most ${MAX_EXTRA_PHOTOS} more photos`).default([]))
      .meta({ description: `Up to ${MAX_EXTRA_PHOTOS} more photos, screened like the main one: repeat the field for each` }),
    glowUpOf: idParam.optional().meta({
      description:
        "A glow-up: the id of one of the member's own earlier builds this one shows the same rig after (403 for another member's build, 404 for none); its parts list starts as that build's confirmed one",
    }),
  })
  .transform(({ title, roastIntensity, image, tempUploadId, description, tags, photos, glowUpOf = null }, context) => {
    const details = { title, roastIntensity, description, tags, photos, glowUpOf };
    if (image && tempUploadId === undefined) return { ...details, photo: { image } };
    if (!image && tempUploadId !== undefined) return { ...details, photo: { tempUploadId } };
    context.addIssue({ code: 'custom', message: 'Send either an image or a tempUploadId' });
    return z.NEVER;
  });

/** The new build, with the roast intensity its roast is being written at. */
export const newBuildResultSchema = buildSummarySchema.extend({
  roastIntensity: z.enum(ROAST_INTENSITIES).meta({ description: 'How hard its roast goes' }),
});

/** POST /api/builds reads at most this many files: the photo and its further ones. */
export const NEW_BUILD_MAX_FILES = 1 + MAX_EXTRA_PHOTOS;

export const uploadOperations: Operation[] = [
  {
    method: 'post',
    path: '/api/uploads/temp',
    summary:
      'Keeps a photo before its build exists (a guest’s, until they sign in); sets the pending-upload cookie that makes it this browser’s',
    access: 'public',
    body: { type: 'multipart', schema: tempUploadBodySchema },
    response: { status: 201, description: 'The photo is stored', schema: z.object({ tempUploadId: z.string() }) },
    errors: [400, 409, 413, 429, 503],
  },
  {
    method: 'get',
    path: '/api/uploads/temp/status',
    summary: 'Whether the photo sent with this clientToken is stored yet',
    access: 'public',
    query: tempUploadStatusQuery,
    response: { status: 200, description: 'The upload’s status', schema: tempUploadStatusSchema },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/builds',
    summary:
      'Publishes the member’s build: a title, a roast intensity, and either an image or a tempUploadId; optionally a description, tags, up to 4 more photos, and the earlier build it is a glow-up of',
    access: 'member',
    body: { type: 'multipart', schema: newBuildSchema },
    response: { status: 201, description: 'The new build (unlisted until screening passes it)', schema: newBuildResultSchema },
    errors: [400, 401, 403, 404, 409, 413, 429, 503],
  },
];
