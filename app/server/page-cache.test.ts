import { describe, expect, it } from 'vitest';
import { pageKey } from './page-cache';
import { pageParams } from './page-params';

const key = (url: string) => pageKey(url, pageParams);

describe('pageKey', () => {
  it('keeps only the parameters the page reads, sorted', () => {
    expect(key('/gallery?utm=1&count=24&after=3')).toEqual({ key: '/gallery?after=3&count=24', storable: false });
    expect(key('/gallery?count=24&after=3')).toEqual({ key: '/gallery?after=3&count=24', storable: true });
    expect(key('/?board=weekly&tutorial=2')).toEqual({ key: '/?board=weekly&tutorial=2', storable: true });
  });

  it('gives pages that read no parameter one key, whatever the query', () => {
    expect(key('/about?x=1')).toEqual({ key: '/about', storable: false });
    expect(key('/about')).toEqual({ key: '/about', storable: true });
    expect(key('/build/7?comments=all&x=1')?.key).toBe('/build/7?comments=all');
  });

  it('keeps the path exactly as sent', () => {
    expect(key('//example.com/about?x=1')).toEqual({ key: '//example.com/about', storable: false });
    expect(key('/Gallery?count=24')?.key).toBe('/Gallery?count=24');
  });

  it('never keys pages opened with a one-time token', () => {
    expect(key('/reset-password?token=abc')).toBeUndefined();
    expect(key('/auth/magic?token=abc')).toBeUndefined();
    expect(key('/verify-email')).toBeUndefined();
  });
});
