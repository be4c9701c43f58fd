import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectContract, expectError } from '#tests/support/api';
import { Browser } from '#tests/support/browser';
import { readRow } from '#tests/support/test-database';
import { testPhoto, uploadBuild } from '#tests/support/uploads';
import { sharedStack } from '#tests/support/stack';

const ADMIN = 'api-chief@example.com';
const OTHER_ADMIN = 'api-deputy@example.com';

const stack = sharedStack({ ADMIN_EMAILS: `${ADMIN},${OTHER_ADMIN}` }, { network: '192.0.2' });
let admin: Browser;

beforeAll(async () => {
  admin = await stack.member(ADMIN);
  await stack.member(OTHER_ADMIN);
}, 60_000);

const idOf = (email: string) => readRow<{ id: number }>(stack.app.databasePath, 'select id from users where email = ?', email).id;
const flags = (id: number) =>
  readRow<{ is_disabled: number; is_moderator: number } | undefined>(
    stack.app.databasePath,
    'select is_disabled, is_moderator from users where id = ?',
    id,
  );

describe('the admin API', () => {
  it('answers 401 to guests and 403 to members and moderators on every call, changing nothing', async () => {
    const targetEmail = `api-target-${Date.now()}@example.com`;
    await stack.member(targetEmail);
    const target = idOf(targetEmail);
    const moderatorEmail = `api-mod-${Date.now()}@example.com`;
    const moderator = await stack.member(moderatorEmail);
    expect((await call(admin, 'PATCH', `/api/admin/users/${idOf(moderatorEmail)}/moderator`, { isModerator: true })).status).toBe(200);
    const member = await stack.member();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['DELETE', '/api/admin/builds/1'],
      ['PATCH', `/api/admin/users/${target}/status`, { isDisabled: true }],
      ['PATCH', `/api/admin/users/${target}/moderator`, { isModerator: true }],
      ['DELETE', `/api/admin/users/${target}`],
    ];
    for (const [method, path, body] of calls) {
      expectError(await call(new Browser(stack.app), method, path, body), 401, 'unauthorized', 'Authentication required');
      expectError(await call(member, method, path, body), 403, 'forbidden');
      expectError(await call(moderator, method, path, body), 403, 'forbidden');
    }
    expect(flags(target)).toEqual({ is_disabled: 0, is_moderator: 0 });
  });

  it('lists members in the contract shape, honouring limit and q', async () => {
    const result = await call(admin, 'GET', '/api/admin/users?limit=2');
    expect(result.status).toBe(200);
    expectContract('GET', '/api/admin/users', result.body);
    expect(result.body).toHaveLength(2);
    const found = await call(admin, 'GET', `/api/admin/users?q=${encodeURIComponent('api-chief')}`);
    expect(found.body).toEqual([expect.objectContaining({ email: ADMIN, isAdmin: true })]);
    expectError(await call(admin, 'GET', '/api/admin/users?limit=1000'), 400, 'invalid_input');
  });

  it('disables, enables and toggles moderator with the spec messages, never on admins or oneself', async () => {
    const email = `api-managed-${Date.now()}@example.com`;
    const managed = await stack.member(email);
    const id = idOf(email);
    const disabled = await call(admin, 'PATCH', `/api/admin/users/${id}/status`, { isDisabled: true });
    expect(disabled.body).toEqual({ message: 'User status updated successfully' });
    expectContract('PATCH', `/api/admin/users/${id}/status`, disabled.body);
    expectError(await call(managed, 'GET', '/api/user'), 401, 'unauthorized');
    await call(admin, 'PATCH', `/api/admin/users/${id}/status`, { isDisabled: false });
    expect(flags(id)?.is_disabled).toBe(0);

    const promoted = await call(admin, 'PATCH', `/api/admin/users/${id}/moderator`, { isModerator: true });
    expect(promoted.body).toEqual({ message: 'Moderator status updated successfully' });
    expectContract('PATCH', `/api/admin/users/${id}/moderator`, promoted.body);
    expect(flags(id)?.is_moderator).toBe(1);

    for (const target of [idOf(ADMIN), idOf(OTHER_ADMIN)]) {
      expectError(
        await call(admin, 'PATCH', `/api/admin/users/${target}/status`, { isDisabled: true }),
        403,
        'forbidden',
        /^Failed to update user status/,
      );
      expectError(await call(admin, 'DELETE', `/api/admin/users/${target}`), 403, 'forbidden', /^Failed to delete user/);
    }
    expectError(await call(admin, 'PATCH', '/api/admin/users/999999/moderator', { isModerator: true }), 404, 'not_found');
    expectError(
      await call(admin, 'PATCH', `/api/admin/users/${id}/status`, { isDisabled: 'yes' }),
      400,
      'invalid_input',
      'isDisabled must be true or false',
    );
  });

  it('takes JSON only, one method per path', async () => {
    const email = `api-json-${Date.now()}@example.com`;
    await stack.member(email);
    const form = await admin.request(`/api/admin/users/${idOf(email)}/status`, {
      method: 'PATCH',
      body: new URLSearchParams({ isDisabled: 'true' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ error: 'unsupported_media_type' });
    expect(flags(idOf(email))?.is_disabled).toBe(0);
    const get = await call(admin, 'GET', `/api/admin/users/${idOf(email)}/status`);
    expectError(get, 405, 'method_not_allowed');
    expect(get.response.headers.get('allow')).toBe('PATCH');
  });

  it('deletes a build and a member with the spec messages', async () => {
    const email = `api-leaving-${Date.now()}@example.com`;
    const leaving = await stack.member(email);
    const page = await uploadBuild(leaving, {
      title: 'API doomed build',
      file: { bytes: await testPhoto('jpeg', 640, 480), name: 'rig.jpg', type: 'image/jpeg' },
    });
    const buildId = Number(page.url.split('/').pop());

    const deleted = await call(admin, 'DELETE', `/api/admin/builds/${buildId}`);
    expect(deleted.body).toEqual({ message: 'Build deleted successfully' });
    expectContract('DELETE', `/api/admin/builds/${buildId}`, deleted.body);
    expectError(await call(admin, 'DELETE', `/api/admin/builds/${buildId}`), 404, 'not_found');

    const leavingId = idOf(email);
    const gone = await call(admin, 'DELETE', `/api/admin/users/${leavingId}`);
    expect(gone.body).toEqual({ message: 'User deleted successfully' });
    expectContract('DELETE', `/api/admin/users/${leavingId}`, gone.body);
    expect(readRow(stack.app.databasePath, 'select id from users where email = ?', email)).toBeUndefined();
    expect(
      readRow<{ n: number }>(
        stack.app.databasePath,
        "select count(*) as n from audit_log where action in ('delete-build', 'delete-member')",
      ).n,
    ).toBe(2);
  });
});
