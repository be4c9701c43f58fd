import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectContract, expectError } from '#tests/support/api';
import { Browser } from '#tests/support/browser';
import { readRow } from '#tests/support/test-database';
import { aBuildBy } from '#tests/support/uploads';
import { sharedStack } from '#tests/support/stack';

const ADMIN = 'toolkit-chief@example.com';
const stack = sharedStack({ ADMIN_EMAILS: ADMIN }, { network: '198.18.1' });
const DAY = 24 * 3600_000;

let admin: Browser;
let moderator: Browser;
let moderatorId: number;
/** Members get a generated name at sign-up: the audit log and notes keep the moderator's. */
let moderatorName: string;

const idOf = (email: string) => readRow<{ id: number }>(stack.app.databasePath, 'select id from users where email = ?', email).id;
const lastAudit = () =>
  readRow<{ actor_name: string; action: string; details: string }>(
    stack.app.databasePath,
    'select actor_name, action, details from audit_log order by id desc limit 1',
  );

/** A new member, signed in, and their id. */
async function aMember(): Promise<{ browser: Browser; id: number }> {
  const email = `toolkit-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const browser = await stack.member(email);
  return { browser, id: idOf(email) };
}

beforeAll(async () => {
  admin = await stack.member(ADMIN);
  const email = 'toolkit-mod@example.com';
  moderator = await stack.member(email);
  moderatorId = idOf(email);
  moderatorName = readRow<{ username: string }>(stack.app.databasePath, 'select username from users where id = ?', moderatorId).username;
  expect((await call(admin, 'PATCH', `/api/admin/users/${moderatorId}/moderator`, { isModerator: true })).status).toBe(200);
}, 60_000);

describe("the moderator's toolkit in the API", () => {
  it('answers 401 to guests and 403 to members on every staff call, changing nothing', async () => {
    const target = await aMember();
    const member = await aMember();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/overview'],
      ['GET', `/api/admin/users/${target.id}/standing`],
      ['POST', `/api/admin/users/${target.id}/warnings`, { message: 'Hi' }],
      ['POST', `/api/admin/users/${target.id}/strikes`, { reason: 'Spam' }],
      ['PATCH', `/api/admin/users/${target.id}/suspension`, { reason: 'Spam', until: new Date(Date.now() + DAY).toISOString() }],
      ['GET', `/api/admin/users/${target.id}/notes`],
      ['POST', `/api/admin/users/${target.id}/notes`, { note: 'Hi' }],
      ['GET', `/api/admin/users/${target.id}/media`],
    ];
    for (const [method, path, body] of calls) {
      expectError(await call(new Browser(stack.app), method, path, body), 401, 'unauthorized');
      expectError(await call(member.browser, method, path, body), 403, 'forbidden');
    }
    const standing = await call(admin, 'GET', `/api/admin/users/${target.id}/standing`);
    expect(standing.body).toMatchObject({ suspendedUntil: null, activeStrikes: 0, strikes: [], warnings: [] });
  });

  it('lets a moderator warn: the member reads it in GET /api/user and their notifications until they acknowledge it', async () => {
    const target = await aMember();
    const warned = await call(moderator, 'POST', `/api/admin/users/${target.id}/warnings`, { message: 'Roast the rig, not the person.' });
    expect(warned.status).toBe(201);
    expectContract('POST', `/api/admin/users/${target.id}/warnings`, warned.body);
    expect(lastAudit()).toEqual({ actor_name: moderatorName, action: 'warn-member', details: 'Roast the rig, not the person.' });
    const me = await call(target.browser, 'GET', '/api/user');
    expectContract('GET', '/api/user', me.body);
    const { id } = warned.body as { id: number };
    expect(me.body).toMatchObject({ suspendedUntil: null, warnings: [{ id, message: 'Roast the rig, not the person.' }] });
    const notifications = await call(target.browser, 'GET', '/api/notifications');
    expect(notifications.body).toMatchObject({
      items: [{ kind: 'warning', warningId: id, text: 'A moderator warned you: “Roast the rig, not the person.”', url: '/warnings' }],
    });
    expectError(await call((await aMember()).browser, 'POST', `/api/user/warnings/${id}/acknowledge`), 404, 'not_found');
    const acknowledged = await call(target.browser, 'POST', `/api/user/warnings/${id}/acknowledge`);
    expect(acknowledged.body).toEqual({ message: 'Warning acknowledged' });
    expect((await call(target.browser, 'GET', '/api/user')).body).toMatchObject({ warnings: [] });
  });

  it('records strikes with their expiry and counts the active ones', async () => {
    const target = await aMember();
    const struck = await call(moderator, 'POST', `/api/admin/users/${target.id}/strikes`, { reason: 'Spam links', days: 7 });
    expect(struck.status).toBe(201);
    expectContract('POST', `/api/admin/users/${target.id}/strikes`, struck.body);
    const expiresAt = Date.parse((struck.body as { expiresAt: string }).expiresAt);
    expect(Math.abs(expiresAt - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    await call(moderator, 'POST', `/api/admin/users/${target.id}/strikes`, { reason: 'More spam' });
    const standing = await call(moderator, 'GET', `/api/admin/users/${target.id}/standing`);
    expectContract('GET', `/api/admin/users/${target.id}/standing`, standing.body);
    expect(standing.body).toMatchObject({ activeStrikes: 2, strikes: [{ reason: 'More spam', active: true }, { reason: 'Spam links' }] });
    expectError(
      await call(moderator, 'POST', `/api/admin/users/${target.id}/strikes`, { reason: '' }),
      400,
      'invalid_input',
      'Reason is required',
    );
    expectError(await call(moderator, 'POST', `/api/admin/users/${target.id}/strikes`, { reason: 'x', days: 400 }), 400, 'invalid_input');
  });

  it('suspends until a time and lifts it, refusing times past or too far and staff targets', async () => {
    const target = await aMember();
    const path = `/api/admin/users/${target.id}/suspension`;
    const until = new Date(Date.now() + 2 * DAY).toISOString();
    expectError(await call(moderator, 'PATCH', path, { until }), 400, 'invalid_input', 'Reason is required');
    expectError(
      await call(moderator, 'PATCH', path, { reason: 'x', until: new Date(Date.now() - 1000).toISOString() }),
      400,
      'invalid_input',
      /future/,
    );
    expectError(
      await call(moderator, 'PATCH', path, { reason: 'x', until: new Date(Date.now() + 400 * DAY).toISOString() }),
      400,
      'invalid_input',
      /disable/,
    );
    expectError(await call(moderator, 'PATCH', path, { reason: 'x', until: 'tomorrow' }), 400, 'invalid_input');
    expectError(await call(moderator, 'PATCH', `/api/admin/users/${idOf(ADMIN)}/suspension`, { reason: 'x', until }), 403, 'forbidden');
    expectError(await call(moderator, 'PATCH', '/api/admin/users/999999/suspension', { reason: 'x', until }), 404, 'not_found');
    const suspended = await call(moderator, 'PATCH', path, { reason: 'Brigading', until });
    expect(suspended.body).toEqual({ suspendedUntil: until });
    expect(lastAudit()).toMatchObject({ action: 'suspend-member', details: expect.stringContaining('Brigading') });
    expect((await call(target.browser, 'GET', '/api/user')).body).toMatchObject({ suspendedUntil: until });
    const listed = await call(admin, 'GET', '/api/admin/users?limit=100');
    expectContract('GET', '/api/admin/users', listed.body);
    expect(listed.body).toContainEqual(expect.objectContaining({ id: target.id, suspendedUntil: until, isDisabled: false }));
    const lifted = await call(moderator, 'PATCH', path, { reason: 'Appeal accepted', until: null });
    expect(lifted.body).toEqual({ suspendedUntil: null });
    expect((await call(target.browser, 'GET', '/api/user')).body).toMatchObject({ suspendedUntil: null });
  });

  it('keeps private notes for staff only', async () => {
    const target = await aMember();
    const path = `/api/admin/users/${target.id}/notes`;
    const noted = await call(moderator, 'POST', path, { note: 'Alt account of a banned member?' });
    expect(noted.status).toBe(201);
    const notes = await call(admin, 'GET', path);
    expectContract('GET', path, notes.body);
    expect(notes.body).toEqual([expect.objectContaining({ staffName: moderatorName, body: 'Alt account of a banned member?' })]);
    expectError(await call(target.browser, 'GET', path), 403, 'forbidden');
    expect(JSON.stringify((await call(target.browser, 'GET', '/api/user')).body)).not.toContain('Alt account');
  });

  it("shows a member's photos with their verdicts, and the overview's counts", async () => {
    const target = await aMember();
    const buildId = await aBuildBy(target.browser, 'Media view rig');
    const media = await call(moderator, 'GET', `/api/admin/users/${target.id}/media`);
    expectContract('GET', `/api/admin/users/${target.id}/media`, media.body);
    expect(media.body).toMatchObject({
      avatarUrl: '',
      photos: [
        { kind: 'build', buildId, buildTitle: 'Media view rig', reviewStatus: 'approved', imageUrl: expect.stringMatching(/\.jpg$/) },
      ],
    });
    const overview = await call(moderator, 'GET', '/api/admin/overview');
    expectContract('GET', '/api/admin/overview', overview.body);
    expect(overview.body).toMatchObject({ openReports: 0, heldBuilds: 0, newBuildsToday: expect.any(Number) });
    expect((overview.body as { newMembersToday: number }).newMembersToday).toBeGreaterThanOrEqual(3);
  });
});
