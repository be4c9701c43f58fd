/** Text made safe to place in HTML, between tags or inside a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/**
 * Characters XML 1.0 forbids anywhere in a document (C0 controls but tab and line
 * breaks, lone surrogates, U+FFFE and U+FFFF): a feed that carried one would not parse.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text with the characters XML cannot carry removed. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '');
}
