import { matchPath } from 'react-router';
import { isJsonBody, SEND_JSON } from '~/api/json-body';
import { MAX_EXTRA_PHOTOS } from '~/domain/builds';
import { isMultipartForm, multipartBoundary } from '~/services/multipart.server';
import { fileTooLargeMessage, formatByteLimit } from '~/utils/byte-limits';
import { isPlainForm } from '~/utils/form-bodies';
import { FORM_MAX_FIELDS, REQUEST_BODY_MAX_BYTES, UPLOAD_MAX_BYTES } from '~/utils/constants';
import type { FieldSeparator } from './form-fields';

/** Room for the multipart framing and the form's other fields (title, description, tags). */
const FORM_ROOM_BYTES = 256 * 1024;

/** An upload's photo plus room for the rest of its form. */
export const UPLOAD_BODY_MAX_BYTES = UPLOAD_MAX_BYTES + FORM_ROOM_BYTES;

/** A new build sent whole: its photo and up to four more, each at the photo's limit, plus the rest of its form. */
export const BUILD_UPLOAD_BODY_MAX_BYTES = (1 + MAX_EXTRA_PHOTOS) * UPLOAD_MAX_BYTES + FORM_ROOM_BYTES;

/**
 * The routes that take a file (routes.ts patterns), the only places a
 * multipart/form-data body is read: the upload page and POST /api/builds take a
 * whole new build, the rest one photo, avatar or badge beside a page's other
 * forms. Anywhere else a multipart body is refused unread.
 */
export const FILE_ROUTES: readonly { pattern: string; build?: true }[] = [
  { pattern: '/upload', build: true },
  { pattern: '/api/builds', build: true },
  { pattern: '/api/uploads/temp' },
  { pattern: '/build/:id/edit' },
  { pattern: '/api/builds/:id/photos' },
  { pattern: '/profile' },
  { pattern: '/api/user/avatar' },
  { pattern: '/admin/competitions/:id' },
];

export const TOO_MANY_FIELDS = `The form has too many fields: at most ${FORM_MAX_FIELDS}.`;

/** A body refused, as body-limit.ts answers it: the status, the API's error code, the message, and the title of a browser's page. */
export type Refusal = { status: 408 | 413 | 415 | 429 | 503; code: string; message: string; title: string; retryAfterS?: number };

/** What a body may be at its target: how large, how its fields are counted; or why it is refused unread. */
export type BodyRule = { maxBytes: number; fields: FieldSeparator | undefined } | { refusal: Refusal };

/**
 * The one decision on a request body, taken from its headers before anything
 * reads it. A page's form comes as application/x-www-form-urlencoded, the JSON
 * API's body as application/json; a file (multipart/form-data) only where a
 * route takes one (FILE_ROUTES), the API's uploads in nothing else. Anything
 * else is refused 415. A form or an upload may carry FORM_MAX_FIELDS fields,
 * counted as it is read (form-fields.ts); its size is the forms' limit, one
 * photo's for an upload, five photos' for a new build. `target` is the
 * request-target in origin-form (originForm).
 */
export function bodyRule(contentType: string | undefined, target: string | undefined): BodyRule {
  const path = routePath(target);
  const api = /^\/api\//i.test(path);
  const route = FILE_ROUTES.find(({ pattern }) => matchPath(pattern, path));
  const boundary = isMultipartForm(contentType) ? multipartBoundary(contentType) : undefined;
  if (boundary !== undefined && route) {
    return { maxBytes: route.build ? BUILD_UPLOAD_BODY_MAX_BYTES : UPLOAD_BODY_MAX_BYTES, fields: { boundary } };
  }
  if (api && !route && isJsonBody(contentType)) return { maxBytes: REQUEST_BODY_MAX_BYTES, fields: undefined };
  if (!api && isPlainForm(contentType)) return { maxBytes: REQUEST_BODY_MAX_BYTES, fields: '&' };
  const refused = (message: string): BodyRule => ({
    refusal: { status: 415, code: 'unsupported_media_type', message, title: 'Not sent as a form' },
  });
  if (api) return refused(route ? 'Send the body as multipart/form-data, with its boundary' : SEND_JSON);
  if (boundary !== undefined) return refused('This form takes no files.');
  return refused(`The form could not be read: send it as application/x-www-form-urlencoded${route ? ' or multipart/form-data' : ''}.`);
}

/** Over its limit: in the words of docs/product.md §5 where a photo may come, and how many where several may; else of the body. */
export const tooLarge = (maxBytes: number): Refusal => ({
  status: 413,
  code: 'too_large',
  title: 'Too large',
  message:
    maxBytes >= BUILD_UPLOAD_BODY_MAX_BYTES
      ? `${fileTooLargeMessage(UPLOAD_MAX_BYTES)}, and a build takes at most ${1 + MAX_EXTRA_PHOTOS} photos at once.`
      : maxBytes > UPLOAD_MAX_BYTES
        ? fileTooLargeMessage(UPLOAD_MAX_BYTES)
        : `The request body is too large: at most ${formatByteLimit(maxBytes)} here.`,
});

export const tooManyFields: Refusal = { status: 413, code: 'too_large', title: 'Too many fields', message: TOO_MANY_FIELDS };

/**
 * The route a request-target reaches, as React Router reads it: without its
 * query, and a data request's `.data` (`/_.data` for the home page) left off.
 */
function routePath(target: string | undefined): string {
  const path = target?.split('?')[0] ?? '';
  return path.endsWith('/_.data') ? path.slice(0, -'_.data'.length) : path.replace(/\.data$/, '');
}
