import { openAppDatabase } from '#tests/support/test-database';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, expectContract, expectError } from '#tests/support/api';
import { type Browser } from '#tests/support/browser';
import { signInWithCode } from '#tests/support/sign-in';
import { extractCode, extractLink } from '#tests/support/smtp-sink';
import { OVERSIZE_BYTES, testPhoto, uploadBuild } from '#tests/support/uploads';
import { sharedStack } from '#tests/support/stack';

// Each client comes from an address of its own, so one test's rate limits never touch another's.
const stack = sharedStack();
let addresses = 0;

const uniqueEmail = (name: string) => `api-${name}-${++addresses}@example.com`;

function mailCount(email: string): number {
  return stack.mail.messages.filter((mail) => mail.to.includes(email)).length;
}

/** Asks for a code through the API and reads it from the stack.mail. */
async function requestCode(client: Browser, email: string) {
  const before = mailCount(email);
  const result = await call(client, 'POST', '/api/request-login-code', { email });
  expect(result.status).toBe(200);
  return extractCode(await stack.mail.waitForMail(email, { after: before }));
}

/** Signed in through the API alone. */
async function apiMember(name = 'member') {
  const client = stack.browser();
  const email = uniqueEmail(name);
  const code = await requestCode(client, email);
  const verified = await call(client, 'POST', '/api/verify-login-code', { email, code });
  expect(verified.status).toBe(200);
  return { client, email, user: verified.body as { id: number; username: string; isAdmin: boolean } };
}

function database() {
  return openAppDatabase(stack.app.databasePath);
}

/** Skips the resend cooldown for `email`, as if 30 seconds had passed since its last code. */
function skipCooldown(email: string) {
  const sqlite = database();
  sqlite.prepare("delete from rate_limit_hits where bucket = 'login-code:resend' and key = ?").run(email);
  sqlite.close();
}

