import { describe, expect, it } from 'vitest';
import { carriesAppCookie } from './cookies.server';

describe('carriesAppCookie', () => {
  it('finds the site’s own cookies wherever they sit in the header', () => {
    expect(carriesAppCookie('rr_session=abc')).toBe(true);
    expect(carriesAppCookie('_ga=GA1.1.2; toast=e30%3D.sig')).toBe(true);
    expect(carriesAppCookie('__cf_bm=x;rr_auth_flow=y; other=z')).toBe(true);
  });

  it('ignores other sites’ cookies, names that only contain ours, and values that look like ours', () => {
    expect(carriesAppCookie(undefined)).toBe(false);
    expect(carriesAppCookie('')).toBe(false);
    expect(carriesAppCookie('_ga=GA1.1.2; __cf_bm=abc')).toBe(false);
    expect(carriesAppCookie('my_rr_session=1; toasty=2')).toBe(false);
    expect(carriesAppCookie('theme=rr_session=1')).toBe(false);
  });
});
