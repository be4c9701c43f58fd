import { parse } from 'cookie-es';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appCookie, carriesSignedAppCookie, withoutCookie } from './cookies.server';

// The cookies are signed with SESSION_SECRET; set, nothing is written to ./data.
vi.stubEnv('SESSION_SECRET', 'x'.repeat(40));

/** `name=value` as the browser sends back what the site set. */
async function signed(name: 'rr_session' | 'toast', value: unknown): Promise<string> {
  return (await appCookie(name)().serialize(value)).split(';')[0]!;
}

describe('carriesSignedAppCookie', () => {
  it('finds a cookie the site signed wherever it sits in the header', async () => {
    const session = await signed('rr_session', 'a-session-id-longer-than-twenty');
    expect(await carriesSignedAppCookie(session)).toBe(true);
    expect(await carriesSignedAppCookie(`_ga=GA1.1.2; ${await signed('toast', { message: 'Saved' })}`)).toBe(true);
    expect(await carriesSignedAppCookie(`rr_auth_flow=made-up; ${session}; other=z`)).toBe(true);
  });

  it('answers at once, false, for other sites’ cookies and names that only contain ours', () => {
    expect(carriesSignedAppCookie('')).toBe(false);
    expect(carriesSignedAppCookie('_ga=GA1.1.2; __cf_bm=abc')).toBe(false);
    expect(carriesSignedAppCookie('my_rr_session=1; toasty=2')).toBe(false);
    expect(carriesSignedAppCookie('theme=rr_session=1')).toBe(false);
  });

  it('counts made-up, tampered and emptied values of ours as none', async () => {
    const session = await signed('rr_session', 'a-session-id-longer-than-twenty');
    expect(await carriesSignedAppCookie('rr_session=forged')).toBe(false);
    expect(await carriesSignedAppCookie(`rr_session=${session.slice('rr_session='.length, -2)}xx`)).toBe(false);
    expect(await carriesSignedAppCookie('rr_session=; toast=')).toBe(false);
    expect(await carriesSignedAppCookie('toast=e30%3D.sig; rr_pending_upload=1')).toBe(false);
  });
});

describe('reading a signed cookie', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('checks a value’s signature once, however the rest of the header changes', async () => {
    const session = await signed('rr_session', 'a-session-id-checked-once-only');
    const read = appCookie('rr_session')();
    const verify = vi.spyOn(crypto.subtle, 'verify');
    expect(await read.parse(`${session}; rr_pending_upload=first`)).toBe('a-session-id-checked-once-only');
    expect(await read.parse(`_ga=GA1.1.2; ${session}; rr_pending_upload=second`)).toBe('a-session-id-checked-once-only');
    expect(await read.parse(`${session}; toast=x`)).toBe('a-session-id-checked-once-only');
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('reads the first value of a name, as createCookie does, and never a forged value after a good one', async () => {
    const session = await signed('rr_session', 'a-session-id-read-first-of-two');
    const read = appCookie('rr_session')();
    expect(await read.parse(`${session}; rr_session=forged`)).toBe('a-session-id-read-first-of-two');
    expect(await read.parse(`rr_session=forged; ${session}`)).toBeNull();
    expect(await read.parse(`${session.slice(0, -2)}xx; other=1`)).toBeNull();
    expect(await read.parse(' rr_session = ; other=1')).toBe('');
    expect(await read.parse('other=1')).toBeNull();
  });
});

describe('withoutCookie', () => {
  it('leaves no value of the name for any reader, and every other cookie as every reader read it', () => {
    const name = fc.constantFrom('rr_session', 'toast', '_ga', 'rr_sessionx', 'x rr_session', '');
    const value = fc.constantFrom('', 'v', 'a%20b', '%E0%A4%A', '"quoted"', 'x=y', ' spaced ', '\t');
    const gap = fc.constantFrom('', ' ', '  ', '\t', ' \t');
    const pair = fc.oneof(
      fc.tuple(gap, name, gap, value, gap).map(([a, n, b, v, c]) => `${a}${n}${b}=${v}${c}`),
      fc.constantFrom('', ' ', 'no-equals', '=', '=v'),
    );
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 8 }), fc.constantFrom(';', '; ', ' ;'), (pairs, separator) => {
        const header = pairs.join(separator);
        const left = withoutCookie(header, 'rr_session');
        expect(parse(left).rr_session).toBeUndefined();
        const before = parse(header, { allowMultiple: true });
        const after = parse(left, { allowMultiple: true });
        delete before.rr_session;
        delete before[''];
        expect({ ...after }).toEqual({ ...before });
        // The readers take the first value of a name, decoded.
        const { rr_session: _session, '': _nameless, ...firstBefore } = parse(header);
        expect({ ...parse(left) }).toEqual(firstBefore);
      }),
    );
  });

  it('takes a signed session out of the header, so its reader finds none', async () => {
    const header = `_ga=1; ${await signed('rr_session', 'a-session-id-long-enough-to-read')}; toast=x; rr_session=second`;
    expect(await appCookie('rr_session')().parse(header)).toBe('a-session-id-long-enough-to-read');
    const left = withoutCookie(header, 'rr_session');
    expect(await appCookie('rr_session')().parse(left)).toBeNull();
    expect(left).toBe('_ga=1; toast=x');
  });
});
