import { describe, expect, it } from 'vitest';
import { type Browser, pageText, toastText } from '#tests/support/browser';
import { call, expectContract, expectError } from '#tests/support/api';
import { closeDueCompetitionsNow, insertCompetition, setCompetitionEnd } from '#tests/support/competitions';
import { extractLink, type ReceivedMail } from '#tests/support/smtp-sink';
import { readRow } from '#tests/support/test-database';
import { testPhoto, uploadBuild } from '#tests/support/uploads';
import { sharedStack } from '#tests/support/stack';
import { waitFor } from '#tests/support/wait';

// Mails gather for three seconds, so a burst of parallel comments lands in one.
const stack = sharedStack({ NOTIFY_BATCH_MS: '3000' }, { network: '203.0.113' });
let people = 0;

async function aMember() {
  const email = `notified${++people}@example.com`;
  // The sign-in code is the member's first mail; notifications come after it.
  return { email, browser: await stack.member(email) };
}

async function buildBy(owner: Browser, title: string) {
  const page = await uploadBuild(owner, { title, file: { bytes: await testPhoto('jpeg', 640, 480), name: 'rig.jpg', type: 'image/jpeg' } });
  return Number(page.url.split('/').pop());
}

const comment = (by: Browser, buildId: number, content: string) =>
  by.post(`/build/${buildId}`, { intent: 'comment', form: 'comment-new', content });
const query = <T>(sql: string, ...params: unknown[]) => readRow<T>(stack.app.databasePath, sql, ...params);
const preferences = (email: string) =>
  JSON.parse(query<{ p: string }>('select email_preferences as p from users where email = ?', email).p) as Record<string, boolean>;
