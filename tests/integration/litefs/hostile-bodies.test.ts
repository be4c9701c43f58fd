import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '#tests/support/browser';
import { FORM_TYPE, fieldBomb, MULTIPART_TYPE, multipartBomb } from '#tests/support/hostile-bodies';
import { REFUSAL_CEILING_MS, walkHostileBodies, type WalkIds, walkIds } from '#tests/support/hostile-walk';
import { liteFsUnavailable, sharedLiteFsCluster } from '#tests/support/litefs-cluster';
import { postBody } from '#tests/support/oversized-post';

const unavailable = liteFsUnavailable();
if (unavailable && process.env.CI) throw new Error(unavailable);
if (unavailable) console.warn(`Skipped. ${unavailable}`);

describe.skipIf(unavailable)('hostile bodies sent to a replica', () => {
  const cluster = sharedLiteFsCluster();
  let member: Browser;
  let ids: WalkIds;

  beforeAll(async () => {
    const email = `replica-walker-${Date.now()}@example.com`;
    member = await cluster.member(cluster.replica, email);
    ids = await walkIds(member, email, cluster.primary.databasePath);
  }, 60_000);

  it('are refused at the replica, the node they reach, as on a primary: every route, as a guest and as a member, each within a second', async () => {
    const visitors = [
      { name: 'a guest', browser: cluster.browser(cluster.replica) },
      { name: 'a member', browser: member },
    ];
    const walk = await walkHostileBodies(cluster.replica, visitors, ids);
    expect(walk.problems).toEqual([]);
    expect(walk.sent).toBeGreaterThan(1500);
    expect(walk.slowestHealthMs).toBeLessThan(REFUSAL_CEILING_MS);
  }, 180_000);

  it('are refused by the replica itself: with the primary down, where a forwarded write gets 503', async () => {
    await cluster.stopPrimary();
    const send = (path: string, contentType: string, body: Buffer) =>
      postBody(new URL(path, cluster.replica.origin), body, { headers: { 'Content-Type': contentType }, timeoutMs: 5000 });
    expect((await send('/forgot-password', FORM_TYPE, fieldBomb(32_000))).status).toBe(413);
    expect((await send('/auth', MULTIPART_TYPE, multipartBomb(2000))).status).toBe(415);
    expect((await send('/api/uploads/temp', MULTIPART_TYPE, multipartBomb(2000))).status).toBe(413);
    expect((await send(`/api/builds/${ids.buildId}/comment`, 'text/plain', Buffer.from('hi'))).status).toBe(415);
    // A write it takes goes to the primary, which is not there.
    expect((await send('/forgot-password', FORM_TYPE, Buffer.from('email=x%40example.com'))).status).toBe(503);
  });
});
