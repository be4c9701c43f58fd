import { beforeAll, describe, expect, it } from 'vitest';
import { operations } from '~/api/contract/index';
import { WRITES_WHILE_SUSPENDED } from '~/web/suspension-guard.server';
import { apiMethods } from '~/api/methods';
import { call, expectContract, expectError } from '#tests/support/api';
import { type Browser, pageText, toastText } from '#tests/support/browser';
import { ROUTE_PATTERNS } from '#tests/support/route-table';
import { extractLink } from '#tests/support/smtp-sink';
import { signInWithCode } from '#tests/support/sign-in';
import { openAppDatabase, readRow } from '#tests/support/test-database';
import { aBuildBy, testPhoto, uploadBuild } from '#tests/support/uploads';
import { sharedStack } from '#tests/support/stack';

const ADMIN = 'suspension-chief@example.com';
const stack = sharedStack({ ADMIN_EMAILS: ADMIN }, { network: '198.18.0' });

const DAY = 24 * 3600_000;
const SUSPENDED = /Your account is suspended until \d+ \w+ \d{4}, \d\d:\d\d UTC\./;

let admin: Browser;
let suspended: Browser;
let other: Browser;
let suspendedId: number;
let suspendedEmail: string;
let buildId: number;

const idOf = (email: string) => readRow<{ id: number }>(stack.app.databasePath, 'select id from users where email = ?', email).id;
const commentCount = (id: number) =>
  readRow<{ n: number }>(stack.app.databasePath, 'select count(*) as n from comments where build_id = ?', id).n;
const ratingCount = (id: number) =>
  readRow<{ n: number }>(stack.app.databasePath, 'select count(*) as n from ratings where build_id = ?', id).n;

/** A pattern as a path: every parameter the build's id, the splat a word. */
const pathOf = (pattern: string) => pattern.replace(/:\w+\??/g, String(buildId)).replace('*', 'anything');

beforeAll(async () => {
  admin = await stack.member(ADMIN);
  other = await stack.member();
  buildId = await aBuildBy(other, 'Rig to comment on');
  suspendedEmail = `suspended-${Date.now()}@example.com`;
  suspended = await stack.member(suspendedEmail);
  suspendedId = idOf(suspendedEmail);
  const until = new Date(Date.now() + 3 * DAY).toISOString();
  const result = await call(admin, 'PATCH', `/api/admin/users/${suspendedId}/suspension`, { until, reason: 'Flame war in the comments' });
  expect(result.status).toBe(200);
}, 120_000);

