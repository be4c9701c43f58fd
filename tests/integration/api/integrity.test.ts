import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectContract, expectError } from '#tests/support/api';
import { Browser } from '#tests/support/browser';
import { insertCompetition } from '#tests/support/competitions';
import { openAppDatabase, readRow, runScheduledJobNow } from '#tests/support/test-database';
import { aBuildBy } from '#tests/support/uploads';
import { sharedStack } from '#tests/support/stack';

const ADMIN = 'integrity-chief@example.com';

const stack = sharedStack({ ADMIN_EMAILS: ADMIN }, { network: '192.0.2' });
let admin: Browser;
let moderator: Browser;
let moderatorId: number;

const idOf = (email: string) => readRow<{ id: number }>(stack.app.databasePath, 'select id from users where email = ?', email).id;
const ratingCount = async (buildId: number) =>
  ((await call(admin, 'GET', `/api/builds/${buildId}`)).body as { ratingCount: number }).ratingCount;

beforeAll(async () => {
  admin = await stack.member(ADMIN);
  const email = `integrity-mod-${Date.now()}@example.com`;
  moderator = await stack.member(email);
  moderatorId = idOf(email);
  expect((await call(admin, 'PATCH', `/api/admin/users/${moderatorId}/moderator`, { isModerator: true })).status).toBe(200);
}, 60_000);

describe('the vote-integrity API', () => {
  it('answers 401 to guests and 403 to members on every call', async () => {
    const member = await stack.member();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/integrity'],
      ['POST', '/api/admin/integrity/scan'],
      ['PATCH', `/api/admin/users/${moderatorId}/rating-discount`, { discounted: true, reason: 'x' }],
    ];
    for (const [method, path, body] of calls) {
      expectError(await call(new Browser(stack.app), method, path, body), 401, 'unauthorized');
      expectError(await call(member, method, path, body), 403, 'forbidden');
    }
  });

  it('lets a moderator discount a member’s ratings (out of the build’s score) and restore them, with clear refusals', async () => {
    const buildId = await aBuildBy(await stack.member(), 'Integrity API rig');
    const raterEmail = `integrity-rater-${Date.now()}@example.com`;
    const rater = await stack.member(raterEmail);
    const raterId = idOf(raterEmail);
    expect((await call(rater, 'POST', `/api/builds/${buildId}/rate`, { rating: 5 })).status).toBe(200);
    expect(await ratingCount(buildId)).toBe(1);
    // The rating keeps a keyed hash of its network, never the address.
    const { network } = readRow<{ network: string }>(stack.app.databasePath, 'select network from ratings where user_id = ?', raterId);
    expect(network).toMatch(/^[\w-]{43}$/);
    expect(network).not.toContain('192.0.2');

    const path = `/api/admin/users/${raterId}/rating-discount`;
    expectError(
      await call(moderator, 'PATCH', path, { discounted: true, reason: '  ' }),
      400,
      'invalid_input',
      /reason goes in the audit log/,
    );
    const discounted = await call(moderator, 'PATCH', path, { discounted: true, reason: 'Sock puppet' });
    expect(discounted.body).toEqual({ message: 'Ratings discounted' });
    expectContract('PATCH', path, discounted.body);
    expect(await ratingCount(buildId)).toBe(0);
    expectError(await call(moderator, 'PATCH', path, { discounted: true, reason: 'again' }), 409, 'conflict');
    expectError(
      await call(moderator, 'PATCH', `/api/admin/users/${moderatorId}/rating-discount`, { discounted: true, reason: 'me' }),
      403,
      'forbidden',
    );
    expectError(
      await call(moderator, 'PATCH', '/api/admin/users/999999/rating-discount', { discounted: true, reason: 'x' }),
      404,
      'not_found',
    );

    const overview = await call(moderator, 'GET', '/api/admin/integrity');
    expectContract('GET', '/api/admin/integrity', overview.body);
    const discount = (overview.body as { discounts: { userId: number; reason: string; effects: unknown[] }[] }).discounts.find(
      (entry) => entry.userId === raterId,
    );
    expect(discount).toMatchObject({
      reason: 'Sock puppet',
      effects: [
        expect.objectContaining({ buildId, with: expect.objectContaining({ votes: 1 }), without: expect.objectContaining({ votes: 0 }) }),
      ],
    });

    const restored = await call(moderator, 'PATCH', path, { discounted: false, reason: 'Appeal' });
    expect(restored.body).toEqual({ message: 'Ratings restored' });
    expect(await ratingCount(buildId)).toBe(1);
  });

  it('refuses a moderator discounting an admin, another moderator or a juror of a competition not closed yet: no score moves', async () => {
    const buildId = await aBuildBy(await stack.member(), 'Jury room rig');
    const otherEmail = `integrity-mod2-${Date.now()}@example.com`;
    const otherModerator = await stack.member(otherEmail);
    expect((await call(admin, 'PATCH', `/api/admin/users/${idOf(otherEmail)}/moderator`, { isModerator: true })).status).toBe(200);
    const jurorEmail = `integrity-juror-${Date.now()}@example.com`;
    const juror = await stack.member(jurorEmail);
    const competitionId = insertCompetition(stack.app.databasePath, { title: 'Judged battle', jurors: [idOf(jurorEmail)] });
    for (const rater of [admin, otherModerator, juror]) {
      expect((await call(rater, 'POST', `/api/builds/${buildId}/rate`, { rating: 5 })).status).toBe(200);
    }
    expect(await ratingCount(buildId)).toBe(3);

    for (const target of [idOf(ADMIN), idOf(otherEmail), idOf(jurorEmail)]) {
      expectError(
        await call(moderator, 'PATCH', `/api/admin/users/${target}/rating-discount`, { discounted: true, reason: 'Suspicious' }),
        403,
        'forbidden',
        /juror/,
      );
    }
    // The same rule for every measure: no suspending the juror either.
    const until = new Date(Date.now() + 24 * 3600_000).toISOString();
    expectError(
      await call(moderator, 'PATCH', `/api/admin/users/${idOf(jurorEmail)}/suspension`, { until, reason: 'x' }),
      403,
      'forbidden',
    );
    expect(await ratingCount(buildId)).toBe(3);
    expect(readRow<{ n: number }>(stack.app.databasePath, 'select count(*) as n from rating_discounts').n).toBe(0);

    // The admin who names the jury may; once the competition has closed, so may a moderator.
    const path = `/api/admin/users/${idOf(jurorEmail)}/rating-discount`;
    expect((await call(admin, 'PATCH', path, { discounted: true, reason: 'Juror rated a friend' })).status).toBe(200);
    expect(await ratingCount(buildId)).toBe(2);
    const sqlite = openAppDatabase(stack.app.databasePath);
    sqlite.prepare('update competitions set end_date = ?, closed_at = ? where id = ?').run(Date.now() - 1000, Date.now(), competitionId);
    sqlite.close();
    expect((await call(moderator, 'PATCH', path, { discounted: false, reason: 'Competition over' })).status).toBe(200);
    expect(await ratingCount(buildId)).toBe(3);
  });

  it('queues a scan now, whose findings the overview then shows', async () => {
    const scan = await call(moderator, 'POST', '/api/admin/integrity/scan');
    expect(scan.body).toEqual({ message: 'Scan queued' });
    expectContract('POST', '/api/admin/integrity/scan', scan.body);
    await runScheduledJobNow(stack.app.databasePath, 'integrity-scan');
    const overview = (await call(admin, 'GET', '/api/admin/integrity')).body as { scan: { scannedAt: string } | null };
    expect(overview.scan?.scannedAt).toEqual(expect.any(String));
  });
});