const mailsTo = (email: string) => stack.mail.messages.filter((mail) => mail.to.includes(email));
/** A header of the raw message, unfolded (long headers continue on indented lines). */
const header = (mail: ReceivedMail, name: string) => {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*?)\r?$`, 'im').exec(head)?.[1]?.trim();
};
const pendingFor = (email: string) =>
  query<{ n: number }>(
    "select count(*) as n from notifications n join users u on u.id = n.user_id where u.email = ? and n.status = 'pending'",
    email,
  ).n;

describe('notification mails', () => {
  it('tells an owner about comments on their build: ten in a burst make one mail, with one-click unsubscribe headers', async () => {
    const owner = await aMember();
    const fan = await aMember();
    const buildId = await buildBy(owner.browser, 'Burst rig');
    await Promise.all(Array.from({ length: 10 }, (_, n) => comment(fan.browser, buildId, `Comment number ${n + 1}`)));

    const mail = await stack.mail.waitForMail(owner.email, { after: 1, timeoutMs: 15_000 });
    expect(mail.subject).toBe('10 new comments on your builds');
    for (let n = 1; n <= 10; n++) expect(mail.text).toContain(`Comment number ${n}”`);
    expect(mail.text).toContain(`/build/${buildId}?comments=all#comment-`);
    const unsubscribe = extractLink(mail, '/unsubscribe');
    expect(header(mail, 'List-Unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // The next comment is the next mail, alone: nothing was sent twice.
    await comment(fan.browser, buildId, 'One more');
    const next = await stack.mail.waitForMail(owner.email, { after: 2, timeoutMs: 15_000 });
    expect(next.subject).toMatch(/commented on “Burst rig”$/);
    expect(next.text).toContain('One more');
    expect(next.text).not.toContain('Comment number');
    expect(mailsTo(owner.email)).toHaveLength(3);
    // Whoever comments is never mailed about it.
    expect(mailsTo(fan.email)).toHaveLength(1);
  });

  it('mails a member when RoastBot answers them', async () => {
    const owner = await aMember();
    const buildId = await buildBy(owner.browser, 'Ask the bot');
    await comment(owner.browser, buildId, '@RoastBot be honest, is it clean?');
    const mail = await stack.mail.waitForMail(owner.email, { after: 1, timeoutMs: 20_000 });
    expect(mail.subject).toBe('RoastBot answered you on “Ask the bot”');
  });

  it('tells each entrant their result when a competition closes', async () => {
    const first = await aMember();
    const second = await aMember();
    const third = await aMember();
    const id = insertCompetition(stack.app.databasePath, { title: 'Mail-in masters' });
    const firstBuild = await buildBy(first.browser, 'Podium rig');
    const secondBuild = await buildBy(second.browser, 'Runner-up rig');
    // Nobody votes for the third: it takes no place.
    const thirdBuild = await buildBy(third.browser, 'Unvoted rig');
    for (const [entrant, build] of [
      [first, firstBuild],
      [second, secondBuild],
      [third, thirdBuild],
    ] as const)
      await entrant.browser.post(`/competitions/${id}`, { intent: 'enter', buildId: String(build) });
    await second.browser.post(`/build/${firstBuild}`, { intent: 'rate', rating: '5' });
    await first.browser.post(`/build/${secondBuild}`, { intent: 'rate', rating: '2' });

    setCompetitionEnd(stack.app.databasePath, id, Date.now());
    await closeDueCompetitionsNow(stack.app.databasePath);
    const results = await Promise.all(
      [first, second, third].map(({ email }) => stack.mail.waitForMail(email, { after: 1, timeoutMs: 15_000 })),
    );
    expect(results.map((mail) => mail.subject)).toEqual([
      'Results: Mail-in masters',
      'Results: Mail-in masters',
      'Results: Mail-in masters',
    ]);
    expect(results[0]!.text).toContain('you won it');
    expect(results[0]!.text).toContain(`/competitions/${id}`);
    expect(results[1]!.text).toContain('your build placed #2');
    expect(results[2]!.text).toContain('Your build did not place this time');
  });

  it('unsubscribes with the link while signed out: the page asks, the one-click POST turns the list off', async () => {
    const owner = await aMember();
    const fan = await aMember();
    const buildId = await buildBy(owner.browser, 'Quiet rig');
    await comment(fan.browser, buildId, 'Hello there');
    const link = new URL(extractLink(await stack.mail.waitForMail(owner.email, { after: 1, timeoutMs: 15_000 }), '/unsubscribe'));
    const path = link.pathname + link.search;

    const stranger = stack.browser();
    const asked = await stranger.get(path);
    expect(asked.status).toBe(200);
    expect(pageText(asked.html)).toContain('Stop notification e-mails?');
    expect(preferences(owner.email).notifications).toBe(true);

    // What a mail client sends (RFC 8058): no cookie, no Origin, this body.
    const oneClick = await stack.app.fetch(path, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(pageText(await oneClick.text())).toContain("You're unsubscribed");
    // News and offers was never said yes to, so it is stored as what it reads: off (decision 024).
    expect(preferences(owner.email)).toEqual({ notifications: false, weeklyDigest: true, marketing: false });
    expect(pageText((await stranger.get(path)).html)).toContain("You're unsubscribed");

    // Nothing is queued for a member who turned notifications off.
    await comment(fan.browser, buildId, 'Are you there?');
    expect(pendingFor(owner.email)).toBe(0);
    expect(mailsTo(owner.email)).toHaveLength(2);
  });

  it('refuses a forged unsubscribe link with a clear message and changes nothing', async () => {
    const owner = await aMember();
    const id = query<{ id: number }>('select id from users where email = ?', owner.email).id;
    const forged = `/unsubscribe?token=${id}.notifications.${'A'.repeat(43)}`;
    const page = await stack.browser().get(forged);
    expect(page.status).toBe(400);
    expect(pageText(page.html)).toContain('This unsubscribe link is not valid.');
    const posted = await stack.browser().post(forged, {});
    expect(posted.status).toBe(400);
    expect(pageText(posted.html)).toContain('This unsubscribe link is not valid.');
    expect(preferences(owner.email)).toEqual({ notifications: true, weeklyDigest: true, marketing: true });
  });

  it('respects the switch at send time: turned off while a mail gathers, nothing is sent', async () => {
    const owner = await aMember();
    const fan = await aMember();
    const buildId = await buildBy(owner.browser, 'Changed mind');
    await comment(fan.browser, buildId, 'You will not hear of this');
    expect(pendingFor(owner.email)).toBe(1);
    const saved = await owner.browser.post('/profile?tab=settings', { intent: 'email-preferences', weeklyDigest: 'on', marketing: 'on' });
    expect(toastText(saved.html)).toContain('Email preferences updated');
    await waitFor(() => pendingFor(owner.email) === 0, { timeoutMs: 15_000 });
    const row = query<{ status: string }>(
      "select n.status from notifications n join users u on u.id = n.user_id where u.email = ? and n.kind = 'comment'",
      owner.email,
    );
    expect(row.status).toBe('suppressed');
    expect(mailsTo(owner.email)).toHaveLength(1);
  });

  it('delays mail through an SMTP outage and delivers it once when the server is back', async () => {
    const owner = await aMember();
    const fan = await aMember();
    const buildId = await buildBy(owner.browser, 'Outage rig');
    await stack.mail.down();
    try {
      await comment(fan.browser, buildId, 'Sent during the outage');
      await waitFor(() => /Job \d+ \(notify\) attempt 1 failed/.test(stack.app.output()), { timeoutMs: 15_000 });
      expect(pendingFor(owner.email)).toBe(1);
    } finally {
      await stack.mail.up();
    }
    const late = await stack.mail.waitForMail(owner.email, { after: 1, timeoutMs: 30_000 });
    expect(late.text).toContain('Sent during the outage');
    await waitFor(() => pendingFor(owner.email) === 0);
    await comment(fan.browser, buildId, 'After the outage');
    const next = await stack.mail.waitForMail(owner.email, { after: 2, timeoutMs: 15_000 });
    expect(next.text).toContain('After the outage');
    expect(next.text).not.toContain('Sent during the outage');
    expect(mailsTo(owner.email)).toHaveLength(3);
  });
});

