/** What the JSON API answers a body sent as anything but JSON (415). */
export const SEND_JSON = 'Send the body as JSON, with Content-Type: application/json';

/** Whether a body of this Content-Type is read as JSON: the test both the server's body rules and readJson go by. */
export function isJsonBody(contentType: string | null | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType ?? '');
}
