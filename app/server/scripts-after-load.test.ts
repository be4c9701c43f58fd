import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { scriptsAfterLoad } from './scripts-after-load';

const page = (nonce: string) =>
  '<!DOCTYPE html><html><head><title>Rig “Ünïcode”</title><link rel="stylesheet" href="/a.css"/>' +
  `<link rel="modulepreload" href="/assets/entry.js" nonce="${nonce}"/><link rel="modulepreload" href="/assets/root.js" nonce="${nonce}"/></head>` +
  '<body><p>&lt;link rel="modulepreload" type="module"</p>' +
  `<script nonce="${nonce}">window.data = 1;</script><script nonce="${nonce}" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");</script>` +
  `<script nonce="${nonce}">window.more = 2;</script></body></html>`;

/** Runs the inline classic scripts of `html` in a small stand-in for the browser, then fires `load`. */
function loadInBrowser(html: string, nonce: string) {
  const added: { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }[] = [];
  const loadListeners: (() => void)[] = [];
  const deferred = /<script[^>]*type="rigroast\/deferred-module"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  let replacedWith: (typeof added)[number] | null = null;
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const document = {
    visibilityState: 'visible',
    currentScript: { nonce },
    head: { append: (element: (typeof added)[number]) => added.push(element) },
    createElement: (tag: string) => ({ tag }),
    querySelector: (selector: string) =>
      selector === 'script[type="rigroast/deferred-module"]' && deferred
        ? { textContent: deferred[1], replaceWith: (element: (typeof added)[number]) => (replacedWith = element) }
        : null,
  };
  const addEventListener = (type: string, listener: () => void) => type === 'load' && loadListeners.push(listener);
  for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!attributes!.includes('type=')) {
      const requestAnimationFrame = (callback: () => void) => frames.push(callback);
      const setTimeout = (callback: () => void) => timers.push(callback);
      runInNewContext(body!, { document, addEventListener, requestAnimationFrame, setTimeout, window: {} });
    }
  }
  const beforeLoad = { added: [...added], replacedWith };
  for (const listener of loadListeners) listener();
  // The frame before the next paint, then a task after that paint.
  for (const frame of frames.splice(0)) frame();
  const beforePaint = { added: [...added], replacedWith };
  for (const timer of timers.splice(0)) timer();
  return { beforeLoad, beforePaint, added, replacedWith: replacedWith as (typeof added)[number] | null };
}

describe('scriptsAfterLoad', () => {
  it('fetches and runs no module before the load event and the paint after it, then preloads them and runs the module script with its nonce', () => {
    const html = scriptsAfterLoad(Buffer.from(page('abc'))).toString();
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain('<title>Rig “Ünïcode”</title><link rel="stylesheet" href="/a.css"/></head>');
    expect(html).toContain('<p>&lt;link rel="modulepreload" type="module"</p>');

    const browser = loadInBrowser(html, 'abc');
    expect(browser.beforeLoad).toEqual({ added: [], replacedWith: null });
    expect(browser.beforePaint).toEqual({ added: [], replacedWith: null });
    expect(browser.added).toEqual([
      { tag: 'link', rel: 'modulepreload', nonce: 'abc', href: '/assets/entry.js' },
      { tag: 'link', rel: 'modulepreload', nonce: 'abc', href: '/assets/root.js' },
    ]);
    expect(browser.replacedWith).toEqual({
      tag: 'script',
      type: 'module',
      nonce: 'abc',
      textContent: 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");',
    });
  });

  it('keeps every other script where it was, the loader right after the module script', () => {
    const html = scriptsAfterLoad(Buffer.from(page(''))).toString();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts).toEqual([' nonce=""', ' nonce="" type="rigroast/deferred-module" async=""', ' nonce=""', ' nonce=""']);
    expect(html).toMatch(/window\.data = 1;<\/script><script nonce="" type="rigroast\/deferred-module"/);
    expect(html).toMatch(/<\/script><script nonce="">window\.more = 2;<\/script><\/body><\/html>$/);
  });

  it('answers a document without a head or without a module script unchanged', () => {
    const fragment = Buffer.from('<p>no head</p>');
    expect(scriptsAfterLoad(fragment)).toBe(fragment);
    const plain = Buffer.from('<html><head><link rel="modulepreload" href="/x.js"/></head><body><script>1</script></body></html>');
    expect(scriptsAfterLoad(plain)).toBe(plain);
  });
});
