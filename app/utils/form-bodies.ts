import { FORM_MAX_FIELDS } from './constants';

/** A plain form's body, as the fetch standard's formData() reads one: its media type, in any letter case. */
export function isPlainForm(contentType: string | null | undefined): boolean {
  return /^\s*application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? '');
}

/** What a form whose field names are no form's of ours is told. */
export const FORM_NOT_READABLE = 'The form could not be read. Reload the page and try again.';

/** The longest field name a form may use: ours are under 30 characters (`parts[19].category`). */
const NAME_MAX_LENGTH = 64;
/** Conform's own fields: a list change asked for by a button, and the lists' state. */
const INTENT = '__intent__';
const STATE = '__state__';
const INTENT_MAX_LENGTH = 1024;
const STATE_MAX_LENGTH = 4096;

/**
 * Whether a form's field names (and Conform's intent and state) are ones a form of
 * ours could send, before Conform reads them. Conform builds a structure from the
 * names: `a[4294967294]` is an array of that length, which a rejected form's reply
 * then walks slot by slot (one 37-byte post held the server for hours); a name
 * nested thousands deep, or an intent that is no JSON, threw. A list index is
 * below FORM_MAX_FIELDS (a form has no more fields than that), a name is short,
 * and the intent and state are short JSON whose names and indexes follow the same rule.
 */
export function formNamesReadable(form: FormData): boolean {
  for (const [name, value] of form.entries()) {
    if (!nameReadable(name)) return false;
    if (name === INTENT && !intentReadable(value)) return false;
    if (name === STATE && !(typeof value === 'string' && value.length <= STATE_MAX_LENGTH && parsesAsJson(value))) return false;
  }
  return true;
}

function nameReadable(name: string): boolean {
  if (name.length > NAME_MAX_LENGTH) return false;
  for (const [, index] of name.matchAll(/\[(\d+)\]/g)) if (!listIndex(Number(index))) return false;
  return true;
}

const listIndex = (value: unknown) => Number.isInteger(value) && (value as number) >= 0 && (value as number) < FORM_MAX_FIELDS;

/** Conform's intents (update, reset, validate, insert, remove, reorder) name a field and list positions. */
function intentReadable(value: FormDataEntryValue): boolean {
  if (typeof value !== 'string' || value.length > INTENT_MAX_LENGTH || !parsesAsJson(value)) return false;
  const intent: unknown = JSON.parse(value);
  if (typeof intent !== 'object' || intent === null || typeof (intent as { type?: unknown }).type !== 'string') return false;
  const payload = (intent as { payload?: unknown }).payload;
  if (typeof payload !== 'object' || payload === null) return false;
  const { name, index, from, to } = payload as Record<string, unknown>;
  if (name !== undefined && !(typeof name === 'string' && nameReadable(name))) return false;
  return [index, from, to].every((position) => position === undefined || listIndex(position));
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
