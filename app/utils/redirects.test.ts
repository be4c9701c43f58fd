import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirects';

describe('safeRedirect', () => {
  it.each(['/', '/gallery', '/build/42', '/leaderboard/week?page=2', '/build/7#comments', '/gallery?sort=new&page=3#top'])(
    'keeps the same-site path %s',
    (path) => {
      expect(safeRedirect(path, '/fallback')).toBe(path);
    },
  );

  it('falls back to / when no fallback is given', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
  ])('falls back for %s', (_label, value) => {
    expect(safeRedirect(value, '/fallback')).toBe('/fallback');
  });

  it('falls back for a file from a form', () => {
    expect(safeRedirect(new File(['/gallery'], '/gallery'), '/fallback')).toBe('/fallback');
  });

  it('falls back for a value that is not a string at all', () => {
    const number = 42 as unknown as string;
    const object = { toString: () => '/gallery' } as unknown as string;
    expect(safeRedirect(number, '/fallback')).toBe('/fallback');
    expect(safeRedirect(object, '/fallback')).toBe('/fallback');
  });

  it.each([
    ['an absolute https URL', 'https://evil.example'],
    ['an absolute http URL with a path', 'http://evil.example/gallery'],
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/auth'],
    ['a slash-backslash URL, which browsers read as //', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path without a leading slash', 'gallery'],
    ['a path starting with a backslash', '\\\\evil.example'],
    ['a path starting with a space', ' /gallery'],
    // Browsers drop tabs and newlines from URLs, so "/\t/evil.example" would become "//evil.example".
    ['a path with a tab after the first slash', '/\t/evil.example'],
    ['a path with a newline after the first slash', '/\n/evil.example'],
    ['a path with a carriage return inside', '/gallery\r\nSet-Cookie: x=1'],
    ['a path with a tab inside', '/gal\tlery'],
    ['a path with a NUL byte inside', '/gallery\u0000'],
  ])('falls back for %s', (_label, to) => {
    expect(safeRedirect(to, '/fallback')).toBe('/fallback');
  });

  // An encoded slash is not a slash to the URL parser: "/%2F%2Fevil" resolves to a path on our own site.
  it.each(['/%2F%2Fevil', '/%2f%2fevil.example', '/%5Cevil.example'])('keeps %s, which a browser resolves on our site', (to) => {
    expect(safeRedirect(to, '/fallback')).toBe(to);
    expect(new URL(to, 'https://rigroast.example').origin).toBe('https://rigroast.example');
  });

  it.each(['/auth', '/auth?x=1', '/auth?tab=register&redirectTo=%2Fgallery', '/auth/magic', '/auth/magic?token=abc'])(
    'falls back for %s, which would bounce a signed-in member',
    (to) => {
      expect(safeRedirect(to, '/fallback')).toBe('/fallback');
    },
  );

  it.each(['/authors', '/author/7', '/authentic?x=1'])('keeps %s, which only starts with the letters "auth"', (to) => {
    expect(safeRedirect(to, '/fallback')).toBe(to);
  });

  // Each of these was a 500 (a Location header carries no character past U+00FF, nor DEL).
  it.each([
    ['/gallery?q=caf\u00e9', '/gallery?q=caf%C3%A9'],
    ['/caf\u00e9#d\u00e9j\u00e0', '/caf%C3%A9#d%C3%A9j%C3%A0'],
    ['/\u2028', '/%E2%80%A8'],
    ['/\u{1F600}?x=\u{1F600}', '/%F0%9F%98%80?x=%F0%9F%98%80'],
    ['/a\u007fb', '/a%7Fb'],
    ['/a b?c d', '/a%20b?c%20d'],
  ])('writes %j as a header can carry it, %s', (to, written) => {
    expect(safeRedirect(to, '/fallback')).toBe(written);
  });

  it.each(['/.//evil.example', '/./\\evil.example', '/x/..//evil.example', '/..//evil.example/path'])(
    'falls back for %s, which resolves to another site',
    (to) => {
      expect(safeRedirect(to, '/fallback')).toBe('/fallback');
    },
  );

  it.each(['/x/../auth', '/auth#step', '/./auth?tab=login'])('falls back for %s, which resolves to /auth', (to) => {
    expect(safeRedirect(to, '/fallback')).toBe('/fallback');
  });

  it('returns the fallback it was given, even an empty one', () => {
    expect(safeRedirect('//evil.example', '')).toBe('');
    expect(safeRedirect('/gallery', '')).toBe('/gallery');
  });
});
