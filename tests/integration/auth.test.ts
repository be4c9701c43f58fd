import { openAppDatabase } from '#tests/support/test-database';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hashPassword, randomToken } from '~/services/crypto.server';
import { call, expectError } from '#tests/support/api';
import { type Browser, pageText, toastText } from '#tests/support/browser';
import { ownCpuMs, processCpuMs } from '#tests/support/process-cpu';
import { extractCode, extractLink } from '#tests/support/smtp-sink';
import { sharedStack } from '#tests/support/stack';

// Each test's browsers come from addresses of their own, so rate limits of one test don't touch another.
const stack = sharedStack({ ADMIN_EMAILS: 'boss@example.com' }, { network: '203.0.113' });

function database() {
  return openAppDatabase(stack.app.databasePath);
}

function mailCount(email: string): number {
  return stack.mail.messages.filter((mail) => mail.to.includes(email)).length;
}

/** Skips the resend cooldown for `email`, as if 30 seconds had passed since its last code. */
function skipCooldown(email: string) {
  const sqlite = database();
  sqlite.prepare("delete from rate_limit_hits where bucket = 'login-code:resend' and key = ?").run(email);
  sqlite.close();
}

async function requestCode(browser: Browser, email: string, fields: Record<string, string> = {}) {
  skipCooldown(email);
  const before = mailCount(email);
  const page = await browser.post('/auth', { intent: 'request-code', email, tab: 'login', redirectTo: '', ...fields });
  return { page, mail: () => stack.mail.waitForMail(email, { after: before }) };
}

async function signIn(browser: Browser, email: string, redirectTo = '') {
  const { page, mail } = await requestCode(browser, email, { redirectTo });
  expect(page.url).toContain('step=code');
  const code = extractCode(await mail());
  return browser.post('/auth', { intent: 'verify', code, tab: 'login', redirectTo });
}

let addressCounter = 0;
const uniqueEmail = (name = 'member') => `${name}${++addressCounter}@example.com`;

/** A new browser that asked for a code for a new address, and the code mailed to it. */
async function codeSent(): Promise<{ browser: Browser; email: string; code: string }> {
  const browser = stack.browser();
  const email = uniqueEmail();
  const { mail } = await requestCode(browser, email);
  return { browser, email, code: extractCode(await mail()) };
}

