import { describe, expect, it } from 'vitest';
import { originForm } from './request-target';

describe('originForm', () => {
  it.each<[behaviour: string, target: string, expected: string | undefined]>([
    ['keeps an ordinary path and query as they are', '/', '/'],
    ['keeps an ordinary path and query as they are', '/gallery?count=24&after=3', '/gallery?count=24&after=3'],
    ['keeps an ordinary path and query as they are', '/build/7.data?_routes=routes%2Fbuild', '/build/7.data?_routes=routes%2Fbuild'],
    ['keeps only the path and query of an absolute-form target', 'http://127.0.0.1:3699/x?y=1', '/x?y=1'],
    ['keeps only the path and query of an absolute-form target', 'HTTPS://evil.example', '/'],
    ['keeps only the path and query of an absolute-form target', 'http://user@evil.example?y=1', '/?y=1'],
    ['reads a path that starts like an address as a path', '//127.0.0.1:3699/x', '/127.0.0.1:3699/x'],
    ['reads a path that starts like an address as a path', '/\\127.0.0.1:3699/x', '/127.0.0.1:3699/x'],
    ['reads a path that starts like an address as a path', '///evil.example', '/evil.example'],
    [
      'resolves dot segments as React Router would, so a guard on the path sees the path served',
      '/gallery/../private-images/a.jpg',
      '/private-images/a.jpg',
    ],
    [
      'resolves dot segments as React Router would, so a guard on the path sees the path served',
      '/x/%2e%2e/private-images/a.jpg',
      '/private-images/a.jpg',
    ],
    [
      'resolves dot segments as React Router would, so a guard on the path sees the path served',
      '/x/..\\private-images\\a.jpg',
      '/private-images/a.jpg',
    ],
    ['refuses a target that names no path', '*', undefined],
    ['refuses a target that names no path', 'evil.example:443', undefined],
    ['refuses a target that names no path', 'javascript:alert(1)', undefined],
  ])('%s: %s', (_behaviour, target, expected) => {
    expect(originForm(target)).toBe(expected);
  });

  it('gives its own result back unchanged (a forwarded request is read again on the primary)', () => {
    for (const target of ['//a/./b/../c?d=%20e', 'http://h/x y?z="q"', '/\\\\x/%2E%2E/%zz?a=1#frag', '/é?ü']) {
      const once = originForm(target)!;
      expect(once.startsWith('/') && !once.startsWith('//'), target).toBe(true);
      expect(originForm(once), target).toBe(once);
    }
  });
});