describe('POST /api/request-login-code and POST /api/verify-login-code', () => {
  it('signs in with the mailed code and sets the session cookie GET /api/user then accepts', async () => {
    const client = stack.browser();
    const email = uniqueEmail('signin');
    const before = mailCount(email);
    const requested = await call(client, 'POST', '/api/request-login-code', { email: ` ${email.toUpperCase()} ` });
    expect(requested.status).toBe(200);
    expectContract('POST', '/api/request-login-code', requested.body);
    expect(requested.body).toEqual({ message: 'Please check your email for a 6-digit login code' });
    expect(requested.response.headers.get('set-cookie')).toMatch(/^rr_auth_flow=/);
    const code = extractCode(await stack.mail.waitForMail(email, { after: before }));

    const verified = await call(client, 'POST', '/api/verify-login-code', { email, code });
    expect(verified.status).toBe(200);
    expectContract('POST', '/api/verify-login-code', verified.body);
    expect(verified.body).toMatchObject({ isAdmin: false, username: expect.any(String) });
    expect(verified.response.headers.getSetCookie().some((cookie) => /^rr_session=[^;]+;.*HttpOnly/i.test(cookie))).toBe(true);

    const user = await call(client, 'GET', '/api/user');
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ id: (verified.body as { id: number }).id, email });
  });

  it('refuses a wrong code, and a malformed one with the 6-digit message', async () => {
    const client = stack.browser();
    const email = uniqueEmail('wrong');
    const code = await requestCode(client, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expectError(
      await call(client, 'POST', '/api/verify-login-code', { email, code: wrong }),
      400,
      'invalid_input',
      'Invalid verification code',
    );
    expectError(
      await call(client, 'POST', '/api/verify-login-code', { email, code: '12a' }),
      400,
      'invalid_input',
      'Verification code must be 6 digits',
    );
    expectError(
      await call(client, 'POST', '/api/verify-login-code', { email }),
      400,
      'invalid_input',
      'Verification code must be 6 digits',
    );
    expect(client.cookies.has('rr_session')).toBe(false);
  });

  it('refuses a disabled account with 403', async () => {
    const { email } = await apiMember('disabled');
    const sqlite = database();
    sqlite.prepare('update users set is_disabled = 1 where email = ?').run(email);
    sqlite.close();
    skipCooldown(email);
    const client = stack.browser();
    const code = await requestCode(client, email);
    expectError(await call(client, 'POST', '/api/verify-login-code', { email, code }), 403, 'forbidden', 'This account has been disabled.');
  });

  it('validates the address, keeps the page’s cooldown (429) and answers 503 when the mail fails', async () => {
    const client = stack.browser();
    expectError(
      await call(client, 'POST', '/api/request-login-code', { email: 'not-an-address' }),
      400,
      'invalid_input',
      'Please enter a valid email address',
    );

    const email = uniqueEmail('limits');
    await requestCode(client, email);
    expectError(
      await call(client, 'POST', '/api/request-login-code', { email }),
      429,
      'rate_limited',
      /^Please wait .+ before asking for another code\.$/,
    );

    const other = uniqueEmail('mailfail');
    stack.mail.failNext();
    expectError(
      await call(stack.browser(), 'POST', '/api/request-login-code', { email: other }),
      503,
      'mail_failed',
      'Failed to send login code',
    );
  });

  it('takes JSON bodies only (415)', async () => {
    const response = await stack.browser().request('/api/request-login-code', {
      method: 'POST',
      body: new URLSearchParams({ email: uniqueEmail('form') }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expectError({ status: response.status, body: await response.json() }, 415, 'unsupported_media_type');
  });
});

describe('the OpenAPI document', () => {
  it('lists the account calls with their errors', async () => {
    const document = (await call(stack.browser(), 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(document.paths['/api/request-login-code']?.post?.responses).toHaveProperty('503');
    expect(document.paths['/api/user/username']?.post?.responses).toHaveProperty('409');
    expect(Object.keys(document.paths['/api/verify-email'] ?? {})).toEqual(['get', 'post']);
  });
});

describe('the member calls', () => {
  it('answer 401 when signed out', async () => {
    const guest = stack.browser();
    expectError(await call(guest, 'POST', '/api/user/username', { username: 'Guesty' }), 401, 'unauthorized', 'Authentication required');
    expectError(await call(guest, 'POST', '/api/user/bio', { bio: 'Hi' }), 401, 'unauthorized', 'Authentication required');
    expectError(await call(guest, 'GET', '/api/user/builds'), 401, 'unauthorized', 'Authentication required');
    const avatar = await guest.request('/api/user/avatar', { method: 'POST', body: new FormData() });
    expectError({ status: avatar.status, body: await avatar.json() }, 401, 'unauthorized', 'Authentication required');
  });
});

describe('POST /api/user/username', () => {
  it('renames the member, with the documented messages for short, long and taken names', async () => {
    const { client } = await apiMember('renamer');
    const name = `Rig_${addresses}`;
    const renamed = await call(client, 'POST', '/api/user/username', { username: `  ${name} ` });
    expect(renamed.status).toBe(200);
    expectContract('POST', '/api/user/username', renamed.body);
    expect(renamed.body).toEqual({ username: name });
    expect((await call(client, 'GET', '/api/user')).body).toMatchObject({ username: name });

    expectError(
      await call(client, 'POST', '/api/user/username', { username: 'ab' }),
      400,
      'invalid_input',
      'Username must be at least 3 characters long',
    );
    expectError(
      await call(client, 'POST', '/api/user/username', { username: 'x'.repeat(31) }),
      400,
      'invalid_input',
      'Username cannot exceed 30 characters',
    );

    const { client: other } = await apiMember('copycat');
    const taken = await call(other, 'POST', '/api/user/username', { username: name.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'username_taken', message: 'This username is already taken. Please choose another one.' });
  });
  it('refuses names that pass for the AI or the staff, and leaves the member their name', async () => {
    const { client, user } = await apiMember('poser');
    for (const username of ['RoastBot', 'R0astB0t', 'ro_astbot', '\u0410dmin', 'ADM1N', 'support_', 'Moderator2']) {
      expectError(
        await call(client, 'POST', '/api/user/username', { username }),
        400,
        'invalid_input',
        'This username is reserved. Please choose another one.',
      );
    }
    expect((await call(client, 'GET', '/api/user')).body).toMatchObject({ username: user.username });
  });

  it('lets a member who already holds a reserved name keep it and sign in', async () => {
    const { client, email } = await apiMember('oldtimer');
    const sqlite = database();
    sqlite.prepare("update users set username = 'Admin', username_key = 'admin' where email = ?").run(email);
    sqlite.close();
    expect((await call(client, 'GET', '/api/user')).body).toMatchObject({ username: 'Admin' });
    const again = stack.browser();
    skipCooldown(email);
    const code = await requestCode(again, email);
    expect((await call(again, 'POST', '/api/verify-login-code', { email, code })).body).toMatchObject({ username: 'Admin' });
    // Saving the same name on the profile just leaves edit mode.
    const saved = await again.post('/profile?tab=settings', { intent: 'username', username: 'Admin' });
    expect(saved.status).toBe(200);
    expect(saved.url).toBe('/profile?tab=settings');
  });
});

describe('POST /api/user/bio', () => {
  it('saves a bio up to 500 characters', async () => {
    const { client } = await apiMember('bio');
    const saved = await call(client, 'POST', '/api/user/bio', { bio: ' Liquid cooled, air headed. ' });
    expect(saved.status).toBe(200);
    expectContract('POST', '/api/user/bio', saved.body);
    expect(saved.body).toEqual({ bio: 'Liquid cooled, air headed.' });
    expect((await call(client, 'GET', '/api/user')).body).toMatchObject({ bio: 'Liquid cooled, air headed.' });
    expectError(
      await call(client, 'POST', '/api/user/bio', { bio: 'x'.repeat(501) }),
      400,
      'invalid_input',
      'Bio cannot exceed 500 characters',
    );
  });
});

describe('POST /api/user/avatar', () => {
  const post = async (client: Browser, file: Blob, name: string) => {
    const body = new FormData();
    body.set('avatar', file, name);
    const response = await client.request('/api/user/avatar', { method: 'POST', body });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('stores a PNG as a 256×256 WebP that is served', async () => {
    const { client } = await apiMember('avatar');
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#39ff14' } })
      .png()
      .toBuffer();
    const result = await post(client, new Blob([png], { type: 'image/png' }), 'me.png');
    expect(result.status).toBe(200);
    expectContract('POST', '/api/user/avatar', result.body);
    const { avatarUrl } = result.body as { avatarUrl: string };
    expect(avatarUrl).toMatch(/^\/uploads\/avatars\/[a-f0-9]{64}\.webp$/);
    const image = await client.request(avatarUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await call(client, 'GET', '/api/user')).body).toMatchObject({ avatarUrl });
  });

  it('refuses an unsupported file (400) and one over 10 MB (413)', async () => {
    const { client } = await apiMember('avatar-refused');
    const fake = await post(client, new Blob(['not an image'], { type: 'image/jpeg' }), 'fake.jpg');
    expectError(fake, 400, 'invalid_input', 'Unsupported format: Please upload a JPEG, PNG, or WebP image file.');
    const huge = await post(client, new Blob([new Uint8Array(OVERSIZE_BYTES)], { type: 'image/jpeg' }), 'big.jpg');
    expectError(huge, 413, 'too_large', 'File size must be less than 10MB');
  });
});

describe('GET /api/user/builds', () => {
  it("lists the member's own builds with their review status", async () => {
    const client = stack.browser();
    const email = uniqueEmail('builder');
    await signInWithCode(client, stack.mail, email);
    const empty = await call(client, 'GET', '/api/user/builds');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);

    await uploadBuild(client, {
      title: 'Api rig',
      file: { bytes: await testPhoto('jpeg', 800, 600), name: 'rig.jpg', type: 'image/jpeg' },
    });
    const listed = await call(client, 'GET', '/api/user/builds');
    expect(listed.status).toBe(200);
    expectContract('GET', '/api/user/builds', listed.body);
    expect(listed.body).toEqual([expect.objectContaining({ title: 'Api rig', reviewStatus: expect.any(String) })]);
  }, 30_000);
});

describe('password reset', () => {
  it('mails a link whose token sets a new password once, with the documented rules and messages', async () => {
    const { client, email } = await apiMember('reset');
    const before = mailCount(email);
    const requested = await call(stack.browser(), 'POST', '/api/request-password-reset', { email });
    expect(requested.status).toBe(200);
    expectContract('POST', '/api/request-password-reset', requested.body);
    expect(requested.body).toEqual({ resetEmailSent: true });
    const token = new URL(extractLink(await stack.mail.waitForMail(email, { after: before }), '/reset-password')).searchParams.get(
      'token',
    )!;

    const weak = await call(stack.browser(), 'POST', '/api/reset-password', { token, newPassword: 'overclock9' });
    expectError(weak, 400, 'invalid_input', 'Password must contain at least one uppercase letter');
    const reset = await call(stack.browser(), 'POST', '/api/reset-password', { token, newPassword: 'Overclock9' });
    expect(reset.status).toBe(200);
    expectContract('POST', '/api/reset-password', reset.body);
    expect(reset.body).toEqual({ message: 'Password Reset Successful' });
    // Signed out everywhere.
    expectError(await call(client, 'GET', '/api/user'), 401, 'unauthorized');

    const again = await call(stack.browser(), 'POST', '/api/reset-password', { token, newPassword: 'Overclock8' });
    expectError(again, 400, 'invalid_input', 'The password reset link is invalid or expired. Please request a new one.');
  });

  it('answers the same for an unknown address, and keeps the page’s limits', async () => {
    const client = stack.browser();
    const email = uniqueEmail('nobody');
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await call(client, 'POST', '/api/request-password-reset', { email })).body).toEqual({ resetEmailSent: true });
    }
    expectError(
      await call(client, 'POST', '/api/request-password-reset', { email }),
      429,
      'rate_limited',
      /^Too many reset requests\. Try again in /,
    );
    expectError(
      await call(client, 'POST', '/api/request-password-reset', { email: 'nope' }),
      400,
      'invalid_input',
      'Please enter a valid email address',
    );
    expect(mailCount(email)).toBe(0);
  });
});

