import type { z } from 'zod';
import { isJsonBody, SEND_JSON } from '~/api/json-body';
import { isStaff } from '~/domain/permissions';
import type { CurrentUser } from '~/domain/users';
import { AvatarError } from '~/images/avatars.server';
import { ImageError } from '~/images/encode.server';
import { readUploadForm, UploadError } from '~/services/multipart.server';
import { currentUser } from '~/web/session.server';
import { ADMIN_ACCESS_DENIED } from '~/utils/constants';
import { positiveInt } from '~/utils/query';

/** Machine-readable error codes of the JSON API, one per HTTP status it uses. */
const ERROR_CODES = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
} as const;

export type ApiErrorStatus = keyof typeof ERROR_CODES;

/**
 * The API's error answer: `{ error, message }` with the status it names. Thrown
 * from a resource route's loader or action, React Router sends it as it is.
 */
export function apiError(status: ApiErrorStatus, message: string, error: string = ERROR_CODES[status], init?: ResponseInit) {
  return Response.json({ error, message }, { ...init, status });
}

/** A refusal a model spelt out (status, message, and how long to wait when it is a rate limit) as the API's answer. */
export function apiRefusal({ status, message, retryAfterMs }: { status: ApiErrorStatus; message: string; retryAfterMs?: number }) {
  const init = retryAfterMs === undefined ? undefined : { headers: { 'Retry-After': String(Math.ceil(retryAfterMs / 1000)) } };
  return apiError(status, message, undefined, init);
}

/** Turns an upload, image or avatar failure into its API answer; anything else is rethrown. */
export function uploadFailure(error: unknown): Response {
  if (error instanceof UploadError) return apiError(error.status, error.message, undefined, { headers: error.headers });
  if (error instanceof ImageError) return apiError(error.status, error.message);
  if (error instanceof AvatarError) return apiError(400, error.message);
  throw error;
}

/**
 * The request's JSON body, checked by `schema` (the same schema the OpenAPI
 * document shows). Throws the API's answer: 415 unless the body is declared
 * `application/json`, 400 for bad JSON or the schema's first message.
 */
export async function readJson<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  if (!isJsonBody(request.headers.get('Content-Type'))) throw apiError(415, SEND_JSON);
  // Bounded before it gets here: the server answers 413 past 64 KB (server/body-limit.ts).
  const text = await request.text();
  let body: unknown;
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    throw apiError(400, 'The body is not valid JSON');
  }
  return checked(schema, body);
}

/**
 * The request's multipart/form-data body (an upload), read under the upload
 * limits (at most `maxFiles` files) and checked by `schema`, fields by name: a
 * field sent more than once as the list of its values. Throws the API's answer:
 * 413 past the size limit, 400 for anything unreadable or the schema's first message.
 */
export async function readForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  { maxFiles = 1 }: { maxFiles?: number } = {},
): Promise<z.output<Schema>> {
  let form: FormData;
  try {
    form = await readUploadForm(request, { maxFiles });
  } catch (error) {
    throw uploadFailure(error);
  }
  const fields = [...new Set(form.keys())].map((name) => {
    const values = form.getAll(name);
    return [name, values.length === 1 ? values[0] : values] as const;
  });
  return checked(schema, Object.fromEntries(fields));
}

/** The URL's query parameters, checked by `schema`; 400 with the schema's first message. */
export function readQuery<Schema extends z.ZodType>(url: URL, schema: Schema): z.output<Schema> {
  return checked(schema, Object.fromEntries(url.searchParams));
}

function checked<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw apiError(400, parsed.error.issues[0]?.message ?? 'Invalid input');
  return parsed.data;
}

type ContextArgs = Parameters<typeof currentUser>[0];

/** The session's member; 401 "Authentication required" (docs/product.md §8) for a guest. Identity never comes from the body. */
export function requireApiUser(args: ContextArgs): CurrentUser {
  const user = currentUser(args);
  if (!user) throw apiError(401, 'Authentication required');
  return user;
}

/** An admin: 401 for a guest, 403 for anyone else — the admin screens' rule. */
export function requireApiAdmin(args: ContextArgs): CurrentUser {
  const user = requireApiUser(args);
  if (!user.isAdmin) throw apiError(403, ADMIN_ACCESS_DENIED);
  return user;
}

/** An admin or moderator: 401 for a guest, 403 for anyone else — the staff screens' rule. */
export function requireApiStaff(args: ContextArgs): CurrentUser {
  const user = requireApiUser(args);
  if (!isStaff(user)) throw apiError(403, ADMIN_ACCESS_DENIED);
  return user;
}

/** A list endpoint's `?limit=`: a whole number from 1 to `max`, else `fallback`. */
export function limitParam(url: URL, fallback: number, max: number): number {
  const limit = positiveInt(url.searchParams.get('limit'));
  return limit === null ? fallback : Math.min(limit, max);
}

/** A path's `{id}`: a positive whole number, else the 404 whose message is `notFound`. */
export function pathId(value: string | undefined, notFound: string): number {
  const id = positiveInt(value);
  if (id === null) throw apiError(404, notFound);
  return id;
}

/** A change to someone else's build: 403; to a build that does not exist: 404. */
export function ownerRefusal(reason: 'not_found' | 'not_owner'): Response {
  return reason === 'not_owner' ? apiError(403, 'Only the owner can change this build') : apiError(404, 'Build not found');
}