describe('signing in with an e-mailed code', () => {
  it('registers a new member with a generated username and signs them in', async () => {
    const browser = stack.browser();
    const email = uniqueEmail('newbie');
    const { page, mail } = await requestCode(browser, email);
    expect(page.url).toBe('/auth?step=code');
    expect(toastText(page.html)).toContain('Verification code sent');
    expect(toastText(page.html)).toContain('Please check your email for a 6-digit login code');
    expect(pageText(page.html)).toContain(email);

    const message = await mail();
    const code = extractCode(message);
    expect(code).toMatch(/^\d{6}$/);
    expect(message.subject).toContain(code);
    expect(message.html).toContain(code);
    expect(extractLink(message, '/auth/magic')).toContain('token=');

    const signedIn = await browser.post('/auth', { intent: 'verify', code, tab: 'login', redirectTo: '' });
    expect(signedIn.url).toBe('/');
    const sqlite = database();
    const user = sqlite.prepare('select * from users where email = ?').get(email) as { username: string; email_verified: number };
    sqlite.close();
    expect(user.username).toMatch(/^[A-Za-z]+\d{4}$/);
    expect(user.email_verified).toBe(1);
    expect(toastText(signedIn.html)).toContain('Login successful');
    expect(toastText(signedIn.html)).toContain(`Welcome, ${user.username}`);
    expect(signedIn.html).toContain(`Account menu for ${user.username}`);
    expect(signedIn.html).not.toContain('>Log in</a>');
  });

  it('keeps the session in a signed, httpOnly, SameSite=Lax cookie that holds only an id', async () => {
    const { browser, code } = await codeSent();
    const response = await browser.submit('/auth', { intent: 'verify', code, tab: 'login', redirectTo: '' });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('rr_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const value = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!);
    // A signed value: base64 of the JSON id, a dot, the signature. Nothing about the member.
    expect(value).toContain('.');
    expect(value).not.toMatch(/@|admin|username/i);
  });

  it('signs an existing member back into the same account, and sends them where they were going', async () => {
    const email = uniqueEmail('returning');
    await signIn(stack.browser(), email);
    const again = await signIn(stack.browser(), email, '/profile');
    expect(again.url).toBe('/profile');
    const sqlite = database();
    const count = sqlite.prepare('select count(*) from users where email = ?').pluck().get(email);
    sqlite.close();
    expect(count).toBe(1);
  });

  it('ignores redirects to other sites', async () => {
    const page = await signIn(stack.browser(), uniqueEmail(), '//evil.example/steal');
    expect(page.url).toBe('/');
  });

  // A Location header carries no character past U+00FF: this sign-in was a 500, the code used up.
  it('lands on a page to go back to written with characters a header cannot carry, percent-encoded', async () => {
    const page = await signIn(stack.browser(), uniqueEmail(), '/gallery?q=caf\u00e9 \u{1F525}');
    expect(page.status).toBe(200);
    expect(page.url).toBe('/gallery?q=caf%C3%A9%20%F0%9F%94%A5');
    expect(toastText(page.html)).toContain('Login successful');
  });

  it('refuses a wrong code with the documented message, and a malformed one with the format message', async () => {
    const { browser, code } = await codeSent();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const page = await browser.post('/auth?step=code', { intent: 'verify', code: wrong, tab: 'login', redirectTo: '' });
    expect(page.status).toBe(400);
    expect(pageText(page.html)).toContain('Invalid verification code');
    expect(toastText(page.html)).toContain('Verification failed');
    expect(browser.cookies.has('rr_session')).toBe(false);

    const short = await browser.post('/auth?step=code', { intent: 'verify', code: '12a', tab: 'login', redirectTo: '' });
    expect(short.status).toBe(400);
    expect(pageText(short.html)).toContain('Verification code must be 6 digits');
  });

  it('burns a code after 5 wrong tries: the right code is refused afterwards', async () => {
    const { browser, code } = await codeSent();
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await browser.post('/auth?step=code', { intent: 'verify', code: wrong, tab: 'login', redirectTo: '' });
    }
    const page = await browser.post('/auth?step=code', { intent: 'verify', code, tab: 'login', redirectTo: '' });
    expect(page.status).toBe(400);
    expect(pageText(page.html)).toMatch(/expired or was already used|Too many wrong codes/);
    expect(browser.cookies.has('rr_session')).toBe(false);
  });

  it('refuses an expired code', async () => {
    const { browser, email, code } = await codeSent();
    const sqlite = database();
    sqlite.prepare('update login_codes set expires_at = ? where email = ?').run(Date.now() - 1000, email);
    sqlite.close();
    const page = await browser.post('/auth?step=code', { intent: 'verify', code, tab: 'login', redirectTo: '' });
    expect(pageText(page.html)).toContain('This code has expired or was already used. Request a new one.');
    expect(browser.cookies.has('rr_session')).toBe(false);
  });

  it('uses a code only once', async () => {
    const { browser, code } = await codeSent();
    await browser.post('/auth', { intent: 'verify', code, tab: 'login', redirectTo: '' });
    const thief = stack.browser();
    for (const [name, value] of browser.cookies) if (name === 'rr_auth_flow') thief.cookies.set(name, value);
    const replay = await thief.post('/auth?step=code', { intent: 'verify', code, tab: 'login', redirectTo: '' });
    expect(thief.cookies.has('rr_session')).toBe(false);
    expect(replay.status).toBeGreaterThanOrEqual(300);
  });

  it('cannot be tricked into another account by editing the sign-in cookie', async () => {
    const victim = uniqueEmail('victim');
    await signIn(stack.browser(), victim);

    const attacker = stack.browser();
    const attackerEmail = uniqueEmail('attacker');
    const { mail } = await requestCode(attacker, attackerEmail);
    const code = extractCode(await mail());

    // remix-auth-totp keeps the address in an unsigned `_totp` cookie; editing it was enough there.
    attacker.cookies.set('_totp', encodeURIComponent(JSON.stringify({ email: victim, totp: 'x' })));
    // Our own flow cookie is signed: replace the address inside and keep the old signature.
    const flow = attacker.cookies.get('rr_auth_flow')!;
    const [payload, signature] = decodeURIComponent(flow).split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64').toString()), email: victim })).toString(
      'base64',
    );
    attacker.cookies.set('rr_auth_flow', encodeURIComponent(`${forged}.${signature}`));

    const page = await attacker.post('/auth?step=code', { intent: 'verify', code, email: victim, tab: 'login', redirectTo: '' });
    expect(page.html).not.toMatch(/Account menu for/);
    expect(attacker.cookies.has('rr_session')).toBe(false);

    // With the genuine cookie back, the same code signs in the attacker as themselves only.
    attacker.cookies.set('rr_auth_flow', flow);
    const own = await attacker.post('/auth?step=code', { intent: 'verify', code, email: victim, tab: 'login', redirectTo: '' });
    const sqlite = database();
    const attackerName = sqlite.prepare('select username from users where email = ?').pluck().get(attackerEmail);
    const victimName = sqlite.prepare('select username from users where email = ?').pluck().get(victim);
    sqlite.close();
    expect(own.html).toContain(`Account menu for ${attackerName}`);
    expect(own.html).not.toContain(`Account menu for ${victimName}`);
  });

  it('answers the same for unknown and known addresses', async () => {
    const known = uniqueEmail('known');
    await signIn(stack.browser(), known);
    const first = await requestCode(stack.browser(), known);
    const second = await requestCode(stack.browser(), uniqueEmail('unknown'));
    expect(first.page.status).toBe(second.page.status);
    expect(first.page.url).toBe(second.page.url);
    expect(toastText(first.page.html)).toBe(toastText(second.page.html));
  });

  it('validates the address with the documented message and sends nothing', async () => {
    const before = stack.mail.messages.length;
    const page = await stack.browser().post('/auth', { intent: 'request-code', email: 'not-an-address', tab: 'login', redirectTo: '' });
    expect(page.status).toBe(400);
    expect(pageText(page.html)).toContain('Please enter a valid email address');
    expect(stack.mail.messages.length).toBe(before);
  });

  it('sends nothing when the hidden honeypot field is filled', async () => {
    const email = uniqueEmail('bot');
    await requestCode(stack.browser(), email, { website: 'https://spam.example' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailCount(email)).toBe(0);
  });
});

