import { describe, expect, it } from 'vitest';
import { originForm } from './request-target';

describe('originForm', () => {
  it('keeps an ordinary path and query as they are', () => {
    expect(originForm('/')).toBe('/');
    expect(originForm('/gallery?count=24&after=3')).toBe('/gallery?count=24&after=3');
    expect(originForm('/build/7.data?_routes=routes%2Fbuild')).toBe('/build/7.data?_routes=routes%2Fbuild');
  });

  it('keeps only the path and query of an absolute-form target', () => {
    expect(originForm('http://127.0.0.1:3699/x?y=1')).toBe('/x?y=1');
    expect(originForm('HTTPS://evil.example')).toBe('/');
    expect(originForm('http://user@evil.example?y=1')).toBe('/?y=1');
  });

  it('reads a path that starts like an address as a path', () => {
    expect(originForm('//127.0.0.1:3699/x')).toBe('/127.0.0.1:3699/x');
    expect(originForm('/\\127.0.0.1:3699/x')).toBe('/127.0.0.1:3699/x');
    expect(originForm('///evil.example')).toBe('/evil.example');
  });

  it('resolves dot segments as React Router would, so a guard on the path sees the path served', () => {
    expect(originForm('/gallery/../private-images/a.jpg')).toBe('/private-images/a.jpg');
    expect(originForm('/x/%2e%2e/private-images/a.jpg')).toBe('/private-images/a.jpg');
    expect(originForm('/x/..\\private-images\\a.jpg')).toBe('/private-images/a.jpg');
  });

  it('refuses a target that names no path', () => {
    expect(originForm('*')).toBeUndefined();
    expect(originForm('evil.example:443')).toBeUndefined();
    expect(originForm('javascript:alert(1)')).toBeUndefined();
  });

  it('gives its own result back unchanged (a forwarded request is read again on the primary)', () => {
    for (const target of ['//a/./b/../c?d=%20e', 'http://h/x y?z="q"', '/\\\\x/%2E%2E/%zz?a=1#frag', '/é?ü']) {
      const once = originForm(target)!;
      expect(once.startsWith('/') && !once.startsWith('//'), target).toBe(true);
      expect(originForm(once), target).toBe(once);
    }
  });
});
