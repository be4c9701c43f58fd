import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Browser, pageText, toastText } from '#tests/support/browser';
import { rated } from '#tests/support/ratings';
import { openAppDatabase, readRow } from '#tests/support/test-database';
import { aBuildBy, testPhoto } from '#tests/support/uploads';
import { waitFor } from '#tests/support/wait';
import { sharedStack } from '#tests/support/stack';

const ADMIN_EMAIL = 'chief@example.com';
const OTHER_ADMIN_EMAIL = 'deputy@example.com';
const DENIED = "You don't have permission to access the admin dashboard. Please contact an administrator if you believe this is an error.";

const stack = sharedStack({ ADMIN_EMAILS: `${ADMIN_EMAIL},${OTHER_ADMIN_EMAIL}` });
let admin: Browser;

beforeAll(async () => {
  admin = await stack.member(ADMIN_EMAIL);
}, 60_000);

const userId = (email: string) => readRow<{ id: number }>(stack.app.databasePath, 'select id from users where email = ?', email).id;
const user = (id: number) =>
  readRow<{ is_disabled: number; is_moderator: number; is_admin: number } | undefined>(
    stack.app.databasePath,
    'select * from users where id = ?',
    id,
  );
const audit = () => readRow<{ n: number }>(stack.app.databasePath, 'select count(*) as n from audit_log').n;

