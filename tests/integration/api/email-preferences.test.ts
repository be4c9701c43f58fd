import { describe, expect, it } from 'vitest';
import { call, expectContract, expectError } from '#tests/support/api';
import { Browser } from '#tests/support/browser';
import { sharedStack } from '#tests/support/stack';

const stack = sharedStack({}, { network: '198.18.0' });

describe('e-mail preferences in the API', () => {
  it('shows them in GET /api/user and changes only the lists sent to POST /api/user/email-preferences', async () => {
    const client = await stack.member();
    const user = await call(client, 'GET', '/api/user');
    expectContract('GET', '/api/user', user.body);
    // News and offers is off until the member says yes, whatever the stored default: the one truth the settings and export show too.
    expect(user.body).toMatchObject({
      emailPreferences: { notifications: true, weeklyDigest: true, marketing: false },
      marketingOptedInAt: null,
    });

    const changed = await call(client, 'POST', '/api/user/email-preferences', { weeklyDigest: false });
    expect(changed.status).toBe(200);
    expectContract('POST', '/api/user/email-preferences', changed.body);
    expect(changed.body).toEqual({ notifications: true, weeklyDigest: false, marketing: false });
    expect((await call(client, 'GET', '/api/user')).body).toMatchObject({ marketingOptedInAt: null });

    const optedIn = await call(client, 'POST', '/api/user/email-preferences', { notifications: false, marketing: true });
    expect(optedIn.body).toEqual({ notifications: false, weeklyDigest: false, marketing: true });
    const on = (await call(client, 'GET', '/api/user')).body as { marketingOptedInAt: string };
    expect(on).toMatchObject({
      emailPreferences: { notifications: false, weeklyDigest: false, marketing: true },
      marketingOptedInAt: expect.any(String),
    });
    // Saying yes again keeps the date of the first yes.
    await call(client, 'POST', '/api/user/email-preferences', { marketing: true });
    expect((await call(client, 'GET', '/api/user')).body).toMatchObject({ marketingOptedInAt: on.marketingOptedInAt });

    expect((await call(client, 'POST', '/api/user/email-preferences', { marketing: false })).body).toMatchObject({ marketing: false });
    expect((await call(client, 'GET', '/api/user')).body).toMatchObject({
      emailPreferences: { notifications: false, weeklyDigest: false, marketing: false },
      marketingOptedInAt: null,
    });
  });

  it('refuses bodies that are not switches, and guests, changing nothing', async () => {
    const client = await stack.member();
    expectError(await call(client, 'POST', '/api/user/email-preferences', {}), 400, 'invalid_input', /at least one/);
    expectError(await call(client, 'POST', '/api/user/email-preferences', { weeklyDigest: 'no' }), 400, 'invalid_input', /weeklyDigest/);
    expectError(await call(client, 'POST', '/api/user/email-preferences', { sms: true }), 400, 'invalid_input');
    expect((await call(client, 'GET', '/api/user')).body).toMatchObject({
      emailPreferences: { notifications: true, weeklyDigest: true, marketing: false },
    });
    expectError(await call(new Browser(stack.app), 'POST', '/api/user/email-preferences', { marketing: false }), 401, 'unauthorized');
  });
});