describe('limits on codes', () => {
  it('makes a resend wait for its cooldown, then sends a new code that replaces the old one', async () => {
    const browser = stack.browser();
    const email = uniqueEmail();
    const { mail } = await requestCode(browser, email);
    const first = extractCode(await mail());

    const tooSoon = await browser.post('/auth?step=code', { intent: 'resend', tab: 'login', redirectTo: '' });
    expect(tooSoon.status).toBe(429);
    expect(pageText(tooSoon.html)).toMatch(/Please wait \d+ seconds? before asking for another code\./);
    expect(toastText(tooSoon.html)).toContain('Failed to send verification code');

    skipCooldown(email);
    const resent = await browser.post('/auth?step=code', { intent: 'resend', tab: 'login', redirectTo: '' });
    expect(toastText(resent.html)).toContain('Verification code sent');
    const second = extractCode(await stack.mail.waitForMail(email, { after: 1 }));

    const old = await browser.post('/auth?step=code', { intent: 'verify', code: first, tab: 'login', redirectTo: '' });
    if (first !== second) expect(browser.cookies.has('rr_session')).toBe(false);
    expect(old.status).toBe(first === second ? 200 : 400);
    await browser.post('/auth?step=code', { intent: 'verify', code: second, tab: 'login', redirectTo: '' });
    expect(browser.cookies.has('rr_session')).toBe(true);
  });

  it('sends at most 5 codes an hour to one address, with a clear message', async () => {
    const email = uniqueEmail('flooded');
    for (let sent = 1; sent <= 5; sent++) {
      const { page } = await requestCode(stack.browser(), email);
      expect(page.url).toContain('step=code');
    }
    const { page } = await requestCode(stack.browser(), email);
    expect(page.status).toBe(429);
    expect(pageText(page.html)).toMatch(/Too many codes were sent to this address\. Try again in \d+ minutes?\./);
    expect(mailCount(email)).toBe(5);
  });

  it('sends at most 20 codes an hour to one network', async () => {
    const browser = stack.browser();
    for (let sent = 1; sent <= 20; sent++) {
      const { page } = await requestCode(browser, uniqueEmail('many'));
      expect(page.status, `code ${sent}`).toBe(200);
    }
    const { page } = await requestCode(browser, uniqueEmail('many'));
    expect(page.status).toBe(429);
    expect(pageText(page.html)).toContain('Too many codes were requested from your network.');
  });

  it('sends one code when ten requests for one address arrive at once', async () => {
    const email = uniqueEmail('raced');
    const pages = await Promise.all(
      Array.from({ length: 10 }, () => stack.browser().post('/auth', { intent: 'request-code', email, tab: 'login', redirectTo: '' })),
    );
    const sent = pages.filter((page) => page.url.includes('step=code'));
    const refused = pages.filter((page) => page.status === 429);
    expect(sent).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const page of refused) expect(pageText(page.html)).toMatch(/Please wait \d+ seconds? before asking for another code\./);
    // Every answer is in, and each sent its mail before answering.
    expect(mailCount(email)).toBe(1);
  });

  it('changes nothing when the mail cannot be sent', async () => {
    const browser = stack.browser();
    const email = uniqueEmail('unlucky');
    stack.mail.failNext();
    const { page } = await requestCode(browser, email);
    expect(page.status).toBe(429);
    expect(toastText(page.html)).toContain('Failed to send verification code');
    expect(toastText(page.html)).toContain('Failed to send login code');
    const sqlite = database();
    expect(sqlite.prepare('select count(*) from login_codes where email = ?').pluck().get(email)).toBe(0);
    // Nothing was counted against the limits either: no cooldown, no hourly allowance used.
    expect(sqlite.prepare("select count(*) from rate_limit_hits where bucket like 'login-code:%' and key = ?").pluck().get(email)).toBe(0);
    sqlite.close();
    const retry = await browser.post('/auth', { intent: 'request-code', email, tab: 'login', redirectTo: '' });
    expect(retry.url).toContain('step=code');
  });
});