describe('in-site notifications', () => {
  /** A build of the owner's, once roasted (its first roast earns an achievement), with every notification so far read. */
  async function quietBuildBy(owner: Browser, title: string) {
    const buildId = await buildBy(owner, title);
    await waitFor(() => query<{ at: number | null }>('select roasted_at as at from builds where id = ?', buildId).at !== null, {
      timeoutMs: 15_000,
    });
    await owner.post('/notifications', { intent: 'read-all' });
    return buildId;
  }
  /** The header bell's accessible name on a page. */
  const bell = (html: string) => /aria-label="(Notifications(?:, \d+ unread)?)"/.exec(html)?.[1];
  const idOf = (email: string, kind: string) =>
    query<{ id: number }>(
      'select n.id from notifications n join users u on u.id = n.user_id where u.email = ? and n.kind = ? order by n.id desc',
      email,
      kind,
    ).id;

  it('the bell counts a comment on your build on the next page, /notifications lists it, and plain forms open it or mark it read', async () => {
    const owner = await aMember();
    const fan = await aMember();
    const buildId = await quietBuildBy(owner.browser, 'Bell rig');
    expect(bell((await owner.browser.get('/gallery')).html)).toBe('Notifications');

    await comment(fan.browser, buildId, 'Love the <b>lighting</b>');
    // The member's kept copy of the gallery is stale now: the new row changed the data.
    expect(bell((await owner.browser.get('/gallery')).html)).toBe('Notifications, 1 unread');
    const list = await owner.browser.get('/notifications');
    expect(list.status).toBe(200);
    const text = pageText(list.html);
    expect(text).toMatch(/\S+ commented on “Bell rig”/);
    // The comment is text, never markup.
    expect(list.html).toContain('Love the &lt;b&gt;lighting&lt;/b&gt;');
    // Opening it is a post of its own form: a link would be a GET, which never writes.
    expect(list.html).not.toMatch(new RegExp(`href="/build/${buildId}`));
    const id = idOf(owner.email, 'comment');

    // Someone else's notification is not theirs to mark.
    const refused = await fan.browser.post('/notifications', { intent: 'read', id: String(id) });
    expect(toastText(refused.html)).toContain('Not marked');
    expect(bell((await owner.browser.get('/gallery')).html)).toBe('Notifications, 1 unread');

    const marked = await owner.browser.post('/notifications', { intent: 'read', id: String(id), page: '1' });
    // Back on the page the form was on, with the count gone from the bell.
    expect(marked.url).toBe('/notifications');
    expect(toastText(marked.html)).toContain('Marked as read');
    expect(bell(marked.html)).toBe('Notifications');
    expect(pageText(marked.html)).toContain('You are all caught up.');

    // Two more comments on the build are one more line: the bell counts it once.
    await comment(fan.browser, buildId, 'One more');
    await comment(fan.browser, buildId, 'And another');
    const lines = await owner.browser.get('/notifications');
    expect(bell(lines.html)).toBe('Notifications, 1 unread');
    expect(pageText(lines.html)).toMatch(/\S+ commented 3 times on “Bell rig”/);
    const newest = idOf(owner.email, 'comment');
    expect(toastText((await fan.browser.post('/notifications', { intent: 'open', id: String(newest) })).html)).toContain('Not marked');

    // Opening the line reads it, and goes where the newest happened.
    const opened = await owner.browser.submit('/notifications', { intent: 'open', id: String(newest) });
    expect(opened.status).toBe(303);
    const newestComment = query<{ id: number }>('select comment_id as id from notifications where id = ?', newest).id;
    expect(opened.headers.get('location')).toBe(`/build/${buildId}?comments=all#comment-${newestComment}`);
    expect(bell((await owner.browser.get('/gallery')).html)).toBe('Notifications');

    await comment(fan.browser, buildId, 'Last one');
    const all = await owner.browser.post('/notifications', { intent: 'read-all' });
    expect(toastText(all.html)).toContain('All notifications marked as read');
    expect(bell(all.html)).toBe('Notifications');
  });

  it('is for members only, reads without writing, and refuses a bad form', async () => {
    const guest = stack.browser();
    const away = await guest.request('/notifications');
    expect(away.status).toBe(302);
    expect(away.headers.get('location')).toBe('/auth?redirectTo=%2Fnotifications');
    const owner = await aMember();
    const before = query<{ n: number }>('select count(*) as n from notifications where read_at is not null').n;
    await owner.browser.get('/notifications?page=2');
    await owner.browser.get('/notifications?page=x');
    expect(query<{ n: number }>('select count(*) as n from notifications where read_at is not null').n).toBe(before);
    expect((await owner.browser.post('/notifications', { intent: 'nonsense' })).status).toBe(400);
  });

  it('is in the JSON API: the list, the unread count, marking one or all read', async () => {
    const owner = await aMember();
    const fan = await aMember();
    const buildId = await quietBuildBy(owner.browser, 'API rig');
    await comment(fan.browser, buildId, 'Via the API');
    await comment(fan.browser, buildId, 'And again');

    expectError(await call(stack.browser(), 'GET', '/api/notifications'), 401, 'unauthorized');
    // Two comments on one build are one line of the site's: the bell counts it once.
    const unread = await call(owner.browser, 'GET', '/api/notifications/unread');
    expect(unread.body).toEqual({ unread: 1 });
    expectContract('GET', '/api/notifications/unread', unread.body);

    const list = await call(owner.browser, 'GET', '/api/notifications');
    expect(list.status).toBe(200);
    expectContract('GET', '/api/notifications', list.body);
    const page = list.body as {
      items: { id: number; group: string; kind: string; read: boolean; excerpt?: string; url: string }[];
      unread: number;
    };
    expect(page.unread).toBe(1);
    // Each on its own, with the group the site shows them in.
    const [newest, older] = page.items;
    expect(newest).toMatchObject({
      kind: 'comment',
      excerpt: 'And again',
      read: false,
      buildTitle: 'API rig',
      group: `comment:${buildId}`,
    });
    expect(newest!.url).toMatch(new RegExp(`^/build/${buildId}\\?comments=all#comment-\\d+$`));
    expect(older).toMatchObject({ excerpt: 'Via the API', group: `comment:${buildId}` });

    expectError(await call(fan.browser, 'POST', `/api/notifications/${newest!.id}/read`), 404, 'not_found');
    expectError(await call(owner.browser, 'POST', '/api/notifications/abc/read'), 404, 'not_found');
    // The older one: the newer of its group stays unread.
    const one = await call(owner.browser, 'POST', `/api/notifications/${older!.id}/read`);
    expect(one.body).toEqual({ unread: 1 });
    expectContract('POST', `/api/notifications/${older!.id}/read`, one.body);
    const all = await call(owner.browser, 'POST', '/api/notifications/read-all');
    expect(all.body).toEqual({ marked: 1, unread: 0 });
    expectContract('POST', '/api/notifications/read-all', all.body);
  });
});