describe('who may open the admin dashboard', () => {
  it('sends a guest to sign in and back', async () => {
    for (const path of ['/admin', '/admin/builds?q=rig', '/admin/users', '/admin/audit', '/admin/integrity']) {
      const response = await new Browser(stack.app).request(path);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it('answers 403 with the access-denied text to members, and to moderators outside the staff pages', async () => {
    const email = `mod-${Date.now()}@example.com`;
    const moderator = await stack.member(email);
    await admin.post('/admin/users', { change: 'grant-moderator', userId: String(userId(email)) });
    const member = await stack.member();
    const denied = [
      [member, ['/admin', '/admin/builds', '/admin/users', '/admin/moderation', '/admin/audit', '/admin/integrity']],
      [moderator, ['/admin/builds', '/admin/users']],
    ] as const;
    for (const [browser, paths] of denied) {
      for (const path of paths) {
        const page = await browser.get(path);
        expect(page.status).toBe(403);
        expect(pageText(page.html)).toContain('Access Denied');
        expect(pageText(page.html)).toContain(DENIED);
      }
    }
    const overview = await moderator.get('/admin');
    expect(overview.url).toBe('/admin');
    expect(overview.status).toBe(200);
    expect(pageText(overview.html)).toContain('Open reports');
    expect((await moderator.get('/admin/integrity')).status).toBe(200);
    // The audit log their own measures are written to, with the tab that leads there.
    const audit = await moderator.get('/admin/audit');
    expect(audit.status).toBe(200);
    expect(pageText(audit.html)).toContain('Audit log');
    expect(overview.html).toContain('href="/admin/audit"');
  });

  it('opens the Builds tab for an admin, keeping the search', async () => {
    const page = await admin.get('/admin?q=rig');
    expect(page.status).toBe(200);
    expect(page.url).toBe('/admin/builds?q=rig');
    expect(pageText(page.html)).toContain('Admin Dashboard');
  });
});

describe('every admin action at the server', () => {
  it('sends guests to sign in and refuses members and moderators, changing nothing', async () => {
    const moderatorEmail = `matrix-mod-${Date.now()}@example.com`;
    const moderator = await stack.member(moderatorEmail);
    await admin.post('/admin/users', { change: 'grant-moderator', userId: String(userId(moderatorEmail)) });
    const member = await stack.member();
    const victimEmail = `matrix-victim-${Date.now()}@example.com`;
    await stack.member(victimEmail);
    const victim = String(userId(victimEmail));
    const owner = await stack.member();
    const buildId = String(await aBuildBy(owner, 'Matrix build'));
    const posts: [path: string, fields: Record<string, string>][] = [
      ['/admin/builds', { buildId }],
      ['/admin/users', { change: 'disable', userId: victim }],
      ['/admin/users', { change: 'grant-moderator', userId: victim }],
      ['/admin/users', { change: 'delete', userId: victim }],
      ['/admin/competitions', { competitionId: '1' }],
      ['/admin/moderation', { intent: 'approve', id: buildId }],
    ];
    const before = audit();
    for (const [path, fields] of posts) {
      const guest = await new Browser(stack.app).submit(path, fields);
      expect(guest.status, `guest ${path}`).toBe(302);
      expect(guest.headers.get('location')).toMatch(/^\/auth\?redirectTo=/);
      expect((await member.post(path, fields)).status, `member ${path}`).toBe(403);
      if (path !== '/admin/moderation') expect((await moderator.post(path, fields)).status, `moderator ${path}`).toBe(403);
    }
    expect(user(Number(victim))).toMatchObject({ is_disabled: 0, is_moderator: 0 });
    expect(readRow(stack.app.databasePath, 'select id from builds where id = ?', Number(buildId))).toBeTruthy();
    expect(audit()).toBe(before);
  });
});

describe('the builds tab', () => {
  it('lists builds with the documented columns, finds them by title or maker, and pages', async () => {
    const owner = await stack.member();
    const id = await aBuildBy(owner, `Searchable tower ${Date.now()}`);
    const page = await admin.get('/admin/builds?q=searchable+tower');
    const headers = [...page.html.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((match) => match[1]);
    expect(headers).toEqual(['ID', 'Image', 'Title', 'User', 'Created', 'Rating', 'Actions']);
    expect(page.html).toContain(`href="/build/${id}"`);
    // A build nobody rated says so, rather than an average of 0.0.
    expect(pageText(page.html)).toContain('Not rated yet');
    rated(stack.app.databasePath, id, 4, 3);
    expect(pageText((await admin.get('/admin/builds?q=searchable+tower')).html)).toContain('4.0 · 3 ratings');
    expect(pageText((await admin.get('/admin/builds?q=no+such+build+anywhere')).html)).toContain('No builds found.');
    // The search box keeps q across tabs.
    expect(page.html).toContain('href="/admin/users?q=searchable+tower"');
  });

  it('asks before deleting, then deletes for an admin only, with the audit row', async () => {
    const owner = await stack.member();
    const id = await aBuildBy(owner, 'Doomed build');
    const confirm = await admin.get(`/admin/builds?delete=${id}`);
    expect(pageText(confirm.html)).toContain('Are you sure you want to delete this build? This action cannot be undone.');

    const member = await stack.member();
    expect((await member.post('/admin/builds', { buildId: String(id) })).status).toBe(403);
    const guest = await new Browser(stack.app).submit('/admin/builds', { buildId: String(id) });
    expect(guest.status).toBe(302);
    expect(readRow(stack.app.databasePath, 'select id from builds where id = ?', id)).toBeTruthy();

    const before = audit();
    const done = await admin.post('/admin/builds?q=Doomed', { buildId: String(id) });
    expect(done.url).toBe('/admin/builds?q=Doomed');
    expect(toastText(done.html)).toContain('Build deleted successfully');
    expect(readRow(stack.app.databasePath, 'select id from builds where id = ?', id)).toBeUndefined();
    expect((await new Browser(stack.app).get(`/build/${id}`)).status).toBe(404);
    expect(audit()).toBe(before + 1);

    const again = await admin.post('/admin/builds', { buildId: String(id) });
    expect(toastText(again.html)).toContain('Failed to delete build');
  });
});

describe('the users tab', () => {
  it('shows roles and status, and actions only for non-admins other than the viewer', async () => {
    const email = `plain-${Date.now()}@example.com`;
    await stack.member(email);
    const page = await admin.get(`/admin/users?q=${encodeURIComponent(email)}`);
    const headers = [...page.html.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((match) => match[1]);
    expect(headers).toEqual(['ID', 'Username', 'Email', 'Role', 'Status', 'Created', 'Actions']);
    const text = pageText(page.html);
    expect(text).toContain(email);
    expect(text).toMatch(/User\s+Active/);
    expect(page.html).toContain(`confirm=disable&amp;user=${userId(email)}`);

    const admins = await admin.get('/admin/users?q=%40example.com');
    expect(admins.html).not.toContain(`user=${userId(ADMIN_EMAIL)}"`);
    expect(pageText((await admin.get('/admin/users?q=nobody-at-all')).html)).toContain('No users found.');
  });

  it('disables a member (ending their session at once, refusing sign-in) and enables them again', async () => {
    const email = `disabled-${Date.now()}@example.com`;
    const target = await stack.member(email);
    expect((await target.get('/profile')).url).toBe('/profile');
    const id = userId(email);

    const confirm = await admin.get(`/admin/users?confirm=disable&user=${id}`);
    expect(pageText(confirm.html)).toContain('Disable user');
    const done = await admin.post('/admin/users', { change: 'disable', userId: String(id) });
    expect(toastText(done.html)).toContain('User status updated successfully');
    expect(user(id)?.is_disabled).toBe(1);
    expect((await target.get('/profile')).url).toMatch(/^\/auth\?redirectTo=/);
    expect(pageText((await admin.get(`/admin/users?q=${encodeURIComponent(email)}`)).html)).toContain('Disabled');

    await admin.post('/admin/users', { change: 'enable', userId: String(id) });
    expect(user(id)?.is_disabled).toBe(0);
  });

  it('grants and removes moderator, with the badge', async () => {
    const email = `modded-${Date.now()}@example.com`;
    await stack.member(email);
    const id = userId(email);
    const granted = await admin.post(`/admin/users?q=${encodeURIComponent(email)}`, { change: 'grant-moderator', userId: String(id) });
    expect(toastText(granted.html)).toContain('Moderator status updated successfully');
    expect(pageText(granted.html)).toMatch(/User\s+Moderator/);
    await admin.post('/admin/users', { change: 'remove-moderator', userId: String(id) });
    expect(user(id)?.is_moderator).toBe(0);
  });

  it('refuses every change to oneself or another admin, and to anyone but admins, at the server', async () => {
    await stack.member(OTHER_ADMIN_EMAIL);
    const member = await stack.member();
    const victimEmail = `victim-${Date.now()}@example.com`;
    await stack.member(victimEmail);
    const before = audit();
    for (const target of [userId(ADMIN_EMAIL), userId(OTHER_ADMIN_EMAIL)]) {
      for (const change of ['disable', 'grant-moderator', 'delete']) {
        const page = await admin.post('/admin/users', { change, userId: String(target) });
        expect(toastText(page.html)).toMatch(/Error Failed to (update user status|update moderator status|delete user): /);
        expect(user(target)).toMatchObject({ is_disabled: 0, is_moderator: 0, is_admin: 1 });
      }
    }
    expect((await member.post('/admin/users', { change: 'delete', userId: String(userId(victimEmail)) })).status).toBe(403);
    expect(user(userId(victimEmail))).toBeTruthy();
    expect(audit()).toBe(before);
  });

  it("tells a moderator on another moderator's or an admin's staff page which part of the staff rule refuses them, and takes nothing", async () => {
    const moderators = [`mod-a-${Date.now()}@example.com`, `mod-b-${Date.now()}@example.com`];
    const [moderator] = await Promise.all(moderators.map((email) => stack.member(email)));
    for (const email of moderators) await admin.post('/admin/users', { change: 'grant-moderator', userId: String(userId(email)) });
    const other = pageText((await moderator!.get(`/admin/users/${userId(moderators[1]!)}`)).html);
    expect(other).toContain('Moderators do not act on another moderator: an admin may.');
    expect(other).not.toContain('Send warning');
    const before = audit();
    const refused = await moderator!.post(`/admin/users/${userId(moderators[1]!)}`, { intent: 'warn', message: 'Behave.' });
    expect(toastText(refused.html)).toContain('Moderators do not act on another moderator: an admin may.');
    expect(pageText((await moderator!.get(`/admin/users/${userId(ADMIN_EMAIL)}`)).html)).toContain('Staff never act on an admin.');
    expect(audit()).toBe(before);
  });

  it('deletes a member with their builds, and recounts the builds they rated', async () => {
    const email = `leaving-${Date.now()}@example.com`;
    const leaving = await stack.member(email);
    const owner = await stack.member();
    const kept = await aBuildBy(owner, 'Kept build');
    const gone = await aBuildBy(leaving, 'Leaving build');
    await leaving.post(`/build/${kept}`, { intent: 'rate', rating: '2' });
    expect(
      readRow<{ rating_count: number }>(stack.app.databasePath, 'select rating_count from builds where id = ?', kept).rating_count,
    ).toBe(1);

    const confirm = await admin.get(`/admin/users?confirm=delete&user=${userId(email)}`);
    expect(pageText(confirm.html)).toContain('All of their builds, ratings and comments will be deleted.');
    const done = await admin.post('/admin/users', { change: 'delete', userId: String(userId(email)) });
    expect(toastText(done.html)).toContain('User deleted successfully');
    expect(readRow(stack.app.databasePath, 'select id from builds where id = ?', gone)).toBeUndefined();
    expect(readRow(stack.app.databasePath, 'select total_rating, rating_count, average_rating from builds where id = ?', kept)).toEqual({
      total_rating: 0,
      rating_count: 0,
      average_rating: 0,
    });
  });
});

describe('the audit log', () => {
  it('lists every action newest first with who, what and on what, filterable by actor', async () => {
    const page = await admin.get(`/admin/audit?actor=${userId(ADMIN_EMAIL)}`);
    const text = pageText(page.html);
    expect(text).toContain('Deleted member');
    expect(text).toContain('Deleted build');
    expect(text.indexOf('Deleted member')).toBeLessThan(text.indexOf('Deleted build'));
    expect(pageText((await admin.get('/admin/audit?actor=999999')).html)).toContain('Nothing recorded yet.');
  });
});

describe('npm run admin', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [join(import.meta.dirname, '../../build/server/admin-cli.js'), ...args], {
      env: { ...process.env, DATABASE_PATH: stack.app.databasePath, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });

  it('grants and revokes admin by address, with an audit row, and explains a wrong call', async () => {
    const email = `promoted-${Date.now()}@example.com`;
    await stack.member(email);
    const granted = cli('grant', email.toUpperCase());
    expect(granted.status).toBe(0);
    expect(granted.stdout).toMatch(/is now an admin/);
    expect(user(userId(email))?.is_admin).toBe(1);
    expect(cli('revoke', email).status).toBe(0);
    expect(user(userId(email))?.is_admin).toBe(0);
    expect(
      readRow<{ actor_name: string }>(
        stack.app.databasePath,
        "select actor_name from audit_log where action = 'revoke-admin' order by id desc",
      ).actor_name,
    ).toBe('command line');

    expect(cli('grant', 'nobody-here@example.com')).toMatchObject({ status: 1 });
    expect(cli('promote', email)).toMatchObject({ status: 2 });
  });
});

describe('the moderation queue', () => {
  let moderator: Browser;
  let owner: Browser;

  beforeAll(async () => {
    const email = `queue-mod-${Date.now()}@example.com`;
    moderator = await stack.member(email);
    await admin.post('/admin/users', { change: 'grant-moderator', userId: String(userId(email)) });
    owner = await stack.member();
  }, 60_000);

  const write = (sql: string, ...params: unknown[]) => {
    const sqlite = openAppDatabase(stack.app.databasePath);
    try {
      sqlite.prepare(sql).run(...params);
    } finally {
      sqlite.close();
    }
  };
  const status = (id: number) =>
    readRow<{ review_status: string; review_reason: string | null }>(
      stack.app.databasePath,
      'select review_status, review_reason from builds where id = ?',
      id,
    );

  /** Comments on the build through its form and answers the comment's id. */
  async function commentOn(buildId: number, by: Browser, content: string) {
    await by.post(`/build/${buildId}`, { intent: 'comment', content });
    return readRow<{ id: number }>(stack.app.databasePath, 'select id from comments where build_id = ? order by id desc', buildId).id;
  }

  async function heldBuild(title: string) {
    const id = await aBuildBy(owner, title);
    write("update builds set review_status = 'held', review_reason = 'We may have spotted a person.' where id = ?", id);
    return id;
  }

  it('lets a moderator approve a held build (listed, roast queued) or reject it with a reason its owner reads', async () => {
    const approved = await heldBuild('Held then approved');
    const rejected = await heldBuild('Held then rejected');
    const queue = await moderator.get('/admin/moderation');
    expect(pageText(queue.html)).toContain('Held then approved');
    expect(pageText(queue.html)).toContain('We may have spotted a person.');

    const member = await stack.member();
    expect((await member.post('/admin/moderation', { intent: 'approve', id: String(approved) })).status).toBe(403);
    expect(status(approved).review_status).toBe('held');

    expect(toastText((await moderator.post('/admin/moderation', { intent: 'approve', id: String(approved) })).html)).toContain(
      'Build approved',
    );
    expect(status(approved)).toEqual({ review_status: 'approved', review_reason: null });
    expect((await new Browser(stack.app).get(`/build/${approved}`)).status).toBe(200);

    await moderator.post('/admin/moderation', { intent: 'reject', id: String(rejected), reason: 'people' });
    expect(status(rejected).review_status).toBe('rejected');
    expect(pageText((await owner.get(`/build/${rejected}`)).html)).toContain('build photos may not show people or faces');
    expect((await new Browser(stack.app).get(`/build/${rejected}`)).status).toBe(404);
  });

  it('dismisses a report, or deletes the reported comment and takes down a reported build', async () => {
    const buildId = await aBuildBy(owner, 'Reported rig');
    const reporter = await stack.member();
    const commentId = await commentOn(buildId, reporter, 'Buy cheap GPUs at spam.example');
    const other = await stack.member();
    await other.post(`/build/${buildId}`, { intent: 'report', commentId: String(commentId), reason: 'spam' });
    await other.post(`/build/${buildId}`, { intent: 'report', reason: 'unrelated' });
    const reportId = (target: string) =>
      readRow<{ id: number }>(stack.app.databasePath, `select id from reports where ${target} order by id desc`).id;

    const queue = pageText((await moderator.get('/admin/moderation')).html);
    expect(queue).toContain('Buy cheap GPUs at spam.example');
    expect(queue).toContain('Spam or advertising');

    await moderator.post('/admin/moderation', { intent: 'remove-reported', id: String(reportId(`comment_id = ${commentId}`)) });
    expect(readRow(stack.app.databasePath, 'select id from comments where id = ?', commentId)).toBeUndefined();
    expect(
      readRow<{ comment_count: number }>(stack.app.databasePath, 'select comment_count from builds where id = ?', buildId).comment_count,
    ).toBe(0);

    const buildReport = reportId(`build_id = ${buildId}`);
    await moderator.post('/admin/moderation', { intent: 'dismiss-report', id: String(buildReport) });
    expect(readRow<{ status: string }>(stack.app.databasePath, 'select status from reports where id = ?', buildReport).status).toBe(
      'dismissed',
    );
    expect(status(buildId).review_status).toBe('approved');

    const third = await stack.member();
    await third.post(`/build/${buildId}`, { intent: 'report', reason: 'nsfw' });
    await moderator.post('/admin/moderation', {
      intent: 'remove-reported',
      id: String(reportId(`build_id = ${buildId} and status = 'open'`)),
    });
    expect(status(buildId)).toMatchObject({ review_status: 'rejected' });
    expect(status(buildId).review_reason).toContain('sexual or NSFW material');
  });

  it('retries a failed roast', async () => {
    const buildId = await aBuildBy(owner, 'Unroastable rig');
    // As if every attempt had failed: its first roast job is over, the build marked.
    await waitFor(() => readRow<{ roast: string }>(stack.app.databasePath, 'select roast from builds where id = ?', buildId).roast, {
      timeoutMs: 20_000,
    });
    write("update builds set roast = '', roast_failed_at = ? where id = ?", Date.now(), buildId);
    expect(pageText((await moderator.get('/admin/moderation')).html)).toContain('Unroastable rig');
    expect(toastText((await moderator.post('/admin/moderation', { intent: 'retry-roast', id: String(buildId) })).html)).toContain(
      'Roast queued again',
    );
    expect(
      readRow<{ roast_failed_at: number | null }>(stack.app.databasePath, 'select roast_failed_at from builds where id = ?', buildId)
        .roast_failed_at,
    ).toBeNull();
    expect(
      readRow(stack.app.databasePath, `select id from jobs where key = ? and status in ('queued', 'running', 'done')`, `roast:${buildId}`),
    ).toBeTruthy();
  });

  it('lets moderators delete any comment and hide any build from its page; members neither', async () => {
    const buildId = await aBuildBy(owner, 'Moderated on its page');
    const talker = await stack.member();
    const commentId = await commentOn(buildId, talker, 'Rude words');

    const member = await stack.member();
    await member.post(`/build/${buildId}`, { intent: 'delete-comment', commentId: String(commentId) });
    expect(readRow(stack.app.databasePath, 'select id from comments where id = ?', commentId)).toBeTruthy();
    expect((await member.post(`/build/${buildId}`, { intent: 'hide-build' })).status).toBe(403);

    const page = await moderator.get(`/build/${buildId}`);
    expect(page.html).toContain('Delete comment by @');
    expect(pageText(page.html)).toContain('Hide this build');
    expect(
      toastText((await moderator.post(`/build/${buildId}`, { intent: 'delete-comment', commentId: String(commentId) })).html),
    ).toContain('Comment deleted');
    expect(readRow(stack.app.databasePath, 'select id from comments where id = ?', commentId)).toBeUndefined();

    expect(toastText((await moderator.post(`/build/${buildId}`, { intent: 'hide-build' })).html)).toContain('Build hidden');
    expect(status(buildId).review_status).toBe('held');
    expect((await new Browser(stack.app).get(`/build/${buildId}`)).status).toBe(404);
    expect(pageText((await moderator.get('/admin/moderation')).html)).toContain('Moderated on its page');
  });
});

describe('competitions admin', () => {
  const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  async function submit(browser: Browser, path: string, fields: Record<string, string>, badge?: Uint8Array<ArrayBuffer>) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    if (badge) body.set('badge', new Blob([badge], { type: 'image/png' }), 'badge.png');
    return browser.follow(await browser.request(path, { method: 'POST', body, headers: { Origin: browser.origin } }), path);
  }

  const valid = {
    title: 'Winter Glow',
    theme: 'All-white builds',
    description: 'Show your frostiest build.',
    rules: 'One entry each.',
    prizes: 'A trophy\n\nBragging rights ',
    startDate: day(-1),
    endDate: day(3),
  };

  it('refuses an incomplete or backwards competition with each field message, saving nothing', async () => {
    const page = await submit(admin, '/admin/competitions/new', { ...valid, title: ' ', startDate: day(5), endDate: day(2) });
    expect(page.status).toBe(400);
    const text = pageText(page.html);
    expect(text).toContain('Title is required');
    expect(text).toContain('The end date must be on or after the start date');
    expect(readRow<{ n: number }>(stack.app.databasePath, 'select count(*) as n from competitions').n).toBe(0);
  });

  it('creates a competition with a badge that shows on the home page, edits it, and ends it', async () => {
    const created = await submit(admin, '/admin/competitions/new', valid, new Uint8Array(await testPhoto('png', 400, 400)));
    expect(created.url).toBe('/admin/competitions');
    expect(toastText(created.html)).toContain('Competition created');
    const row = readRow<{ id: number; prize_description: string; badge_url: string; start_date: number; end_date: number }>(
      stack.app.databasePath,
      'select * from competitions order by id desc',
    );
    expect(row.prize_description).toBe('A trophy\nBragging rights');
    expect(row.badge_url).toMatch(/^\/uploads\/badges\/[0-9a-f]{64}\.webp$/);
    expect((await new Browser(stack.app).request(row.badge_url)).status).toBe(200);
    expect(new Date(row.start_date).toISOString()).toBe(`${valid.startDate}T00:00:00.000Z`);
    expect(new Date(row.end_date).toISOString()).toBe(`${valid.endDate}T23:59:59.999Z`);
    expect(pageText((await new Browser(stack.app).get('/')).html)).toContain('Winter Glow');

    const form = await admin.get(`/admin/competitions/${row.id}`);
    expect(form.html).toContain('value="Winter Glow"');
    await submit(admin, `/admin/competitions/${row.id}`, { ...valid, title: 'Winter Glow II', removeBadge: 'on' });
    expect(readRow(stack.app.databasePath, 'select title, badge_url from competitions where id = ?', row.id)).toEqual({
      title: 'Winter Glow II',
      badge_url: null,
    });

    const member = await stack.member();
    expect((await member.post('/admin/competitions', { competitionId: String(row.id) })).status).toBe(403);
    expect((await submit(member, `/admin/competitions/${row.id}`, valid)).status).toBe(403);

    expect(pageText((await admin.get(`/admin/competitions?end=${row.id}`)).html)).toContain('End “Winter Glow II” now?');
    const ended = await admin.post('/admin/competitions', { competitionId: String(row.id) });
    expect(toastText(ended.html)).toContain('Competition ended');
    expect(pageText((await new Browser(stack.app).get('/')).html)).not.toContain('Winter Glow II');
    expect(pageText((await admin.get('/admin/audit')).html)).toMatch(
      /Ended competition[\s\S]*Edited competition[\s\S]*Created competition/,
    );
  });

  it('names a series and jurors by username, refusing a name that is no member with its message and saving nothing', async () => {
    const juror = await stack.member();
    const jurorName = readRow<{ username: string }>(stack.app.databasePath, 'select username from users order by id desc').username;
    const fields = { ...valid, title: 'Jury Cup', series: 'Setup of the Month' };
    const refused = await submit(admin, '/admin/competitions/new', { ...fields, jurors: `@${jurorName}, nobody-here` });
    expect(refused.status).toBe(400);
    expect(pageText(refused.html)).toContain('No member is named “nobody-here”.');
    expect(readRow(stack.app.databasePath, "select id from competitions where title = 'Jury Cup'")).toBeUndefined();

    const created = await submit(admin, '/admin/competitions/new', { ...fields, jurors: `@${jurorName}` });
    expect(toastText(created.html)).toContain('Competition created');
    const row = readRow<{ id: number; series: string }>(
      stack.app.databasePath,
      "select id, series from competitions where title = 'Jury Cup'",
    );
    expect(row.series).toBe('Setup of the Month');
    expect(pageText((await admin.get(`/admin/competitions/${row.id}`)).html)).toContain(jurorName);
    expect(pageText((await juror.get(`/competitions/${row.id}`)).html)).toMatch(
      new RegExp(`Jury @${jurorName}: their stars make a jury prize .*Series Setup of the Month: a build that won`),
    );
  });
});
