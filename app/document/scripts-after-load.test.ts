import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DocumentBytes } from './document-bytes';
import { scriptsAfterLoad } from './scripts-after-load';

const page = (nonce: string) =>
  '<!DOCTYPE html><html><head><title>Rig “Ünïcode”</title><link rel="stylesheet" href="/a.css"/>' +
  `<link rel="modulepreload" href="/assets/entry.js" nonce="${nonce}"/><link rel="modulepreload" href="/assets/root.js" nonce="${nonce}"/></head>` +
  '<body><p>&lt;link rel="modulepreload" type="module"</p>' +
  `<script nonce="${nonce}">window.data = 1;</script><script nonce="${nonce}" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");</script>` +
  `<script nonce="${nonce}">window.more = 2;</script></body></html>`;

type Element = { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string };

/**
 * Runs the inline classic scripts of `html` in a small stand-in for the browser, with or
 * without Paint Timing; the steps (load, a frame, a paint reported, time passing) are the
 * test's to take. `seen()` tells what the page has added and run so far.
 */
function browserWith(html: string, nonce: string, { paintTiming }: { paintTiming: boolean }) {
  const added: Element[] = [];
  const loadListeners: (() => void)[] = [];
  const deferred = /<script[^>]*type="rigroast\/deferred-module"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  let replacedWith: Element | null = null;
  let runs = 0;
  const frames: (() => void)[] = [];
  let timers: { callback: () => void; at: number }[] = [];
  let now = 0;
  const observers: { report: (list: { getEntriesByName: (name: string) => object[] }) => void; connected: boolean }[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = ['largest-contentful-paint', 'paint'];
    private readonly entry;
    constructor(report: (typeof observers)[number]['report']) {
      this.entry = { report, connected: false };
    }
    observe({ type, buffered }: { type: string; buffered: boolean }) {
      if (type === 'paint' && buffered) observers.push(Object.assign(this.entry, { connected: true }));
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  const document = {
    visibilityState: 'visible',
    currentScript: { nonce },
    head: { append: (element: Element) => added.push(element) },
    createElement: (tag: string) => ({ tag }),
    querySelector: (selector: string) =>
      selector === 'script[type="rigroast/deferred-module"]' && deferred
        ? {
            textContent: deferred[1],
            replaceWith: (element: Element) => {
              replacedWith = element;
              runs += 1;
            },
          }
        : null,
  };
  const context = {
    document,
    addEventListener: (type: string, listener: () => void) => type === 'load' && loadListeners.push(listener),
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms = 0) => timers.push({ callback, at: now + ms }),
    window: paintTiming ? { PerformanceObserver } : {},
  };
  for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!attributes!.includes('type=')) runInNewContext(body!, context);
  }
  const wait = (ms: number) => {
    now += ms;
    const due = timers.filter(({ at }) => at <= now);
    timers = timers.filter(({ at }) => at > now);
    for (const { callback } of due) callback();
  };
  return {
    seen: () => ({ added: [...added], replacedWith, runs }),
    load: () => loadListeners.forEach((listener) => listener()),
    frame: () => frames.splice(0).forEach((frame) => frame()),
    paint: () =>
      observers
        .filter(({ connected }) => connected)
        .forEach(({ report }) => report({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) })),
    wait,
  };
}

const preloads = (nonce: string) => [
  { tag: 'link', rel: 'modulepreload', nonce, href: '/assets/entry.js' },
  { tag: 'link', rel: 'modulepreload', nonce, href: '/assets/root.js' },
];
const moduleScript = (nonce: string) => ({
  tag: 'script',
  type: 'module',
  nonce,
  textContent: 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");',
});
const nothing = { added: [], replacedWith: null, runs: 0 };

/** The page scriptsAfterLoad writes for a rendered document. */
function deferred(html: string): string {
  const page = new DocumentBytes();
  scriptsAfterLoad(Buffer.from(html), page);
  return page.view().toString();
}

describe('scriptsAfterLoad', () => {
  it('fetches and runs no module before the load event and the first contentful paint, then preloads them and runs the module script with its nonce', () => {
    const html = deferred(page('abc'));
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain('<title>Rig “Ünïcode”</title><link rel="stylesheet" href="/a.css"/></head>');
    expect(html).toContain('<p>&lt;link rel="modulepreload" type="module"</p>');

    const browser = browserWith(html, 'abc', { paintTiming: true });
    browser.paint();
    browser.wait(0);
    expect(browser.seen()).toEqual(nothing);
    browser.load();
    browser.frame();
    browser.wait(0);
    expect(browser.seen()).toEqual(nothing);
    browser.paint();
    expect(browser.seen()).toEqual(nothing);
    browser.wait(0);
    expect(browser.seen()).toEqual({ added: preloads('abc'), replacedWith: moduleScript('abc'), runs: 1 });
    browser.wait(5000);
    expect(browser.seen().runs).toBe(1);
  });

  it('without Paint Timing, runs them in a task after the frame that follows the load event', () => {
    const browser = browserWith(deferred(page('abc')), 'abc', { paintTiming: false });
    browser.load();
    browser.wait(0);
    expect(browser.seen()).toEqual(nothing);
    browser.frame();
    expect(browser.seen()).toEqual(nothing);
    browser.wait(0);
    expect(browser.seen()).toEqual({ added: preloads('abc'), replacedWith: moduleScript('abc'), runs: 1 });
  });

  it('runs them three seconds after the load event at the latest, once, when no paint is reported', () => {
    const browser = browserWith(deferred(page('abc')), 'abc', { paintTiming: true });
    browser.load();
    browser.wait(2999);
    expect(browser.seen()).toEqual(nothing);
    browser.wait(1);
    expect(browser.seen().runs).toBe(1);
    browser.paint();
    browser.wait(0);
    expect(browser.seen().runs).toBe(1);
  });

  it('keeps every other script where it was, the loader right after the module script', () => {
    const html = deferred(page(''));
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts).toEqual([' nonce=""', ' nonce="" type="rigroast/deferred-module" async=""', ' nonce=""', ' nonce=""']);
    expect(html).toMatch(/window\.data = 1;<\/script><script nonce="" type="rigroast\/deferred-module"/);
    expect(html).toMatch(/<\/script><script nonce="">window\.more = 2;<\/script><\/body><\/html>$/);
  });

  it('answers a document without a head or without a module script unchanged', () => {
    const fragment = '<p>no head</p>';
    expect(deferred(fragment)).toBe(fragment);
    const plain = '<html><head><link rel="modulepreload" href="/x.js"/></head><body><script>1</script></body></html>';
    expect(deferred(plain)).toBe(plain);
  });
});
