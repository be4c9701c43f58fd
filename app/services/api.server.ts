import { ImageError } from './images.server';
import { UploadError } from './multipart.server';

/** Machine-readable error codes of the JSON API, one per HTTP status it uses. */
const ERROR_CODES = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  429: 'rate_limited',
} as const;

export type ApiErrorStatus = keyof typeof ERROR_CODES;

/** The API's error answer: `{ error, message }` with the status it names. */
export function apiError(status: ApiErrorStatus, message: string, error: string = ERROR_CODES[status], init?: ResponseInit) {
  return Response.json({ error, message }, { ...init, status });
}

/** Turns an upload or image failure into its API answer; anything else is rethrown. */
export function uploadFailure(error: unknown): Response {
  if (error instanceof UploadError || error instanceof ImageError) return apiError(error.status, error.message);
  throw error;
}