describe('the magic link', () => {
  it('signs in on the browser that asked, once, and only by a POST', async () => {
    const browser = stack.browser();
    const { mail } = await requestCode(browser, uniqueEmail('linker'));
    const link = new URL(extractLink(await mail(), '/auth/magic'));
    const path = link.pathname + link.search;

    const view = await browser.get(path);
    expect(view.status).toBe(200);
    expect(browser.cookies.has('rr_session')).toBe(false);
    expect(view.html).toContain('Sign in to RigRoast');

    const token = link.searchParams.get('token')!;
    const other = stack.browser();
    const elsewhere = await other.post(path, { token });
    expect(pageText(elsewhere.html)).toContain('This link only works in the browser where you asked for the code.');
    expect(other.cookies.has('rr_session')).toBe(false);

    const signedIn = await browser.post(path, { token });
    expect(signedIn.url).toBe('/');
    expect(toastText(signedIn.html)).toContain('Login successful');

    const reuse = await stack.browser().get(path);
    expect(pageText(reuse.html)).toContain('This sign-in link has expired or was already used.');
  });
});

describe('sessions', () => {
  it('logs out with the documented toast and ends the session on the server', async () => {
    const browser = stack.browser();
    await signIn(browser, uniqueEmail('leaver'));
    const stolen = browser.cookies.get('rr_session')!;
    const page = await browser.post('/logout', {});
    expect(page.url).toBe('/');
    expect(toastText(page.html)).toContain('Logout successful');
    expect(toastText(page.html)).toContain('You have been logged out');
    expect(page.html).toContain('>Log in</a>');

    // The old cookie no longer works anywhere.
    const replay = stack.browser();
    replay.cookies.set('rr_session', stolen);
    const profile = await replay.request('/profile');
    expect(profile.status).toBe(302);
    expect(profile.headers.get('location')).toBe('/auth?redirectTo=%2Fprofile');
  });

  it('answers a browser still sending a session that ended as a guest, from the stored page, and lets it sign in again', async () => {
    const browser = stack.browser();
    await signIn(browser, uniqueEmail('returner'));
    const ended = browser.cookies.get('rr_session')!;
    await browser.post('/logout', {});
    await stack.browser().get('/leaderboard');

    const replay = stack.browser();
    replay.cookies.set('rr_session', ended);
    const page = await replay.request('/leaderboard');
    expect(page.status).toBe(200);
    expect(page.headers.get('x-page-cache')).toBe('hit');
    expect(page.headers.get('cache-control')).toMatch(/^private\b/);
    expect(page.headers.getSetCookie()).toEqual([expect.stringMatching(/^rr_session=;.*Max-Age=0/i)]);
    expect(await page.text()).toContain('>Log in</a>');

    // Signing in with the ended cookie still sent: the new session is the one kept.
    replay.cookies.set('rr_session', ended);
    await signIn(replay, uniqueEmail('returner'));
    expect(replay.cookies.get('rr_session')).not.toBe(ended);
    expect((await replay.request('/profile')).status).toBe(200);
  });

  it('does not log out on a GET', async () => {
    const browser = stack.browser();
    await signIn(browser, uniqueEmail());
    await browser.get('/logout');
    expect((await browser.request('/profile')).status).toBe(200);
  });

  it('sends signed-in members away from /auth', async () => {
    const browser = stack.browser();
    await signIn(browser, uniqueEmail());
    const response = await browser.request('/auth');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('stops a disabled member at once and keeps them out', async () => {
    const browser = stack.browser();
    const email = uniqueEmail('disabled');
    await signIn(browser, email);
    expect((await browser.request('/profile')).status).toBe(200);

    const sqlite = database();
    sqlite.prepare('update users set is_disabled = 1 where email = ?').run(email);
    sqlite.close();
    expect((await browser.request('/profile')).status).toBe(302);

    const again = stack.browser();
    const { mail } = await requestCode(again, email);
    const code = extractCode(await mail());
    const page = await again.post('/auth?step=code', { intent: 'verify', code, tab: 'login', redirectTo: '' });
    expect(pageText(page.html)).toContain('This account has been disabled.');
    expect(again.cookies.has('rr_session')).toBe(false);
  });

  it('makes ADMIN_EMAILS addresses admins when they sign in', async () => {
    const browser = stack.browser();
    const page = await signIn(browser, 'boss@example.com');
    expect(page.html).toContain('Admin Dashboard');
    const member = await signIn(stack.browser(), uniqueEmail());
    expect(member.html).not.toContain('Admin Dashboard');
  });

  it('refuses form posts from other sites, on pages and resource routes alike', async () => {
    const browser = stack.browser();
    await signIn(browser, uniqueEmail());
    for (const path of ['/logout', '/profile', '/auth']) {
      const response = await browser.request(path, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'bio', bio: 'pwned' }),
        headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status, path).toBe(403);
    }
    expect((await browser.request('/profile')).status).toBe(200);
  });
});

