import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from '@remix-run/form-data-parser';
import { fileTooLargeMessage } from '~/utils/byte-limits';
import { UPLOAD_MAX_BYTES } from '~/utils/constants';
import { FORM_NOT_READABLE, formNamesReadable } from '~/utils/form-bodies';

/**
 * An upload refused, with the HTTP status to answer: unreadable, too large, too
 * many (429) or the server too busy (503), then with how long to wait.
 */
export class UploadError extends Error {
  override name = 'UploadError';
  readonly status: 400 | 413 | 429 | 503;
  readonly retryAfterMs: number | undefined;

  constructor(status: 400 | 413 | 429 | 503, message: string, options?: ErrorOptions & { retryAfterMs?: number }) {
    super(message, options);
    this.status = status;
    this.retryAfterMs = options?.retryAfterMs;
  }

  /** The Retry-After header that goes with the answer, when there is a wait to tell. */
  get headers(): Record<string, string> {
    return this.retryAfterMs === undefined ? {} : { 'Retry-After': String(Math.ceil(this.retryAfterMs / 1000)) };
  }
}

// Case-sensitive like the parser's own test: a content type it does not take
// for multipart would make it fall back to request.formData(), which buffers
// without limit.
const MULTIPART = /^multipart\/form-data\s*(;|$)/;

/**
 * Whether a body of this Content-Type is an upload, read as multipart/form-data:
 * the one test both the server's body rules (server/body-rules.ts) and
 * readUploadForm go by.
 */
export function isMultipartForm(contentType: string | null | undefined): boolean {
  return MULTIPART.test(contentType ?? '');
}

/** The boundary that separates a multipart body's parts, read as the parser reads it; undefined when there is none. */
export function multipartBoundary(contentType: string | null | undefined): string | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2];
}

/**
 * Reads a multipart/form-data request, streaming: the parser stops at the
 * first file larger than `maxFileSize` instead of buffering it. The server lets
 * an upload's bytes through only in its turn among the uploads being read
 * (server/body-limit.ts). Files come back as in-memory `File`s (at most
 * `maxFiles` of them), text fields as strings, and a file input left empty (a
 * zero-byte part) is left out, as `request.formData()` would not; a form whose
 * field names no form of ours sends (formNamesReadable) is refused. Throws an
 * UploadError with the HTTP status to answer with.
 *
 * `tooLargeFiles: 'keep'` reads on past a file over `maxFileSize`, up to what
 * `maxFiles` files at that size come to in all, and returns it with the rest: a
 * form whose schema refuses it by name, beside every other field as typed (the
 * upload page), instead of a refusal that knows neither which file nor the rest.
 */
export async function readUploadForm(
  request: Request,
  {
    maxFileSize = UPLOAD_MAX_BYTES,
    maxFiles = 1,
    tooLargeFiles = 'refuse',
  }: { maxFileSize?: number; maxFiles?: number; tooLargeFiles?: 'refuse' | 'keep' } = {},
): Promise<FormData> {
  if (!isMultipartForm(request.headers.get('Content-Type'))) {
    throw new UploadError(400, 'Expected a multipart/form-data upload');
  }
  // The parser's own default for the whole body: every file at its limit, and a megabyte for the rest.
  const maxTotalSize = maxFiles * maxFileSize + 1024 * 1024;
  const limits =
    tooLargeFiles === 'keep' ? { maxFiles, maxFileSize: maxFiles * maxFileSize, maxTotalSize } : { maxFiles, maxFileSize, maxTotalSize };
  try {
    const form = await parseFormData(request, limits, (file) => (file.size === 0 ? null : file));
    if (!formNamesReadable(form)) throw new UploadError(400, FORM_NOT_READABLE);
    return form;
  } catch (error) {
    if (error instanceof UploadError) throw error;
    if (error instanceof MaxFileSizeExceededError) {
      throw new UploadError(413, fileTooLargeMessage(maxFileSize), { cause: error });
    }
    if (error instanceof MaxTotalSizeExceededError) {
      throw new UploadError(413, 'The upload is too large', { cause: error });
    }
    if (error instanceof MaxFilesExceededError) {
      const limit = maxFiles === 1 ? 'one file' : `${maxFiles} files`;
      throw new UploadError(400, `Too many files: send at most ${limit}`, { cause: error });
    }
    if (error instanceof MaxPartsExceededError) {
      throw new UploadError(400, 'Too many form fields', { cause: error });
    }
    if (error instanceof FormDataParseError || error instanceof MultipartParseError) {
      throw new UploadError(400, 'The upload could not be read. Please try again.', { cause: error });
    }
    throw error;
  }
}
