import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSession, deleteSession } from '~/models/sessions.server';
import { randomToken } from '~/services/crypto.server';
import { SESSION_TTL_MS } from '~/utils/constants';
import { appCookie } from './cookies.server';
import { pageOwner } from './session.server';
import { aMember } from '#tests/support/factories';

// The cookies are signed with SESSION_SECRET; set, nothing is written to ./data.
vi.stubEnv('SESSION_SECRET', 'x'.repeat(40));

afterEach(() => {
  vi.useRealTimers();
});

/** `name=value` as the browser sends back what the site set. */
async function signed(name: 'rr_session' | 'toast', value: unknown): Promise<string> {
  return (await appCookie(name)().serialize(value)).split(';')[0]!;
}

async function signedIn(): Promise<{ sessionId: string; cookie: string }> {
  const sessionId = randomToken();
  createSession({ sessionId, userId: aMember().id, userAgent: null, ip: '203.0.113.7' });
  return { sessionId, cookie: await signed('rr_session', sessionId) };
}

describe('pageOwner', () => {
  it('names no one for a visitor without a cookie the site signed: they see what every signed-out visitor sees', async () => {
    expect(pageOwner('_ga=GA1.1.2; __cf_bm=abc')).toBeNull();
    expect(await pageOwner('rr_session=forged; toast=made-up')).toBeNull();
  });

  it("names a member by the site's cookies they carry, as the session reads them, whatever else the header holds", async () => {
    const { cookie } = await signedIn();
    const toast = await signed('toast', { id: '1', title: 'Saved', kind: 'success' });
    const owner = await pageOwner(`_ga=GA1.1.2; ${cookie}; ${toast}`);
    expect(owner).toEqual(expect.any(String));
    expect(await pageOwner(`${cookie};__cf_bm=abc;  ${toast}`)).toBe(owner);
    expect(await pageOwner(`${toast}; ${cookie}`)).toBe(owner);
    // The session's reader trims names and takes the first of a name: so does the owner.
    expect(await pageOwner(`${cookie.replace('=', ' =')};\t${toast.replace('=', '\t= ')}`)).toBe(owner);
    expect(await pageOwner(`${cookie}; ${toast}; rr_session=another`)).toBe(owner);
    expect(await pageOwner(cookie)).not.toBe(owner);
    expect(await pageOwner((await signedIn()).cookie)).not.toBe(await pageOwner(cookie));
  });

  it('keeps nothing for a session that is over, ended or expired', async () => {
    const ended = await signedIn();
    deleteSession(ended.sessionId);
    expect(await pageOwner(ended.cookie)).toBeUndefined();

    const expiring = await signedIn();
    expect(await pageOwner(expiring.cookie)).toEqual(expect.any(String));
    vi.useFakeTimers({ now: Date.now() + SESSION_TTL_MS, toFake: ['Date'] });
    expect(await pageOwner(expiring.cookie)).toBeUndefined();
  });
});
