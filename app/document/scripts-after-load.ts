import type { DocumentBytes } from './document-bytes';

const HEAD_END = Buffer.from('</head>');
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\bhref="([^"]+)"[^>]*>/g;
const MODULE_TYPE = Buffer.from(' type="module"');
const SCRIPT_START = Buffer.from('<script');
const SCRIPT_END = Buffer.from('</script>');
/** What the browser skips: the loader below runs its text as a module once the page has loaded. */
const DEFERRED_TYPE = 'rigroast/deferred-module';

/** How long after `load` the scripts wait at most for the first paint to be reported. */
const PAINT_WAIT_MS = 3000;

/**
 * Preloads the modules, then runs the deferred module script as a real one, after
 * the load event and the first contentful paint: a fast page can load before it,
 * and a frame callback comes before the paint is shown, while any script fetched
 * before then counts towards the first paint in Lighthouse's simulation. Browsers
 * without Paint Timing wait for the next frame; a page opened in the background
 * paints nothing until shown, so it runs them at once. The nonce is read while the
 * loader itself runs (browsers hide it from the DOM after).
 */
function loaderScript(nonceAttribute: string, hrefs: string[]): string {
  return (
    `<script${nonceAttribute}>{const n=document.currentScript.nonce;let done=false;const run=()=>{if(done)return;done=true;` +
    `for(const h of ${JSON.stringify(hrefs).replaceAll('<', '\\u003c')}){const l=document.createElement('link');l.rel='modulepreload';l.nonce=n;l.href=h;document.head.append(l)}` +
    `const d=document.querySelector('script[type="${DEFERRED_TYPE}"]'),s=document.createElement('script');s.type='module';s.nonce=n;s.textContent=d.textContent;d.replaceWith(s)` +
    `},afterPaint=()=>{const P=window.PerformanceObserver;setTimeout(run,${PAINT_WAIT_MS});` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.includes('paint')){const o=new P((l)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(run)}});o.observe({type:'paint',buffered:true})}` +
    `else requestAnimationFrame(()=>setTimeout(run))};` +
    `addEventListener('load',()=>document.visibilityState==='visible'?afterPaint():run(),{once:true})}</script>`
  );
}

/** The first `<script … type="module">` in the body: where its tag and its text end. */
function moduleScript(html: Buffer<ArrayBuffer>, from: number) {
  for (let tagStart = html.indexOf(SCRIPT_START, from); tagStart !== -1; tagStart = html.indexOf(SCRIPT_START, tagStart + 1)) {
    const tagEnd = html.indexOf('>', tagStart);
    if (tagEnd === -1) return null;
    const typeAt = html.subarray(tagStart, tagEnd).indexOf(MODULE_TYPE);
    if (typeAt === -1) continue;
    const scriptEnd = html.indexOf(SCRIPT_END, tagEnd);
    return scriptEnd === -1 ? null : { tagStart, tagEnd, typeAt: tagStart + typeAt, scriptEnd };
  }
  return null;
}

/**
 * Holds the page's JavaScript back until the load event and the next paint: React Router's module
 * preloads leave <head>, and its module script (the one that imports the route
 * modules and hydrates) is written with a type the browser skips, plus a small
 * script that preloads and runs it then. The page is complete HTML, every
 * form works without JavaScript, so the document, the stylesheet and the first
 * photos have the phone's link to themselves and are painted before any script
 * is fetched or run (docs/decisions/014-member-pages.md). Writes the page into
 * `page`; a document without that module script goes in unchanged.
 */
export function scriptsAfterLoad(html: Buffer<ArrayBuffer>, page: DocumentBytes): void {
  const headEnd = html.indexOf(HEAD_END);
  const script = headEnd === -1 ? null : moduleScript(html, headEnd);
  if (!script) return page.append(html);
  const { tagStart, tagEnd, typeAt, scriptEnd } = script;

  const hrefs: string[] = [];
  const head = html
    .subarray(0, headEnd)
    .toString('utf8')
    .replace(MODULE_PRELOAD, (_tag, href: string) => {
      hrefs.push(href);
      return '';
    });
  const nonceAttribute = / nonce="[^"]*"/.exec(html.subarray(tagStart, tagEnd).toString('utf8'))?.[0] ?? '';
  const afterScript = scriptEnd + SCRIPT_END.length;
  page.append(head);
  page.append(html.subarray(headEnd, typeAt));
  page.append(` type="${DEFERRED_TYPE}"`);
  page.append(html.subarray(typeAt + MODULE_TYPE.length, afterScript));
  page.append(loaderScript(nonceAttribute, hrefs));
  page.append(html.subarray(afterScript));
}