describe('the username prompt', () => {
  it('asks a member with a generated name once per session', async () => {
    const browser = stack.browser();
    const email = uniqueEmail('prompted');
    const first = await signIn(browser, email);
    expect(first.html).toContain('Choose your username');
    const second = await browser.get('/about');
    expect(second.html).not.toContain('Choose your username');

    const renamed = await browser.post('/profile', { intent: 'username', username: `Chosen${addressCounter}`, redirectTo: '/about' });
    expect(renamed.url).toBe('/about');
    expect(toastText(renamed.html)).toContain('Username updated');

    // A chosen name is never asked about again.
    const nextSession = await signIn(stack.browser(), email);
    expect(nextSession.html).not.toContain('Choose your username');
  });
  it('opens the prompt again on the same page after a refused name, with the reason and what was typed', async () => {
    const browser = stack.browser();
    await signIn(browser, uniqueEmail('picky'));
    const refused = await browser.post('/profile', { intent: 'username', source: 'username-dialog', username: 'ab', redirectTo: '/about' });
    expect(refused.url).toBe('/about');
    expect(refused.html).toContain('Choose your username');
    expect(pageText(refused.html)).toContain('Username must be at least 3 characters long');
    expect(refused.html).toMatch(/<input[^>]*name="username"[^>]*value="ab"/);
    expect(toastText(refused.html)).not.toContain('Username updated');

    const reserved = await browser.post('/profile', {
      intent: 'username',
      source: 'username-dialog',
      username: 'R0astB0t',
      redirectTo: '/about',
    });
    expect(pageText(reserved.html)).toContain('This username is reserved. Please choose another one.');

    // Shown for that answer only: the session has seen the prompt.
    expect((await browser.get('/about')).html).not.toContain('Choose your username');
  });
});

