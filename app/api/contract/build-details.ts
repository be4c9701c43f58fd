import { z } from 'zod';
import { ALT_DESCRIPTION, messageSchema, type Operation } from './common';
import { imageField } from './uploads';
import { MAX_BUILD_PARTS, PART_CATEGORIES, PART_SOURCES, PART_STATUSES } from '~/domain/build-parts';
import { BUILD_TAG_SLUGS, MAX_BUILD_TAGS } from '~/domain/build-tags';
import { DESCRIPTION_MAX_LENGTH, MAX_EXTRA_PHOTOS, REVIEW_STATUSES } from '~/domain/builds';
import { buildDetailsSchema, partSchema, photoAltSchema } from '~/utils/schemas';
import { PHOTO_ALT_MAX_LENGTH } from '~/domain/photo-alt';

// A build beyond its photo and title: the owner's description and tags, the parts list
// (the AI's proposals and the owner's confirmed parts) and up to four more photos.

export const partJsonSchema = z.object({
  id: z.int(),
  category: z.enum(PART_CATEGORIES),
  name: z.string(),
  status: z.enum(PART_STATUSES).meta({ description: 'proposed: the AI’s guess, shown only to the owner until confirmed' }),
  source: z.enum(PART_SOURCES),
});

export const photoJsonSchema = z.object({
  id: z.int(),
  position: z.int().meta({ description: `1 to ${MAX_EXTRA_PHOTOS}, after the main photo` }),
  imageUrl: z.string().meta({ description: 'Its JPEG; a private URL only its owner may open until it is approved' }),
  alt: z.string().meta({ description: ALT_DESCRIPTION }),
  reviewStatus: z.enum(REVIEW_STATUSES).meta({ description: 'Screened like the main photo: only approved photos are shown to others' }),
});

/** What GET /api/builds/{id} adds to a build. */
export const buildExtrasSchema = z.object({
  description: z.string().nullable().meta({ description: 'Markdown-lite: paragraphs split by blank lines, [text](https://…) links' }),
  tags: z.array(z.enum(BUILD_TAG_SLUGS)).meta({ description: 'From the curated list; /gallery?tag=… lists a tag’s builds' }),
  parts: z.array(partJsonSchema).meta({ description: 'Confirmed parts; the owner sees the AI’s proposals too' }),
  photos: z.array(photoJsonSchema).meta({ description: 'The extra photos: approved ones; the owner sees every one with its status' }),
});

export const detailsBodySchema = buildDetailsSchema.meta({
  description: `Both are replaced: description up to ${DESCRIPTION_MAX_LENGTH} characters (missing or blank: none), tags at most ${MAX_BUILD_TAGS} of ${BUILD_TAG_SLUGS.join(', ')} (missing: none)`,
});

export const partBodySchema = partSchema;

export const partCorrectionSchema = partSchema
  .partial()
  .refine((body) => (body.category === undefined) === (body.name === undefined), 'Send both category and name, or neither')
  .meta({ description: 'Empty: confirm the part as it is; category and name: correct it (which confirms it)' });

export const photoBodySchema = z.object({ image: imageField });

export const photoAltBodySchema = photoAltSchema.meta({
  description: `photo: "main" or an extra photo's id; alt: 1 to ${PHOTO_ALT_MAX_LENGTH} characters, kept as one line of visible text (control and invisible characters removed)`,
});

const partPath = '/api/builds/{id}/parts/{partId}';
const photoPath = '/api/builds/{id}/photos/{photoId}';

export const buildDetailOperations: Operation[] = [
  {
    method: 'post',
    path: '/api/builds/{id}/details',
    summary: 'Sets the owner’s description and tags of their build',
    access: 'member',
    body: { type: 'json', schema: detailsBodySchema },
    response: {
      status: 200,
      description: 'What is saved',
      schema: z.object({ description: z.string().nullable(), tags: z.array(z.enum(BUILD_TAG_SLUGS)) }),
    },
    errors: [400, 401, 403, 404, 415],
  },
  {
    method: 'post',
    path: '/api/builds/{id}/parts',
    summary: `Adds a part to the owner’s build, confirmed (at most ${MAX_BUILD_PARTS} parts)`,
    access: 'member',
    body: { type: 'json', schema: partBodySchema },
    response: { status: 201, description: 'The part', schema: partJsonSchema },
    errors: [400, 401, 403, 404, 409, 415],
  },
  {
    method: 'patch',
    path: partPath,
    summary: 'Confirms a part of the owner’s build, as it is or corrected',
    access: 'member',
    body: { type: 'json', schema: partCorrectionSchema },
    response: { status: 200, description: 'The part, confirmed', schema: partJsonSchema },
    errors: [400, 401, 403, 404, 415],
  },
  {
    method: 'delete',
    path: partPath,
    summary: 'Removes a part (proposed or confirmed) from the owner’s build',
    access: 'member',
    response: { status: 200, description: 'Done', schema: messageSchema },
    errors: [401, 403, 404],
  },
  {
    method: 'post',
    path: '/api/builds/{id}/photo-alt',
    summary: 'Sets what screen readers say of one photo of the owner’s build (its alt text), in place of the drafted description',
    access: 'member',
    body: { type: 'json', schema: photoAltBodySchema },
    response: {
      status: 200,
      description: 'What is saved',
      schema: z.object({ photo: z.union([z.literal('main'), z.int()]), alt: z.string() }),
    },
    errors: [400, 401, 403, 404, 415],
  },
  {
    method: 'post',
    path: '/api/builds/{id}/photos',
    summary: `Adds a photo to the owner’s build (at most ${MAX_EXTRA_PHOTOS} besides the main one); the upload’s pipeline and limits apply, and it is screened before others see it`,
    access: 'member',
    body: { type: 'multipart', schema: photoBodySchema },
    response: { status: 201, description: 'The photo, waiting for screening', schema: photoJsonSchema },
    errors: [400, 401, 403, 404, 409, 413, 429, 503],
  },
  {
    method: 'delete',
    path: photoPath,
    summary: 'Removes an extra photo from the owner’s build',
    access: 'member',
    response: { status: 200, description: 'Done', schema: messageSchema },
    errors: [401, 403, 404],
  },
];
