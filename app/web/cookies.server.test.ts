import { afterEach, describe, expect, it, vi } from 'vitest';
import { appCookie, carriesSignedAppCookie } from './cookies.server';

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
