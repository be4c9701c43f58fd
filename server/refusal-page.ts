/**
 * A page of its own for a request the server refused before any route saw it
 * (busy, too large, too slow, no primary to save to), in the site's colours: a
 * browser that posted a form without JavaScript shows whatever it is answered,
 * so it is told in words and given a way on. Nothing to fetch: the app's
 * stylesheet and scripts would only add to the load, or come from a site half there.
 */
export function refusalPage({
  title,
  message,
  link,
}: {
  title: string;
  message: string;
  link: { href: string; text: string; hint?: string };
}): string {
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${title} · RigRoast</title><style>`,
    'body{margin:0;min-height:100dvh;display:grid;place-items:center;padding:1.5rem;box-sizing:border-box;',
    'background:#06070d;color:#eef1ff;font:1.0625rem/1.6 system-ui,sans-serif;text-align:center}',
    'main{max-width:28rem}h1{font-size:1.75rem;line-height:1.2;margin:0 0 .5rem}p{color:#a3abcf;margin:0 0 1.25rem}',
    'a{display:inline-block;border:1px solid #2ee6ff;border-radius:999px;padding:.6rem 1.4rem;color:#2ee6ff;font-weight:700;text-decoration:none}',
    'a:focus-visible{outline:2px solid #2ee6ff;outline-offset:3px}',
    `</style></head><body><main><h1>${title}</h1><p>${message}</p>${link.hint ? `<p>${link.hint}</p>` : ''}<a href="${link.href}">${link.text}</a></main></body></html>`,
  ].join('');
}

/**
 * The way back to the page that posted: an empty href loads it again (no address built
 * from the request), empty; the browser's Back button returns to it with what was typed,
 * which the page says, since without JavaScript it cannot offer that button itself.
 */
export const BACK_TO_THE_FORM = {
  href: '',
  text: 'Open the form again',
  hint: 'Your browser’s Back button returns to the form with what you typed in it.',
};
