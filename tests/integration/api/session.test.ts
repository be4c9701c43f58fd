import { describe, expect, it } from 'vitest';
import { call, expectContract, expectError } from '#tests/support/api';
import { Browser } from '#tests/support/browser';
import { signInWithCode } from '#tests/support/sign-in';
import { sharedStack } from '#tests/support/stack';

const stack = sharedStack();

describe('GET /api/user and POST /api/logout', () => {
  it('answers 401 signed out, the member signed in, and 401 again after logout', async () => {
    const browser = new Browser(stack.app, '203.0.113.10');
    expectError(await call(browser, 'GET', '/api/user'), 401, 'unauthorized', 'Authentication required');

    await signInWithCode(browser, stack.mail, `api-user-${Date.now()}@example.com`);
    const user = await call(browser, 'GET', '/api/user');
    expect(user.status).toBe(200);
    expectContract('GET', '/api/user', user.body);
    expect(user.body).toMatchObject({ isAdmin: false, isModerator: false, bio: '' });

    const logout = await call(browser, 'POST', '/api/logout');
    expect(logout.status).toBe(200);
    expectContract('POST', '/api/logout', logout.body);
    expect(logout.response.headers.get('set-cookie')).toMatch(/^rr_session=;.*Max-Age=0/i);
    expectError(await call(browser, 'GET', '/api/user'), 401, 'unauthorized');
  });
});

describe('the API as a whole', () => {
  it('answers unknown calls with a JSON 404', async () => {
    expectError(await call(new Browser(stack.app), 'GET', '/api/nothing/here'), 404, 'not_found');
    expectError(await call(new Browser(stack.app), 'POST', '/api/nothing', {}), 404, 'not_found');
  });

  it('refuses a cross-site write with a JSON 403', async () => {
    const result = await call(new Browser(stack.app), 'POST', '/api/logout', {}, { Origin: 'https://evil.example' });
    expectError(result, 403, 'forbidden', 'Cross-site request refused.');
  });

  it('serves an OpenAPI 3.1 document listing every call with its schemas', async () => {
    const result = await call(new Browser(stack.app), 'GET', '/api/openapi.json');
    expect(result.status).toBe(200);
    const document = result.body as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/user', '/api/logout', '/api/competitions/active']));
    expect(document.paths['/api/user']?.get?.responses).toHaveProperty('401');
    expect(document.components.schemas).toHaveProperty('Error');
  });
});

describe('GET /api/competitions/active', () => {
  it('lists the competitions open now', async () => {
    const result = await call(new Browser(stack.app), 'GET', '/api/competitions/active');
    expect(result.status).toBe(200);
    expectContract('GET', '/api/competitions/active', result.body);
  });
});
