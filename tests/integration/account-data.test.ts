import { writeFileSync, mkdirSync } from 'node:fs';
import { randomBytes, createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, expectContract, expectError } from '#tests/support/api';
import type { Browser } from '#tests/support/browser';
import { processMemory, resetPeakMemory } from '#tests/support/process-memory';
import { extractCode } from '#tests/support/smtp-sink';
import { sharedStack } from '#tests/support/stack';
import { openAppDatabase } from '#tests/support/test-database';
import { aBuildBy } from '#tests/support/uploads';
import { readZip } from '#tests/support/zip';

// "Members own their data" (issue 36): downloading it, over a real server.

const stack = sharedStack({}, { network: '198.18.36' });

type Member = { id: number; username: string; email: string };

async function whoIs(browser: Browser): Promise<Member> {
  return (await call(browser, 'GET', '/api/user')).body as Member;
}

const json = (files: Map<string, Buffer>, name: string) => JSON.parse(files.get(name)?.toString('utf8') ?? 'null') as unknown;

describe('Download my data', () => {
  it("is a ZIP of the member's profile, builds with photos, comments and ratings, and nobody else's; guests are refused", async () => {
    const alice = await stack.member();
    const bob = await stack.member();
    const [aliceIs, bobIs] = [await whoIs(alice), await whoIs(bob)];
    const alicesRig = await aBuildBy(alice, 'Alice glass tower');
    const bobsRig = await aBuildBy(bob, 'Bob secret sleeper');
    await call(alice, 'POST', `/api/builds/${bobsRig}/comment`, { content: 'Love the sleeper look' });
    await call(alice, 'POST', `/api/builds/${bobsRig}/rate`, { rating: 4 });
    await call(bob, 'POST', `/api/builds/${alicesRig}/comment`, { content: 'Bob was here' });
    await call(alice, 'POST', `/api/builds/${alicesRig}/photo-alt`, { photo: 'main', alt: 'My glass tower, lit blue.' });
    const database = openAppDatabase(stack.app.databasePath, { readonly: true });
    const countHits = () => (database.prepare('select count(*) as n from rate_limit_hits').get() as { n: number }).n;
    const hitsBefore = countHits();

    const response = await alice.request('/profile/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="rigroast-data-\d{4}-\d\d-\d\d\.zip"$/);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const files = await readZip(new Uint8Array(await response.arrayBuffer()));

    expect(json(files, 'profile.json')).toMatchObject({
      username: aliceIs.username,
      email: aliceIs.email,
      // As the settings and GET /api/user show them: news off until the member says yes.
      emailPreferences: { notifications: true, weeklyDigest: true, marketing: false },
      marketingOptedInAt: null,
      newsConsent: { optedInAt: null, optedOutAt: null },
    });
    expect(json(files, `builds/${alicesRig}/build.json`)).toMatchObject({
      id: alicesRig,
      title: 'Alice glass tower',
      photos: ['photo.jpg'],
      photoDescriptions: { 'photo.jpg': 'My glass tower, lit blue.' },
    });
    const photo = files.get(`builds/${alicesRig}/photo.jpg`)!;
    expect(photo.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(json(files, 'comments.json')).toEqual([expect.objectContaining({ buildId: bobsRig, content: 'Love the sleeper look' })]);
    expect(json(files, 'ratings.json')).toEqual([expect.objectContaining({ buildId: bobsRig, stars: 4 })]);
    // Bob's build, address and comment are his.
    expect([...files.keys()].filter((name) => name.startsWith('builds/'))).toEqual([
      `builds/${alicesRig}/build.json`,
      `builds/${alicesRig}/photo.jpg`,
    ]);
    const everything = [...files.values()].map((content) => content.toString('latin1')).join('\n');
    expect(everything).not.toContain(bobIs.email);
    expect(everything).not.toContain('Bob was here');
    // A download is a GET: it wrote nothing, not even its rate limit's count.
    expect(countHits()).toBe(hitsBefore);
    database.close();

    const api = await alice.request('/api/user/export');
    expect(api.status).toBe(200);
    expect((await readZip(new Uint8Array(await api.arrayBuffer()))).has(`builds/${alicesRig}/photo.jpg`)).toBe(true);

    const guest = stack.browser();
    const refused = await guest.request('/profile/export', { redirect: 'manual' });
    expect(refused.status).toBe(302);
    expect(refused.headers.get('Location')).toMatch(/^\/auth\?redirectTo=%2Fprofile%2Fexport/);
    expectError(await call(guest, 'GET', '/api/user/export'), 401, 'unauthorized');
  });

  it('shows "News and offers" as the settings and GET /api/user do: off for a new account, on with its date once chosen, off again after', async () => {
    const member = await stack.member();
    const exported = async () => {
      const response = await member.request('/profile/export');
      return json(await readZip(new Uint8Array(await response.arrayBuffer())), 'profile.json') as Record<string, unknown>;
    };
    const settings = async () => {
      const { emailPreferences, marketingOptedInAt } = (await call(member, 'GET', '/api/user')).body as Record<string, unknown>;
      return { emailPreferences, marketingOptedInAt };
    };
    const save = (marketing: boolean) =>
      member.post('/profile?tab=settings', { intent: 'email-preferences', notifications: 'on', ...(marketing ? { marketing: 'on' } : {}) });

    expect(await exported()).toMatchObject({ ...(await settings()), emailPreferences: { marketing: false }, marketingOptedInAt: null });
    await save(true);
    const on = await exported();
    expect(on).toMatchObject({ ...(await settings()), emailPreferences: { marketing: true }, marketingOptedInAt: expect.any(String) });
    expect(on.newsConsent).toEqual({ optedInAt: on.marketingOptedInAt, optedOutAt: null });
    await save(false);
    const off = await exported();
    expect(off).toMatchObject({
      ...(await settings()),
      emailPreferences: { marketing: false, weeklyDigest: false },
      marketingOptedInAt: null,
    });
    // What was recorded stays in the member's data: when they said yes, and when no.
    expect(off.newsConsent).toEqual({ optedInAt: on.marketingOptedInAt, optedOutAt: expect.any(String) });
  });

  it('is limited to five an hour per member: the sixth gets 429 and when to come back', async () => {
    const member = await stack.member();
    for (let n = 0; n < 5; n++) {
      const response = await member.request('/api/user/export');
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const refused = await call(member, 'GET', '/api/user/export');
    expectError(refused, 429, 'rate_limited', /try again/i);
    expect(Number(refused.response.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The settings link says so instead of a bare error page.
    const page = await member.request('/profile/export', { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('Location')).toBe('/profile?tab=settings');
  });

  it('streams: a member with 120 builds of 3 MB photos downloads 360 MB while the server grows by far less', async () => {
    const member = await stack.member();
    const { id } = await whoIs(member);
    // One 3 MB file that every build's photo names (files are shared by content), written where listed photos live.
    const content = randomBytes(3 * 1024 * 1024);
    content.set([0xff, 0xd8], 0);
    const fileName = `${createHash('sha256').update(content).digest('hex')}.jpg`;
    mkdirSync(join(stack.app.dataDir, 'uploads', 'images'), { recursive: true });
    writeFileSync(join(stack.app.dataDir, 'uploads', 'images', fileName), content);
    const database = openAppDatabase(stack.app.databasePath);
    database.transaction(() => {
      for (let n = 0; n < 120; n++) {
        const imageId = database
          .prepare('insert into images (hash, width, height, published) values (?, 4000, 3000, 1) returning id')
          .pluck()
          .get(`bulk-${id}-${n}`) as number;
        database
          .prepare("insert into image_variants (image_id, format, width, height, bytes, file_name) values (?, 'jpeg', 4000, 3000, ?, ?)")
          .run(imageId, content.length, fileName);
        database
          .prepare("insert into builds (user_id, title, image_id, review_status) values (?, ?, ?, 'approved')")
          .run(id, `Rig ${n}`, imageId);
      }
    })();
    database.close();
    const pid = stack.app.child.pid!;
    const idle = await processMemory(pid);
    await resetPeakMemory(pid);

    const response = await member.request('/profile/export');
    expect(response.status).toBe(200);
    let bytes = 0;
    for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;

    expect(bytes).toBeGreaterThan(120 * content.length);
    const { peakMb } = await processMemory(pid);
    expect(peakMb - idle.rssMb).toBeLessThan(100);
  }, 120_000);
});

describe('Delete my account in the API', () => {
  it('mails a code, deletes the account with it and signs the member out; a wrong code changes nothing', async () => {
    const member = await stack.member();
    const { email } = await whoIs(member);
    await aBuildBy(member, 'Doomed rig');
    const seen = stack.mail.messages.filter((mail) => mail.to.includes(email)).length;
    const sent = await call(member, 'POST', '/api/user/deletion-code');
    expect(sent.status).toBe(200);
    expectContract('POST', '/api/user/deletion-code', sent.body);
    const mail = await stack.mail.waitForMail(email, { after: seen });
    expect(mail.subject).toMatch(/delete your RigRoast account/);
    const code = extractCode(mail);

    expectError(await call(member, 'POST', '/api/user/delete', { code: code === '000000' ? '111111' : '000000' }), 400, 'invalid_input');
    expect((await call(member, 'GET', '/api/user')).status).toBe(200);
    expectError(await call(member, 'POST', '/api/user/delete', { code: 'soon' }), 400, 'invalid_input', /6 digits/);

    const deleted = await call(member, 'POST', '/api/user/delete', { code });
    expect(deleted.status).toBe(200);
    expectContract('POST', '/api/user/delete', deleted.body);
    expectError(await call(member, 'GET', '/api/user'), 401, 'unauthorized');
    const database = openAppDatabase(stack.app.databasePath, { readonly: true });
    expect(database.prepare('select count(*) as n from users where email = ?').get(email)).toEqual({ n: 0 });
    expect(
      database.prepare("select target_label as label, actor_name as actor from audit_log where action = 'delete-own-account'").all(),
    ).toEqual([{ label: '', actor: 'the member' }]);
    database.close();
  });
});
