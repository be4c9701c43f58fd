import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { call } from '#tests/support/api';
import { type Browser, pageText, toastText } from '#tests/support/browser';
import { extractCode, extractLink } from '#tests/support/smtp-sink';
import { readRow } from '#tests/support/test-database';
import { aBuildBy } from '#tests/support/uploads';
import { sharedStack } from '#tests/support/stack';

const ADMIN = 'pending-chief@example.com';
const stack = sharedStack({ ADMIN_EMAILS: ADMIN }, { network: '198.18.7' });

let owner: Browser;
let buildId: number;

const commentsBy = (email: string) =>
  readRow<{ n: number }>(
    stack.app.databasePath,
    'select count(*) as n from comments c join users u on u.id = c.user_id where u.email = ? and c.build_id = ?',
    email,
    buildId,
  ).n;
const pendingCount = () => readRow<{ n: number }>(stack.app.databasePath, 'select count(*) as n from pending_comments').n;

/** A guest posts the comment form as a browser without JavaScript does. */
function postAsGuest(guest: Browser, content: string, extra: Record<string, string> = {}) {
  return guest.submit(`/build/${buildId}`, { intent: 'comment', form: 'comment-new', content, ...extra });
}

const mailsTo = (email: string) => stack.mail.messages.filter((mail) => mail.to.includes(email)).length;

/** Signs the browser in by code and answers the verification's own answer: where it sends them, before following. */
async function signInAnswer(browser: Browser, email: string, redirectTo: string) {
  const before = mailsTo(email);
  await browser.post('/auth', { intent: 'request-code', email, tab: 'login', redirectTo });
  const code = extractCode(await stack.mail.waitForMail(email, { after: before }));
  return browser.submit('/auth?step=code', { intent: 'verify', code, tab: 'login', redirectTo });
}

/** A member with a password, set through the e-mailed link: they sign in again at once, without waiting for another code. */
async function aMemberWithPassword(email: string, password = 'Overclock9') {
  await stack.member(email);
  const before = mailsTo(email);
  await stack.browser().post('/forgot-password', { email });
  const link = new URL(extractLink(await stack.mail.waitForMail(email, { after: before }), '/reset-password'));
  const token = link.searchParams.get('token')!;
  expect((await stack.browser().post(link.pathname + link.search, { token, password, confirmPassword: password })).url).toBe(
    '/reset-password?done=1',
  );
  return (browser: Browser, redirectTo: string) =>
    browser.submit('/auth?method=password', { intent: 'password', email, password, tab: 'login', redirectTo });
}

beforeAll(async () => {
  owner = await stack.member();
  buildId = await aBuildBy(owner, 'Rig for guests');
}, 120_000);

describe('a guest’s comment', () => {
  it('is kept on the server through sign-in, never in an address, and posted as theirs once they are in', async () => {
    const guest = stack.browser();
    const words = 'Secret sauce: those cable combs';
    const posted = await postAsGuest(guest, words);
    expect(posted.status).toBe(303);
    const signIn = posted.headers.get('location')!;
    expect(signIn).toBe(`/auth?redirectTo=${encodeURIComponent(`/build/${buildId}`)}`);
    expect(signIn).not.toContain('cable');
    expect(pendingCount()).toBeGreaterThan(0);
    const auth = await guest.get(signIn);
    expect(toastText(auth.html)).toContain('Sign in to post your comment');

    const email = `guest-${Date.now()}@example.com`;
    const landed = await signInAnswer(guest, email, `/build/${buildId}`);
    const commentId = readRow<{ id: number }>(stack.app.databasePath, 'select max(id) as id from comments').id;
    expect(landed.headers.get('location')).toBe(`/build/${buildId}?comments=all#comment-${commentId}`);
    const page = await guest.follow(landed, '/auth?step=code');
    expect(toastText(page.html)).toContain('Comment added');
    expect(pageText(page.html)).toContain(words);
    expect(commentsBy(email)).toBe(1);
    // Posted once: the row and the browser's cookie are gone.
    expect(pendingCount()).toBe(0);
    expect(guest.cookies.has('rr_pending_comment')).toBe(false);
  });

  it('goes to the Register tab from the dialog’s Register, and a post with nothing in it keeps nothing', async () => {
    const guest = stack.browser();
    const before = pendingCount();
    const registering = await postAsGuest(guest, 'Joining to say this', { signIn: 'register' });
    expect(registering.headers.get('location')).toBe(`/auth?tab=register&redirectTo=${encodeURIComponent(`/build/${buildId}`)}`);
    const empty = await postAsGuest(stack.browser(), '   ');
    expect(empty.status).toBe(303);
    expect(empty.headers.get('location')).toMatch(/^\/auth\?redirectTo=/);
    expect(empty.headers.getSetCookie().some((cookie) => cookie.startsWith('rr_pending_comment='))).toBe(false);
    expect(pendingCount()).toBe(before + 1);
  });

  it('is not posted for a suspended member: they are told why, and it is gone', async () => {
    const email = `suspended-guest-${Date.now()}@example.com`;
    const signInWithPassword = await aMemberWithPassword(email);
    const memberId = readRow<{ id: number }>(stack.app.databasePath, 'select id from users where email = ?', email).id;
    const admin = await stack.member(ADMIN);
    const until = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
    expect((await call(admin, 'PATCH', `/api/admin/users/${memberId}/suspension`, { until, reason: 'Cooling off' })).status).toBe(200);

    const guest = stack.browser();
    await postAsGuest(guest, 'Posted while suspended?');
    const landed = await signInWithPassword(guest, `/build/${buildId}`);
    expect(landed.headers.get('location')).toBe(`/build/${buildId}`);
    const page = await guest.follow(landed, '/auth?method=password');
    expect(toastText(page.html)).toMatch(/Your comment was not posted: Your account is suspended until /);
    expect(commentsBy(email)).toBe(0);
    expect(pageText(page.html)).not.toContain('Posted while suspended?');
  });

  it('is refused once a network has kept too many: the page again, the words still in the box', async () => {
    const guest = stack.browser();
    let answer = await postAsGuest(guest, 'Flood 0');
    for (let n = 1; n <= RATE_LIMITS.pendingComment.perAddress.limit && answer.status === 303; n++) {
      answer = await postAsGuest(guest, `Flood ${n}`);
    }
    expect(answer.status).toBe(429);
    const html = await answer.text();
    expect(pageText(html)).toContain('Too many comments were kept for sign-in from your network lately');
    expect(html).toMatch(/<textarea[^>]*>Flood \d+<\/textarea>/);
  });
});
