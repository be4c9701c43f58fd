import { describe, expect, it } from 'vitest';
import { buildPageHref, buildPageQuery, galleryQuery, onlyViewerMoved, viewerPhoto } from './page-query';

describe("a build page's photo viewer in its address", () => {
  it('reads ?photo=N as the photo it is open on, anything else as closed', () => {
    expect(viewerPhoto(new URLSearchParams('photo=2'))).toBe(2);
    for (const value of ['', '0', '-1', '1.5', 'x', '1e3x']) expect(viewerPhoto(new URLSearchParams({ photo: value }))).toBeNull();
    expect(viewerPhoto(new URLSearchParams('comments=all'))).toBeNull();
  });

  it('tells a step of the viewer alone from any other change of the address', () => {
    const url = (path: string) => new URL(path, 'https://rigroast.test');
    expect(onlyViewerMoved(url('/build/7'), url('/build/7?photo=1'))).toBe(true);
    expect(onlyViewerMoved(url('/build/7?comments=all&photo=1'), url('/build/7?comments=all&photo=2'))).toBe(true);
    expect(onlyViewerMoved(url('/build/7?photo=3'), url('/build/7'))).toBe(true);
    // The same address again (a reload through a link), another page, another parameter: read again.
    expect(onlyViewerMoved(url('/build/7'), url('/build/7'))).toBe(false);
    expect(onlyViewerMoved(url('/build/7?photo=1'), url('/build/8?photo=1'))).toBe(false);
    expect(onlyViewerMoved(url('/build/7?photo=1'), url('/build/7?photo=1&comments=all'))).toBe(false);
  });
});

describe("a build page's query", () => {
  const read = (query: string) => buildPageQuery(new URLSearchParams(query));

  it('reads ?updates=off alone as the page stopped updating itself, anything else as updating', () => {
    expect(read('updates=off').updates).toBe('off');
    for (const query of ['', 'updates=on', 'updates=OFF', 'updates=', 'updates=0']) expect(read(query).updates).toBe('on');
  });

  it('writes each view of the page one way, defaults left out, and reads it back as written', () => {
    expect(buildPageHref(7)).toBe('/build/7');
    expect(buildPageHref(7, { updates: 'on' })).toBe('/build/7');
    const href = buildPageHref(7, { comments: 'all', sort: 'top', replyTo: 3, updates: 'off' });
    expect(href).toBe('/build/7?comments=all&sort=top&replyTo=3&updates=off');
    expect(read(href.split('?')[1]!)).toEqual({ comments: 'all', sort: 'top', replyTo: 3, updates: 'off' });
  });
});

describe("the gallery's search in its address", () => {
  it('reads a search as one line of text, without the characters that disguise it', () => {
    const q = (raw: string) => galleryQuery(new URLSearchParams({ q: raw })).q;
    expect(q('  rtx\t4090\n white ')).toBe('rtx 4090 white');
    expect(q('rtx \u202egpj.exe')).toBe('rtx gpj.exe');
    expect(q('noctua\u0001\u007fd15\u2066')).toBe('noctua d15');
    expect(q('\u200b\u2067')).toBe('');
    expect(q('W'.repeat(300))).toHaveLength(100);
  });
});