describe('e-mail verification', () => {
  it('checks the link on GET and changes the address only on POST', async () => {
    const browser = stack.browser();
    const oldEmail = uniqueEmail('mover');
    const newEmail = uniqueEmail('moved');
    await signInWithCode(browser, stack.mail, oldEmail);
    await browser.post('/profile?tab=settings', { intent: 'email', email: newEmail });
    const token = new URL(extractLink(await stack.mail.waitForMail(newEmail), '/verify-email')).searchParams.get('token')!;
    const path = `/api/verify-email?token=${encodeURIComponent(token)}`;

    const checked = await call(stack.browser(), 'GET', path);
    expect(checked.status).toBe(200);
    expectContract('GET', path, checked.body);
    expect((await call(browser, 'GET', '/api/user')).body).toMatchObject({ email: oldEmail });

    // Confirmed with the member's own session, which stays signed in.
    const confirmed = await call(browser, 'POST', '/api/verify-email', { token });
    expect(confirmed.status).toBe(200);
    expectContract('POST', '/api/verify-email', confirmed.body);
    expect(confirmed.body).toEqual({ message: 'Email Verified' });
    expect((await call(browser, 'GET', '/api/user')).body).toMatchObject({ email: newEmail });

    expectError(
      await call(stack.browser(), 'GET', path),
      400,
      'invalid_input',
      'Failed to verify email. The link may be expired or invalid.',
    );
    expectError(
      await call(stack.browser(), 'POST', '/api/verify-email', { token }),
      400,
      'invalid_input',
      'Failed to verify email. The link may be expired or invalid.',
    );
  });

  it('explains a missing token', async () => {
    expectError(
      await call(stack.browser(), 'GET', '/api/verify-email'),
      400,
      'invalid_input',
      'No verification token found. Please check your email link or request a new verification email.',
    );
  });
});
