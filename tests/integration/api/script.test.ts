import { describe, expect, it } from 'vitest';
import { rankLeaderboardsNow } from '#tests/support/test-database';
import { testPhoto } from '#tests/support/uploads';
import { extractCode } from '#tests/support/smtp-sink';
import { sharedStack } from '#tests/support/stack';

const stack = sharedStack();

/**
 * A client that knows only docs/product.md §7: plain fetch, JSON bodies, and a cookie jar
 * of one (the session cookie the sign-in sets). No Origin header, as scripts send none.
 */
function scriptClient(address: string) {
  let cookie = '';
  const request = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { 'X-Forwarded-For': address };
    if (cookie) headers.Cookie = cookie;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(`${stack.app.origin}${path}`, { method, headers, body: payload, redirect: 'manual' });
    const session = response.headers.getSetCookie().find((value) => value.startsWith('rr_session='));
    if (session) cookie = session.split(';')[0]!;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & unknown[] };
  };
  return {
    request,
    async signIn(email: string) {
      const before = stack.mail.messages.filter((mail) => mail.to.includes(email)).length;
      expect((await request('POST', '/api/request-login-code', { email })).status).toBe(200);
      const code = extractCode(await stack.mail.waitForMail(email, { after: before }));
      const user = await request('POST', '/api/verify-login-code', { email, code });
      expect(user.status).toBe(200);
      return user.body as unknown as { id: number; username: string; isAdmin: boolean };
    },
  };
}

describe('a script that knows only product §7', () => {
  it('signs in, uploads, rates, comments, shares and reads the leaderboards, and acts as no one but itself', async () => {
    const alice = scriptClient('198.18.0.1');
    const bob = scriptClient('198.18.0.2');
    const aliceUser = await alice.signIn(`script-alice-${Date.now()}@example.com`);
    const bobUser = await bob.signIn(`script-bob-${Date.now()}@example.com`);
    expect((await alice.request('GET', '/api/user')).body).toMatchObject({ id: aliceUser.id });

    const form = new FormData();
    form.set('title', 'Scripted tower');
    form.set('image', new Blob([new Uint8Array(await testPhoto('jpeg', 800, 600))], { type: 'image/jpeg' }), 'rig.jpg');
    const upload = await alice.request('POST', '/api/builds', form);
    expect(upload.status).toBe(201);
    const buildId = upload.body.id as number;

    // Bob rates and comments, claiming in the body to be Alice: the server knows better.
    const rated = await bob.request('POST', `/api/builds/${buildId}/rate`, { userId: aliceUser.id, rating: 5 });
    expect(rated).toMatchObject({ status: 200, body: { rating: 5, ratingCount: 1 } });
    const commented = await bob.request('POST', `/api/builds/${buildId}/comment`, {
      userId: aliceUser.id,
      username: aliceUser.username,
      avatarUrl: '/evil.png',
      content: 'Clean cables.',
    });
    expect(commented).toMatchObject({ status: 201, body: { username: bobUser.username } });
    // Alice cannot rate her own build, whatever she claims.
    expect((await alice.request('POST', `/api/builds/${buildId}/rate`, { userId: bobUser.id, rating: 5 })).status).toBe(403);

    const detail = await bob.request('GET', `/api/builds/${buildId}`);
    expect(detail.body).toMatchObject({
      id: buildId,
      title: 'Scripted tower',
      username: aliceUser.username,
      ratingCount: 1,
      averageRating: 5,
      commentCount: 1,
    });

    const share = await alice.request('POST', `/api/builds/${buildId}/share`);
    const token = new URL(share.body.shareUrl as string).pathname.split('/').pop();
    expect((await scriptClient('198.18.0.3').request('GET', `/api/share/${token}`)).body).toMatchObject({ id: buildId });

    await rankLeaderboardsNow(stack.app.databasePath);
    const today = await bob.request('GET', '/api/builds/leaderboard/today?limit=3');
    expect(today.body).toEqual([
      expect.objectContaining({ id: buildId, title: 'Scripted tower', username: aliceUser.username, totalRating: 5, averageRating: 5 }),
    ]);

    // Nothing of anyone else's: no admin calls, no deleting Bob.
    expect((await alice.request('GET', '/api/admin/users')).status).toBe(403);
    expect((await alice.request('DELETE', `/api/admin/users/${bobUser.id}`)).status).toBe(403);
    expect((await alice.request('PATCH', `/api/admin/users/${bobUser.id}/status`, { isDisabled: true })).status).toBe(403);
    expect((await bob.request('GET', '/api/user')).body).toMatchObject({ id: bobUser.id });

    expect((await alice.request('POST', '/api/logout')).status).toBe(200);
    expect((await alice.request('GET', '/api/user')).status).toBe(401);
  });
});
