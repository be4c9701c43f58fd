/*
 * The one rule for text a member writes (titles, comments, descriptions, bios, parts,
 * alt text, appeals): what is shown is what was written, without the characters that
 * only hide or disguise it. Control characters would break a feed, a mail header or a
 * terminal; direction overrides (U+202A-U+202E, U+2066-U+2069) make text read in another
 * order than it was written ("gpj.exe"); zero-width spaces and the BOM make a blank
 * title look written. Marks that scripts need stay: ZWJ/ZWNJ (emoji sequences, Persian,
 * Indic) and the left-to-right/right-to-left marks.
 */

const HIDING = /[\u200b\u2060\ufeff\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- control characters are what these remove
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex -- control characters are what these remove
const CONTROLS_AND_SPACES = /[\u0000-\u001f\u007f-\u009f\s]+/g;
/** Text with nothing a reader sees: only spaces, format characters (ZWJ, marks) and the like. */
const NOTHING_VISIBLE = /^[\s\p{Cf}]*$/u;

/** One line (a title, a name, a part, alt text): line breaks and other controls become single spaces; trimmed. */
export function oneLine(text: string): string {
  const line = text.replace(HIDING, '').replace(CONTROLS_AND_SPACES, ' ').trim();
  return NOTHING_VISIBLE.test(line) ? '' : line;
}

/** Text with paragraphs (a comment, a description, a bio): line breaks kept (CRLF read as one), other controls gone; trimmed. */
export function withLines(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').replace(HIDING, '').replace(CONTROLS_BUT_LINES, '').trim();
  return NOTHING_VISIBLE.test(lines) ? '' : lines;
}
