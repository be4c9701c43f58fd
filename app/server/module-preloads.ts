const PRELOAD = '<link rel="modulepreload"';
const HEAD_END = Buffer.from('</head>');

/**
 * Gives the JavaScript React Router preloads in <head> a low fetch priority, so
 * the stylesheet, the document and the first images come first on a slow link:
 * the page is complete HTML and paints without it (and hydrates after that
 * paint, entry.client.tsx). At the default (high) priority, a phone's first
 * paint waited for every module. Only the head is read and rewritten.
 */
export function lowPriorityModulePreloads(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd === -1) return html;
  const head = html.subarray(0, headEnd).toString('utf8');
  if (!head.includes(PRELOAD)) return html;
  return Buffer.concat([Buffer.from(head.replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`)), html.subarray(headEnd)]);
}
