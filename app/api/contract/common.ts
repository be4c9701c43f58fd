import { z } from 'zod';
import { WRITTEN_WHOLE_NUMBER } from '~/utils/query';

// The JSON API's contract (docs/product.md §7): what each call takes and answers, as Zod
// schemas. The resource routes validate requests with them, and the OpenAPI
// document at /api/openapi.json is generated from them, so the two cannot drift.

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export type Operation = {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI style: `/api/builds/{id}`. */
  path: string;
  summary: string;
  /** Who may call it: anyone, a signed-in member (the session cookie), staff (admins and moderators), or an admin. */
  access: 'public' | 'member' | 'staff' | 'admin';
  query?: z.ZodObject;
  body?: { type: 'json' | 'multipart'; schema: z.ZodType };
  /** JSON unless it says otherwise (a download). */
  response: { status: 200 | 201; description: string; schema: z.ZodType; contentType?: 'application/json' | 'application/zip' };
  errors: ErrorStatus[];
};

export const errorSchema = z.object({
  error: z.string().meta({ description: 'A machine-readable code, e.g. invalid_input, unauthorized, username_taken' }),
  message: z.string().meta({ description: 'What went wrong, in words for people' }),
});

export const messageSchema = z.object({ message: z.string() });

/** Times travel as ISO 8601 strings. */
export const timestamp = z.iso.datetime();

/** The signed-in member as every client sees them (product §3: id, username, isAdmin and the profile fields). */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  avatarUrl: z.string(),
  bio: z.string(),
  isAdmin: z.boolean(),
  isModerator: z.boolean(),
  createdAt: timestamp,
});

/** Which mail the member gets (product §3: users.emailPreferences); each mail has a one-click unsubscribe link. */
export const emailPreferencesSchema = z.object({
  notifications: z.boolean().meta({ description: 'Comments on their builds, RoastBot answers, competition results' }),
  weeklyDigest: z.boolean().meta({ description: 'The week on RigRoast (top builds and roasts, competition results), on Mondays' }),
  marketing: z.boolean().meta({ description: 'News about RigRoast' }),
});

/** An id in a query, written as links write it (WRITTEN_WHOLE_NUMBER): "1e1" or "010" is no id. */
export const idParam = z
  .string()
  .regex(WRITTEN_WHOLE_NUMBER)
  .transform(Number)
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** What every photo's alt text in the API means. */
export const ALT_DESCRIPTION =
  'Its alt text: a short literal description of what the photo shows, drafted by the vision model (or the built-in analysis) and changed by its owner at will; "Photo of <title>" (an extra photo: "Photo <n> of <title>") while it has none';

/** A build in a list (product §3: builds): the photo's JPEG URL, its totals, its roast ('' while it is written). */
export const buildSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  username: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string().meta({ description: `The main photo's alt text. ${ALT_DESCRIPTION}` }),
  roast: z.string(),
  totalRating: z.number().int(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  commentCount: z.number().int(),
  createdAt: timestamp,
});