describe('a suspended member', () => {
  it('is refused every write of the route table with 403 and the date, pages and API alike, before any action runs', async () => {
    // The walk finds the table's routes, nested ones included; the allowance names only real routes.
    expect(ROUTE_PATTERNS).toEqual(expect.arrayContaining(['/', '/build/:id', '/admin/users/:id', '/api/builds/:id/comment']));
    expect(ROUTE_PATTERNS).toEqual(expect.arrayContaining([...WRITES_WHILE_SUSPENDED]));
    // An API path its contract gives no POST is answered 405 before any guard (api-methods-guard), to anyone.
    const refused = ROUTE_PATTERNS.filter((pattern) => !WRITES_WHILE_SUSPENDED.has(pattern) && (apiMethods(pattern)?.has('POST') ?? true));
    expect(refused.length).toBeGreaterThan(50);
    for (const pattern of refused) {
      const path = pathOf(pattern);
      // A page's form; the API reads no forms (415 before any guard), so its post comes without a body.
      const response = pattern.startsWith('/api/')
        ? await suspended.request(path, { method: 'POST' })
        : await suspended.submit(path, { intent: 'comment', content: 'Let me in', rating: '5', buildId: String(buildId) });
      expect(response.status, `POST ${path}`).toBe(403);
      const body = await response.text();
      if (pattern.startsWith('/api/'))
        expect(JSON.parse(body), `POST ${path}`).toEqual({ error: 'suspended', message: expect.stringMatching(SUSPENDED) });
      else expect(pageText(body), `POST ${path}`).toMatch(SUSPENDED);
    }
    // And every JSON API write with the method the contract gives it.
    for (const operation of operations.filter((candidate) => candidate.method !== 'get' && candidate.access !== 'public')) {
      const pattern = operation.path.replace(/\{\w+\}/g, ':id');
      if (WRITES_WHILE_SUSPENDED.has(pattern)) continue;
      // An upload's call reads nothing but multipart (415 before any guard): it comes without a body.
      const body = operation.body?.type === 'multipart' ? undefined : { content: 'Let me in', rating: 5 };
      const result = await call(suspended, operation.method.toUpperCase(), pathOf(pattern), body);
      expectError(result, 403, 'suspended', SUSPENDED);
    }
    expect(commentCount(buildId)).toBe(0);
    expect(ratingCount(buildId)).toBe(0);
  }, 180_000);

  it('is refused by the guard only: the same writes from a member in good standing are not', async () => {
    for (const pattern of ['/build/:id', '/api/builds/:id/comment', '/api/builds/:id/rate']) {
      const response = pattern.startsWith('/api/')
        ? await other.request(pathOf(pattern), { method: 'POST' })
        : await other.submit(pathOf(pattern), { intent: 'report', reason: 'spam' });
      expect(pageText(await response.text())).not.toMatch(SUSPENDED);
    }
    const rated = await call(await stack.member(), 'POST', `/api/builds/${buildId}/rate`, { rating: 4 });
    expect(rated.status).toBe(200);
  });

  it('can still read, sign out and acknowledge a warning', async () => {
    const page = await suspended.get(`/build/${buildId}`);
    expect(page.status).toBe(200);
    const text = pageText(page.html);
    expect(text).toMatch(SUSPENDED);
    expect(page.html).not.toContain('name="content"');
    const warned = await call(admin, 'POST', `/api/admin/users/${suspendedId}/warnings`, { message: 'Last chance.' });
    expect(warned.status).toBe(201);
    const acknowledged = await suspended.post('/warnings', { warningId: String((warned.body as { id: number }).id), redirectTo: '/' });
    expect(acknowledged.status).toBe(200);
    expect(pageText(acknowledged.html)).toContain('Warning acknowledged');
    const me = await call(suspended, 'GET', '/api/user');
    expect(me.body).toMatchObject({ suspendedUntil: expect.any(String), warnings: [] });
  });

  it('keeps their mail switches, password and data: the settings offer them, and only their forms get through', async () => {
    const settings = await suspended.get('/profile?tab=settings');
    expect(pageText(settings.html)).toMatch(SUSPENDED);
    expect(pageText(settings.html)).toContain('Download my data');
    expect(settings.html).not.toContain('name="bio"');
    const bio = await suspended.submit('/profile', { intent: 'bio', bio: 'Still here' });
    expect(bio.status).toBe(403);
    const code = await suspended.post('/profile?tab=settings', { intent: 'deletion-code' });
    expect(code.status).toBe(200);
    expect(pageText(code.html)).toContain('Check your email');
    const api = await call(suspended, 'POST', '/api/user/deletion-code', {});
    expect([200, 429]).toContain(api.status);
  });

  it('does not have the upload they made as a guest published by signing in, by code or by link: it waits, and they are told why', async () => {
    const buildsTitled = (title: string) =>
      readRow<{ n: number }>(stack.app.databasePath, 'select count(*) as n from builds where title = ?', title).n;
    const waiting = (title: string) =>
      readRow<{ n: number }>(stack.app.databasePath, 'select count(*) as n from temp_uploads where title = ?', title).n;
    // The same address asks for a code again within the resend pause.
    const forgetResendPause = () => {
      const sqlite = openAppDatabase(stack.app.databasePath);
      sqlite.prepare("delete from rate_limit_hits where bucket = 'login-code:resend'").run();
      sqlite.close();
    };
    const asGuest = async (title: string) => {
      const guest = stack.browser();
      const asked = await uploadBuild(guest, {
        title,
        file: { bytes: await testPhoto('jpeg', 640, 480), name: 'rig.jpg', type: 'image/jpeg' },
      });
      expect(asked.url).toMatch(/^\/auth\?/);
      expect(waiting(title)).toBe(1);
      return guest;
    };
    const expectKept = (landed: { url: string; html: string }, title: string) => {
      expect(landed.url).toBe('/upload');
      expect(toastText(landed.html)).toMatch(SUSPENDED);
      expect(toastText(landed.html)).toMatch(
        /Your upload was not published, and it will be deleted on \d+ \w+ \d{4}.*, before your suspension ends/,
      );
      expect(buildsTitled(title)).toBe(0);
      expect(waiting(title)).toBe(1);
      // The upload page shows it waiting, and the suspension instead of the form that would publish it.
      expect(pageText(landed.html)).toMatch(SUSPENDED);
    };

    forgetResendPause();
    const byCode = await asGuest('Rig sent while signed out');
    expectKept(await signInWithCode(byCode, stack.mail, suspendedEmail, '/upload'), 'Rig sent while signed out');

    forgetResendPause();
    const byLink = await asGuest('Rig sent before the link');
    const before = stack.mail.messages.filter((mail) => mail.to.includes(suspendedEmail)).length;
    await byLink.post('/auth', { intent: 'request-code', email: suspendedEmail, tab: 'login', redirectTo: '/upload' });
    const link = new URL(extractLink(await stack.mail.waitForMail(suspendedEmail, { after: before }), '/auth/magic'));
    expectKept(await byLink.post(link.pathname + link.search, { token: link.searchParams.get('token')! }), 'Rig sent before the link');
  }, 60_000);

  it('is told why and may appeal it once, by the page or the API, to the staff queue', async () => {
    const refused = await call(suspended, 'POST', `/api/builds/${buildId}/comment`, { content: 'Let me in' });
    expectError(
      refused,
      403,
      'suspended',
      /Why: Flame war in the comments\. To ask a moderator to look again: POST \/api\/user\/appeals\.$/,
    );
    const page = await suspended.submit(`/build/${buildId}`, { intent: 'comment', content: 'Let me in' });
    expect(pageText(await page.text())).toMatch(/Why: Flame war in the comments\.[\s\S]*Ask a moderator to look again/);

    const standing = await call(suspended, 'GET', '/api/user/standing');
    expectContract('GET', '/api/user/standing', standing.body);
    expect(standing.body).toMatchObject({ suspension: { reason: 'Flame war in the comments', appeal: null }, strikes: [] });
    const empty = await suspended.post('/standing', { about: 'suspension', message: '  ' });
    expect(pageText(empty.html)).toContain('Your message is required');
    const sent = await suspended.post('/standing', { about: 'suspension', message: 'It was a joke between friends.' });
    expect(sent.url).toBe('/standing');
    expect(pageText(sent.html)).toContain('Appeal sent');
    expectError(await call(suspended, 'POST', '/api/user/appeals', { about: 'suspension', message: 'Again' }), 409, 'already_appealed');

    const queue = await call(admin, 'GET', '/api/admin/appeals');
    expectContract('GET', '/api/admin/appeals', queue.body);
    const waiting = (queue.body as { id: number; userId: number; message: string }[]).find((appeal) => appeal.userId === suspendedId);
    expect(waiting).toMatchObject({ about: 'suspension', subjectReason: 'Flame war in the comments', inForce: true });
    const overview = await call(admin, 'GET', '/api/admin/overview');
    expect(overview.body).toMatchObject({ openAppeals: expect.any(Number), total: expect.any(Number) });
    expect((overview.body as { openAppeals: number }).openAppeals).toBeGreaterThanOrEqual(1);
    const upheld = await call(admin, 'PATCH', `/api/admin/appeals/${waiting!.id}`, {
      decision: 'uphold',
      reply: 'The thread speaks for itself.',
    });
    expect(upheld.body).toEqual({ message: 'Appeal upheld' });
    expectError(await call(admin, 'PATCH', `/api/admin/appeals/${waiting!.id}`, { decision: 'lift', reply: 'Twice' }), 404, 'not_found');
    const after = await call(suspended, 'GET', '/api/user/standing');
    expect(after.body).toMatchObject({ suspension: { appeal: { status: 'upheld', reply: 'The thread speaks for itself.' } } });
  });

  it("is shown to staff with its end to the minute, and the form's whole day after it, saying why", async () => {
    const until = readRow<{ suspended_until: number }>(
      stack.app.databasePath,
      'select suspended_until from users where id = ?',
      suspendedId,
    ).suspended_until;
    const page = await admin.get(`/admin/users/${suspendedId}`);
    // Suspended through the API to the millisecond: the form, whole days only, starts at the next one.
    const nextDay = new Date(until + DAY - 1).toISOString().slice(0, 10);
    expect(page.html).toMatch(new RegExp(`type="date"[^>]*value="${nextDay}"|value="${nextDay}"[^>]*type="date"`));
    expect(pageText(page.html)).toContain('The form sets 00:00 UTC of a day, so it starts at the next one.');
  });

  it('writes again once the suspension is lifted', async () => {
    const lifted = await call(admin, 'PATCH', `/api/admin/users/${suspendedId}/suspension`, { until: null, reason: 'Talked it through' });
    expect(lifted.body).toEqual({ suspendedUntil: null });
    expect((await call(suspended, 'POST', `/api/builds/${buildId}/comment`, { content: 'Sorry, all.' })).status).toBe(201);
  });
});