describe('the profile', () => {
  async function member() {
    const browser = stack.browser();
    const email = uniqueEmail('profiled');
    await signIn(browser, email);
    return { browser, email };
  }

  it('is only for members', async () => {
    const response = await stack.browser().request('/profile?tab=stats');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth?redirectTo=%2Fprofile%3Ftab%3Dstats');
  });

  it('shows the card, tabs and honest empty states', async () => {
    const { browser, email } = await member();
    const builds = await browser.get('/profile');
    const text = pageText(builds.html);
    expect(text).toContain(email);
    expect(text).toContain('No builds yet');
    expect(text).toContain('Upload your first PC build to get started!');
    for (const label of ['My Builds', 'Stats', 'Settings', 'Upload New Build', 'Logout']) expect(text).toContain(label);
    expect(text).not.toContain('Admin Dashboard');

    const stats = pageText((await browser.get('/profile?tab=stats')).html);
    expect(stats).toMatch(/Total Builds\s*0/);
    expect(stats).toMatch(/Average Rating\s*0\.0/);
    expect(stats).toMatch(/Total Comments\s*0/);
  });

  it('renames a member, refusing short, long and taken names with the documented messages', async () => {
    const { browser } = await member();
    const { browser: other } = await member();
    const takenName = `Taken${addressCounter}`;
    await other.post('/profile', { intent: 'username', username: takenName });

    const short = await browser.post('/profile?tab=settings', { intent: 'username', username: ' ab ' });
    expect(short.status).toBe(400);
    expect(pageText(short.html)).toContain('Username must be at least 3 characters long');

    const long = await browser.post('/profile?tab=settings', { intent: 'username', username: 'x'.repeat(31) });
    expect(pageText(long.html)).toContain('Username cannot exceed 30 characters');

    const taken = await browser.post('/profile?tab=settings', { intent: 'username', username: takenName.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(pageText(taken.html)).toContain('This username is already taken. Please choose another one.');

    const empty = await browser.post('/profile?tab=settings', { intent: 'username', username: '   ' });
    expect(empty.url).toBe('/profile?tab=settings');
    expect(toastText(empty.html)).not.toContain('Username updated');

    const fine = await browser.post('/profile?tab=settings', { intent: 'username', username: `  Fresh${addressCounter}  ` });
    expect(toastText(fine.html)).toContain('Username updated');
    expect(fine.html).toContain(`@<!-- -->Fresh${addressCounter}`);
  });

  it('saves a bio up to 500 characters', async () => {
    const { browser } = await member();
    const tooLong = await browser.post('/profile?tab=settings', { intent: 'bio', bio: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(pageText(tooLong.html)).toContain('Bio cannot exceed 500 characters');

    const saved = await browser.post('/profile?tab=settings', { intent: 'bio', bio: 'Custom loop, zero regrets.' });
    expect(toastText(saved.html)).toContain('Bio updated');
    expect(saved.html).toContain('Custom loop, zero regrets.');
  });

  it('takes an avatar: checked by content, re-encoded, served for ever', async () => {
    const { browser } = await member();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ff4fd8' } })
      .png()
      .withExif({ IFD0: { Copyright: 'secret' } })
      .toBuffer();
    const upload = async (file: Blob, name: string) => {
      const body = new FormData();
      body.set('intent', 'avatar');
      body.set('avatar', file, name);
      const response = await browser.request('/profile', { method: 'POST', body, headers: { Origin: stack.app.origin } });
      return browser.follow(response, '/profile');
    };

    const done = await upload(new Blob([png], { type: 'image/png' }), 'me.png');
    expect(toastText(done.html)).toContain('Avatar updated');
    const url = /src="(\/uploads\/avatars\/[a-f0-9]{64}\.webp)"/.exec(done.html)?.[1];
    expect(url).toBeTruthy();
    const image = await browser.request(url!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([256, 256, undefined]);

    const fake = await upload(new Blob(['not an image'], { type: 'image/jpeg' }), 'fake.jpg');
    expect(fake.status).toBe(400);
    expect(pageText(fake.html)).toContain('Unsupported format: Please upload a JPEG, PNG, or WebP image file.');
    expect(toastText(fake.html)).toContain('Update failed');
  });
});

describe('password reset and e-mail change', () => {
  it('answers the same for unknown addresses and mails nothing to them', async () => {
    const email = uniqueEmail('nobody');
    const page = await stack.browser().post('/forgot-password', { email });
    expect(page.url).toBe('/forgot-password?sent=1');
    expect(pageText(page.html)).toContain('Check your email for reset instructions');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailCount(email)).toBe(0);
  });

  it('sets a password with a single-use link, signs out everywhere, then allows password sign-in', async () => {
    const browser = stack.browser();
    const email = uniqueEmail('resetter');
    await signIn(browser, email);
    const before = mailCount(email);
    await stack.browser().post('/forgot-password', { email });
    const link = new URL(extractLink(await stack.mail.waitForMail(email, { after: before }), '/reset-password'));
    const path = link.pathname + link.search;
    const token = link.searchParams.get('token')!;

    const form = await stack.browser().get(path);
    expect(form.html).toContain('Reset Password');

    const weak = await stack.browser().post(path, { token, password: 'short', confirmPassword: 'short' });
    const weakText = pageText(weak.html);
    expect(weakText).toContain('Password must be at least 8 characters');
    expect(weakText).toContain('Password must contain at least one uppercase letter');
    expect(weakText).toContain('Password must contain at least one number');
    const mismatch = await stack.browser().post(path, { token, password: 'Overclock9', confirmPassword: 'Overclock8' });
    expect(pageText(mismatch.html)).toContain('Passwords do not match');

    const done = await stack.browser().post(path, { token, password: 'Overclock9', confirmPassword: 'Overclock9' });
    expect(done.url).toBe('/reset-password?done=1');
    expect(pageText(done.html)).toContain('Password Reset Successful');
    expect((await browser.request('/profile')).status).toBe(302);

    const reused = await stack.browser().get(path);
    expect(pageText(reused.html)).toContain('Invalid Reset Link');

    const wrong = await stack
      .browser()
      .post('/auth?method=password', { intent: 'password', email, password: 'Overclock8', tab: 'login', redirectTo: '' });
    expect(pageText(wrong.html)).toContain('Invalid email or password');
    const right = stack.browser();
    const signedIn = await right.post('/auth?method=password', {
      intent: 'password',
      email,
      password: 'Overclock9',
      tab: 'login',
      redirectTo: '',
    });
    expect(signedIn.url).toBe('/');
    expect(right.cookies.has('rr_session')).toBe(true);
  });

  it('checks the link before hashing the password, so made-up tokens cost the server no scrypt', async () => {
    await hashPassword('warm-up');
    const oneHash =
      (await ownCpuMs(async () => {
        for (let index = 0; index < 3; index++) await hashPassword('Overclock9');
      })) / 3;
    const pid = stack.app.child.pid!;
    const before = processCpuMs(pid);
    for (let attempt = 0; attempt < 20; attempt++) {
      const refused = await call(stack.browser(), 'POST', '/api/reset-password', { token: randomToken(), newPassword: 'Overclock9' });
      expectError(refused, 400, 'invalid_input', 'The password reset link is invalid or expired. Please request a new one.');
    }
    // Twenty hashes before the fix; now the whole run costs less than five.
    expect(processCpuMs(pid) - before).toBeLessThan(5 * oneHash);
  });

  it('limits tries of reset links per network, with the wait in the message', async () => {
    const browser = stack.browser();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const page = await browser.post('/reset-password', { token: randomToken(), password: 'Overclock9', confirmPassword: 'Overclock9' });
      expect(page.status, `try ${attempt}`).toBe(400);
    }
    const page = await browser.post('/reset-password', { token: randomToken(), password: 'Overclock9', confirmPassword: 'Overclock9' });
    expect(page.status).toBe(429);
    expect(pageText(page.html)).toMatch(/Too many attempts\. Try again in \d+ minutes?\./);
    expect(toastText(page.html)).toContain('Password Reset Failed');
    expectError(
      await call(browser, 'POST', '/api/reset-password', { token: randomToken(), newPassword: 'Overclock9' }),
      429,
      'rate_limited',
      /^Too many attempts\. Try again in /,
    );
  });

  it('shows the documented texts for a missing reset token', async () => {
    const page = await stack.browser().get('/reset-password');
    expect(pageText(page.html)).toContain('Invalid Reset Link');
    expect(pageText(page.html)).toContain('The password reset link is invalid or expired. Please request a new one.');
  });

  it('changes the e-mail address once the new inbox confirms it', async () => {
    const browser = stack.browser();
    const oldEmail = uniqueEmail('mover');
    const newEmail = uniqueEmail('moved');
    await signIn(browser, oldEmail);
    const asked = await browser.post('/profile?tab=settings', { intent: 'email', email: newEmail });
    expect(toastText(asked.html)).toContain('Check your new inbox');
    const link = new URL(extractLink(await stack.mail.waitForMail(newEmail), '/verify-email'));
    const path = link.pathname + link.search;

    const view = await stack.browser().get(path);
    expect(view.html).toContain('Confirm e-mail address');
    const sqlite = database();
    expect(sqlite.prepare('select count(*) from users where email = ?').pluck().get(newEmail)).toBe(0);

    const verified = await stack.browser().post(path, { token: link.searchParams.get('token')! });
    expect(pageText(verified.html)).toContain('Email Verified');
    // Opened in a browser that is not signed in: every session of the member ends.
    expect((await browser.request('/profile')).status).toBe(302);
    expect(sqlite.prepare('select count(*) from users where email = ?').pluck().get(newEmail)).toBe(1);
    expect(sqlite.prepare('select count(*) from users where email = ?').pluck().get(oldEmail)).toBe(0);
    sqlite.close();

    const again = await stack.browser().get(path);
    expect(pageText(again.html)).toContain('Failed to verify email. The link may be expired or invalid.');
  });

  it('tells the old address about a confirmed change, and signs out every other browser but the one confirming', async () => {
    const oldEmail = uniqueEmail('switcher');
    const newEmail = uniqueEmail('switched');
    const here = stack.browser();
    const elsewhere = stack.browser();
    await signIn(here, oldEmail);
    await signIn(elsewhere, oldEmail);
    await here.post('/profile?tab=settings', { intent: 'email', email: newEmail });
    const link = new URL(extractLink(await stack.mail.waitForMail(newEmail), '/verify-email'));
    const before = mailCount(oldEmail);

    const verified = await here.post(link.pathname + link.search, { token: link.searchParams.get('token')! });
    expect(pageText(verified.html)).toContain('Email Verified');

    const notice = await stack.mail.waitForMail(oldEmail, { after: before });
    expect(notice.subject).toBe('Your RigRoast e-mail address was changed');
    expect(notice.text).toContain(`was changed to ${newEmail}`);
    expect((await here.request('/profile')).status).toBe(200);
    expect((await elsewhere.request('/profile')).status).toBe(302);
  });

  it('explains a verification page opened without a token', async () => {
    const page = await stack.browser().get('/verify-email');
    expect(pageText(page.html)).toContain('No verification token found. Please check your email link or request a new verification email.');
    expect(page.html).toContain('Go to Login');
  });
});
