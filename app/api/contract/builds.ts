import { z } from 'zod';
import { ROAST_REACTIONS } from '~/domain/roast-reactions';
import { buildExtrasSchema } from './build-details';
import { ALT_DESCRIPTION, buildSummarySchema, idParam, type Operation, timestamp } from './common';
import { BUILD_TAG_SLUGS } from '~/domain/build-tags';
import { GALLERY_QUERY_MAX, GALLERY_SORTS } from '~/domain/gallery';
import { COMMENT_THREADS_SHOWN, GALLERY_PAGE_SIZE, LEADERBOARD_LIMIT } from '~/utils/constants';
import { ADVICE_ITEMS, ROAST_INTENSITIES } from '~/domain/roast-intensity';
import { commentSchema as commentFields, roastIntensityField } from '~/utils/schemas';
import { COMMENT_SORTS } from '~/domain/comments';

/** The most builds GET /api/builds/recent answers at once (the admin list asks for this many). */
export const RECENT_BUILDS_MAX = 100;

const limitQuery = (description: string) => z.object({ limit: z.int().min(1).optional().meta({ description }) });

/** The most builds GET /api/builds answers at once. */
export const BUILD_SEARCH_MAX = 100;

/** GET /api/builds: the gallery's search, orders and filters, as /gallery reads them. */
export const buildSearchQuery = z.object({
  q: z
    .string()
    .max(GALLERY_QUERY_MAX, `q must be at most ${GALLERY_QUERY_MAX} characters`)
    .optional()
    .meta({ description: 'Words to find in the title, description, confirmed parts and tags; every word must match (as a prefix)' }),
  sort: z
    .enum(GALLERY_SORTS, `sort must be one of ${GALLERY_SORTS.join(', ')}`)
    .optional()
    .meta({
      description:
        'relevance (best match, the default with q; without q it means newest), newest (the default), top (the leaderboards’ Bayesian score over all time), discussed (comments), trending (the last week’s ratings and comments, weighted by e^(−age/2 days))',
    }),
  tag: z
    .enum(BUILD_TAG_SLUGS, `tag must be one of ${BUILD_TAG_SLUGS.join(', ')}`)
    .optional()
    .meta({ description: 'Only builds with this tag' }),
  competition: idParam.optional().meta({
    description:
      'Only builds entered in this competition. While it runs (contest mode) its entries are not ranked by their ratings: top and trending read as the default order (see `sort` in the answer)',
  }),
  after: idParam.optional().meta({ description: 'The next page: the builds after this one in the same order (as `next` links)' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .meta({ description: `How many; default ${GALLERY_PAGE_SIZE}, at most ${BUILD_SEARCH_MAX} (more is capped)` }),
});

export const buildSearchSchema = z.object({
  builds: z.array(buildSummarySchema),
  next: z.string().nullable().meta({ description: 'The URL of the next page, null on the last one' }),
  sort: z.enum(GALLERY_SORTS).meta({
    description:
      'The order the builds are in: the one asked for, except that top and trending read as newest (relevance with q) while the competition filtered by runs',
  }),
});

/** A build's place in a ranking: the star leaderboards' and the battle rankings' entries start so. */
export const rankedBuildFields = {
  rank: z.int(),
  id: z.int(),
  title: z.string(),
  username: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string().meta({ description: ALT_DESCRIPTION }),
};

export const leaderboardEntrySchema = z.object({
  ...rankedBuildFields,
  totalRating: z.int().meta({ description: 'Stars given in the period' }),
  averageRating: z.number().meta({ description: 'Their average' }),
  votes: z.int().meta({ description: 'Ratings given in the period' }),
});

export const buildCommentSchema = z.object({
  id: z.int(),
  content: z.string(),
  username: z.string(),
  avatarUrl: z.string(),
  isAI: z.boolean(),
  parentCommentId: z.int().nullable().meta({ description: 'The thread’s top-level comment; null for one' }),
  createdAt: timestamp,
  deleted: z.boolean().meta({
    description: 'Deleted by its author while it had replies: kept so the thread stays, with content and username "[deleted]"',
  }),
});

const commentThreadSchema = buildCommentSchema.extend({ replies: z.array(buildCommentSchema).meta({ description: 'Oldest first' }) });

export const buildDetailSchema = buildSummarySchema.extend({
  ...buildExtrasSchema.shape,
  roastIntensity: z.enum(ROAST_INTENSITIES).meta({
    description: 'How hard the roast goes (gentle, medium or savage), as its owner chose; the one being written while roast is ""',
  }),
  roastAdvice: z.array(z.string()).meta({
    description: `The serious advice written with the roast: ${ADVICE_ITEMS.min} to ${ADVICE_ITEMS.max} suggestions; empty while it is written`,
  }),
  roastFallback: z.enum(['model_slow']).nullable().meta({
    description:
      'model_slow: the built-in roaster wrote this roast because the AI model was too slow to answer in time; its owner may ask for the model’s roast instead (POST /api/builds/{id}/model-roast). Null for the model’s own roast, or the built-in roaster’s by choice',
  }),
  roastQueue: z
    .object({
      place: z.int().min(1).meta({ description: '1 when it is next (or being written), 2 with one roast ahead of it, ...' }),
      estimateS: z
        .int()
        .nullable()
        .meta({ description: 'Seconds until it is written, from the median time recent roasts took; null before any finished' }),
    })
    .nullable()
    .meta({
      description:
        'Its owner only, while its roast waits: its place among the roasts being written and waiting (null for everyone else, once written, and when it is next with no time to go by)',
    }),
  avatarUrl: z.string().meta({ description: 'The submitter’s' }),
  listed: z.boolean().meta({ description: 'False while screening or a moderator holds it (only its owner and moderators see it then)' }),
  comments: z.array(commentThreadSchema).meta({
    description: `Newest thread first (the most answered first with ?sort=top); the first ${COMMENT_THREADS_SHOWN} unless ?comments=all`,
  }),
  threadCount: z.int().meta({ description: 'Every thread, loaded or not' }),
});

/** GET /api/builds/{id}: the build, and where it stands in its rig's story (decision 028). */
export const buildPageSchema = buildDetailSchema.extend({
  glowUpOf: z.int().nullable().meta({
    description: 'The earlier build this one is a glow-up of (new photos of the same rig), when the caller may see it; else null',
  }),
  glowUps: z.array(z.int()).meta({ description: 'The glow-ups posted of this build that the caller may see, oldest first' }),
});

const extraKeysIgnored = 'Other keys (the web client also sends userId, username, avatarUrl) are ignored: identity comes from the session.';

// The range (1 to 5 whole stars) is the rating model's rule; its refusal comes back as a 400.
export const rateBodySchema = z
  .object({ rating: z.number({ error: 'rating must be a number' }).meta({ description: '1 to 5 stars' }) })
  .meta({ description: extraKeysIgnored });

export const ratingResultSchema = z.object({
  rating: z.int().meta({ description: 'The member’s stars' }),
  totalRating: z.int(),
  ratingCount: z.int(),
  averageRating: z.number(),
});

export const freshRoastBodySchema = z
  .object({ roastIntensity: roastIntensityField.meta({ description: 'gentle, medium (the default) or savage' }) })
  .meta({ description: extraKeysIgnored });

export const freshRoastResultSchema = z.object({
  roastIntensity: z.enum(ROAST_INTENSITIES).meta({ description: 'The intensity the new roast is being written at' }),
});

export const modelRoastResultSchema = z.object({
  queued: z.literal(true).meta({ description: 'The model’s roast is being written; it replaces the built-in one when it lands' }),
});

export const roastReactionBodySchema = z
  .object({
    reaction: z.enum(ROAST_REACTIONS, { error: 'reaction must be landed or missed' }).meta({ description: '🔥 landed or 🥱 missed' }),
  })
  .meta({ description: `${extraKeysIgnored} Reacting again changes the member’s reaction.` });

export const roastReactionsSchema = z.object({
  landed: z.int().meta({ description: 'Members for whom the current roast landed (🔥)' }),
  missed: z.int().meta({ description: 'Members for whom it missed (🥱)' }),
  mine: z.enum(ROAST_REACTIONS).nullable().meta({ description: 'The signed-in member’s own reaction; null for a guest or none' }),
});

export const commentBodySchema = commentFields.meta({
  description: `${extraKeysIgnored} parentCommentId answers a comment; a reply to a reply joins its thread.`,
});

export const buildOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/builds',
    summary: 'Listed builds found, sorted and filtered as the gallery does, a page at a time',
    access: 'public',
    query: buildSearchQuery,
    response: { status: 200, description: 'A page of builds and the link to the next', schema: buildSearchSchema },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/builds/recent',
    summary: 'Listed builds, newest first',
    access: 'public',
    query: limitQuery(`How many; default ${GALLERY_PAGE_SIZE}, at most ${RECENT_BUILDS_MAX} (more is capped)`),
    response: { status: 200, description: 'The builds', schema: z.array(buildSummarySchema) },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/builds/leaderboard/{period}',
    summary: 'A period’s best builds as last ranked: period is today, week, month or all-time (anything else means today)',
    access: 'public',
    query: limitQuery(`How many; default ${LEADERBOARD_LIMIT}, capped at the depth each board keeps ranked`),
    response: { status: 200, description: 'The ranking, best first', schema: z.array(leaderboardEntrySchema) },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/builds/{id}',
    summary: 'A build with its comments; 404 for an unknown build or one the viewer may not see',
    access: 'public',
    query: z.object({
      comments: z
        .enum(['all'])
        .optional()
        .meta({ description: `all: every thread, not just the first ${COMMENT_THREADS_SHOWN}` }),
      sort: z.enum(COMMENT_SORTS).optional().meta({
        description: 'new (the default): the newest thread first; top: the most answered first (ties newest first), as the page’s Top',
      }),
    }),
    response: { status: 200, description: 'The build', schema: buildPageSchema },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/builds/{id}/rate',
    summary: 'Rates a listed build, or changes the member’s rating; not their own',
    access: 'member',
    body: { type: 'json', schema: rateBodySchema },
    response: { status: 200, description: 'The member’s rating and the build’s new totals', schema: ratingResultSchema },
    errors: [400, 401, 403, 404, 415],
  },
  {
    method: 'post',
    path: '/api/builds/{id}/fresh-roast',
    summary:
      'The owner asks for a fresh roast of their listed build, as hard as they choose: the old roast and its advice are cleared; once a day (at once after a failed roast)',
    access: 'member',
    body: { type: 'json', schema: freshRoastBodySchema },
    response: {
      status: 200,
      description: 'The roast is queued; GET /api/builds/{id} shows it once written',
      schema: freshRoastResultSchema,
    },
    errors: [400, 401, 403, 404, 409, 415, 429],
  },
  {
    method: 'post',
    path: '/api/builds/{id}/model-roast',
    summary:
      'The owner asks the AI model for the roast it was too slow to write (roastFallback model_slow): queued once per build at a time, a few a day; the built-in roast stays until the model’s lands',
    access: 'member',
    response: {
      status: 200,
      description: 'The model’s roast is queued; GET /api/builds/{id} shows it once written',
      schema: modelRoastResultSchema,
    },
    errors: [401, 403, 404, 409, 429],
  },
  {
    method: 'get',
    path: '/api/builds/{id}/roast-reactions',
    summary: 'How the build’s current roast landed: 🔥 and 🥱 counts, and the member’s own',
    access: 'public',
    response: { status: 200, description: 'The counts (zero while there is no roast)', schema: roastReactionsSchema },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/builds/{id}/roast-reaction',
    summary: 'Tells whether the build’s current roast landed or missed; once per member and roast, changed by reacting again',
    access: 'member',
    body: { type: 'json', schema: roastReactionBodySchema },
    response: { status: 200, description: 'The roast’s counts after the reaction', schema: roastReactionsSchema },
    errors: [400, 401, 404, 409, 415],
  },
  {
    method: 'post',
    path: '/api/builds/{id}/comment',
    summary: 'Comments on a listed build, or replies to a comment',
    access: 'member',
    body: { type: 'json', schema: commentBodySchema },
    response: { status: 201, description: 'The comment', schema: buildCommentSchema },
    errors: [400, 401, 404, 415],
  },
  {
    method: 'post',
    path: '/api/builds/{id}/share',
    summary: 'The build’s share link, made on first use',
    access: 'public',
    response: { status: 200, description: 'The link', schema: z.object({ shareUrl: z.string() }) },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/share/{token}',
    summary: 'The build a share link shows (without its comments: GET /api/builds/{id} has them)',
    access: 'public',
    response: { status: 200, description: 'The build', schema: buildSummarySchema },
    errors: [404],
  },
];
