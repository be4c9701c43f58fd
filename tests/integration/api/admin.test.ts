import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectContract, expectError } from '#tests/support/api';
import { Browser } from '#tests/support/browser';
import { openAppDatabase, readRow } from '#tests/support/test-database';
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

  it('disables, enables and toggles moderator with the documented messages, never on admins or oneself', async () => {
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

  it('deletes a build and a member with the documented messages', async () => {
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

describe('held extra photos in the admin API', () => {
  /** A listed build with one extra photo, added through the API and then held, as screening holds one. */
  async function aHeldPhoto(title: string) {
    const owner = await stack.member();
    const page = await uploadBuild(owner, {
      title,
      file: { bytes: await testPhoto('jpeg', 640, 480), name: 'rig.jpg', type: 'image/jpeg' },
    });
    const buildId = Number(page.url.split('/').pop());
    const form = new FormData();
    form.set('image', new Blob([await testPhoto('png', 500, 400)], { type: 'image/png' }), 'side.png');
    const added = (await (await owner.request(`/api/builds/${buildId}/photos`, { method: 'POST', body: form })).json()) as { id: number };
    writeAppRow("update build_photos set review_status = 'held', review_reason = 'We may have spotted a person.' where id = ?", added.id);
    return { owner, buildId, photoId: added.id };
  }
  const writeAppRow = (sql: string, ...params: unknown[]) => {
    const sqlite = openAppDatabase(stack.app.databasePath);
    try {
      sqlite.prepare(sql).run(...params);
    } finally {
      sqlite.close();
    }
  };
  const photo = (id: number) =>
    readRow<{ review_status: string; review_reason: string | null }>(
      stack.app.databasePath,
      'select review_status, review_reason from build_photos where id = ?',
      id,
    );

  it('lists them to moderators and admins only, in the contract shape, with screening’s verdict', async () => {
    const { photoId, buildId } = await aHeldPhoto('API held photo rig');
    const listed = await call(admin, 'GET', '/api/admin/held-photos');
    expect(listed.status).toBe(200);
    expectContract('GET', '/api/admin/held-photos', listed.body);
    expect(listed.body).toContainEqual(
      expect.objectContaining({
        id: photoId,
        buildId,
        buildTitle: 'API held photo rig',
        position: 1,
        reviewReason: 'We may have spotted a person.',
      }),
    );
    expectError(await call(new Browser(stack.app), 'GET', '/api/admin/held-photos'), 401, 'unauthorized');
    expectError(await call(await stack.member(), 'GET', '/api/admin/held-photos'), 403, 'forbidden');
  });

  it('shows one or removes one with the reason its owner reads, once; bad input changes nothing', async () => {
    const shown = await aHeldPhoto('API shown photo rig');
    const removed = await aHeldPhoto('API removed photo rig');
    const member = await stack.member();
    expectError(await call(member, 'PATCH', `/api/admin/photos/${shown.photoId}`, { approve: true }), 403, 'forbidden');
    expectError(
      await call(admin, 'PATCH', `/api/admin/photos/${removed.photoId}`, { approve: false, reason: 'ugly' }),
      400,
      'invalid_input',
      /reason must be one of: spam, offensive, nsfw, people, unrelated, other/,
    );
    expect(photo(removed.photoId).review_status).toBe('held');

    const approved = await call(admin, 'PATCH', `/api/admin/photos/${shown.photoId}`, { approve: true });
    expect(approved.body).toEqual({ message: 'Photo shown' });
    expectContract('PATCH', `/api/admin/photos/${shown.photoId}`, approved.body);
    expect(photo(shown.photoId)).toEqual({ review_status: 'approved', review_reason: null });
    const build = await call(new Browser(stack.app), 'GET', `/api/builds/${shown.buildId}`);
    expect(build.body).toMatchObject({ photos: [{ id: shown.photoId, reviewStatus: 'approved' }] });

    expect((await call(admin, 'PATCH', `/api/admin/photos/${removed.photoId}`, { approve: false, reason: 'people' })).body).toEqual({
      message: 'Photo removed',
    });
    expect(photo(removed.photoId)).toEqual({
      review_status: 'rejected',
      review_reason: 'A moderator removed this photo: build photos may not show people or faces.',
    });
    expectError(await call(admin, 'PATCH', `/api/admin/photos/${removed.photoId}`, { approve: true }), 404, 'not_found');
    expect(
      readRow<{ n: number }>(
        stack.app.databasePath,
        "select count(*) as n from audit_log where action in ('approve-photo', 'reject-photo') and target_id in (?, ?)",
        shown.buildId,
        removed.buildId,
      ).n,
    ).toBe(2);
  });
});
