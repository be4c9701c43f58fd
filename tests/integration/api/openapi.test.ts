import { describe, expect, it } from 'vitest';
import { operations } from '~/api/contract/index';
import { sharedApp } from '#tests/support/stack';

/** Every call of the original web client (docs/product.md §7), as method and OpenAPI path. */
const SPEC_CALLS = [
  'post /api/request-login-code',
  'post /api/verify-login-code',
  'get /api/user',
  'post /api/logout',
  'post /api/user/username',
  'post /api/user/bio',
  'post /api/user/avatar',
  'get /api/user/builds',
  'get /api/competitions/active',
  'get /api/builds/recent',
  'get /api/builds/leaderboard/{period}',
  'get /api/builds/{id}',
  'post /api/builds/{id}/rate',
  'post /api/builds/{id}/comment',
  'post /api/builds/{id}/share',
  'get /api/share/{token}',
  'post /api/uploads/temp',
  'get /api/uploads/temp/status',
  'post /api/builds',
  'get /api/admin/users',
  'delete /api/admin/builds/{id}',
  'patch /api/admin/users/{userId}/status',
  'delete /api/admin/users/{userId}',
  'patch /api/admin/users/{userId}/moderator',
  'get /api/verify-email',
  'post /api/request-password-reset',
  'post /api/reset-password',
];

/**
 * Beyond the table: GET /api/verify-email only checks a link (GET never writes),
 * and its POST confirms the address, as the page's button does; the competitions'
 * list, detail and entries; the e-mail switches; the in-site notifications; a build's
 * description, tags, parts and extra photos, and its photos' descriptions (alt text); members' public pages; the gallery's search; roast reactions;
 * a fresh roast; a member's data: its download and deleting the account; the moderation queue's held extra photos;
 * admins' competitions with their series and jury; vote integrity (findings, a scan now,
 * discounting a member's ratings); Rig Battles (the next pair, a vote, the battle leaderboard).
 */
const EXTRA_CALLS = [
  'get /api/week',
  'get /api/glow-ups',
  'get /api/battles/next',
  'post /api/battles/vote',
  'get /api/battles/leaderboard',
  'post /api/verify-email',
  'get /api/competitions',
  'get /api/competitions/{id}',
  'post /api/competitions/{id}/entries',
  'delete /api/competitions/{id}/entries',
  'post /api/user/email-preferences',
  'get /api/notifications',
  'get /api/notifications/unread',
  'post /api/notifications/{id}/read',
  'post /api/notifications/read-all',
  'post /api/builds/{id}/details',
  'post /api/builds/{id}/parts',
  'patch /api/builds/{id}/parts/{partId}',
  'delete /api/builds/{id}/parts/{partId}',
  'post /api/builds/{id}/photo-alt',
  'post /api/builds/{id}/photos',
  'delete /api/builds/{id}/photos/{photoId}',
  'get /api/users/{username}',
  'get /api/builds',
  'get /api/builds/{id}/roast-reactions',
  'post /api/builds/{id}/roast-reaction',
  'post /api/builds/{id}/fresh-roast',
  'post /api/builds/{id}/model-roast',
  'get /api/user/export',
  'post /api/user/deletion-code',
  'post /api/user/delete',
  'get /api/admin/held-photos',
  'patch /api/admin/photos/{id}',
  'post /api/admin/competitions',
  'patch /api/admin/competitions/{id}',
  'get /api/admin/integrity',
  'post /api/admin/integrity/scan',
  'patch /api/admin/users/{userId}/rating-discount',
  // The moderator's toolkit, and a member's own warnings.
  'get /api/admin/overview',
  'get /api/admin/users/{userId}/standing',
  'post /api/admin/users/{userId}/warnings',
  'post /api/admin/users/{userId}/strikes',
  'patch /api/admin/users/{userId}/suspension',
  'get /api/admin/users/{userId}/notes',
  'post /api/admin/users/{userId}/notes',
  'get /api/admin/users/{userId}/media',
  'post /api/user/warnings/{id}/acknowledge',
  // Appeals: a member's standing and appeals, and the queue's.
  'get /api/user/standing',
  'post /api/user/appeals',
  'get /api/admin/appeals',
  'patch /api/admin/appeals/{id}',
];
const ALL_CALLS = [...SPEC_CALLS, ...EXTRA_CALLS].sort();

const server = sharedApp();

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 JSON document describing every call of product §7, and the calls added beside it', async () => {
    const response = await server.app.fetch('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = JSON.parse(await response.text()) as {
      openapi: string;
      info: { title: string; version: string };
      paths: Record<
        string,
        Record<string, { summary: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
      >;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('RigRoast API');
    const described = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(described.sort()).toEqual(ALL_CALLS);
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
        // JSON, but for a download (a member's data, as a ZIP).
        const body = success?.[1].content?.['application/json'] ?? success?.[1].content?.['application/zip'];
        expect(body?.schema, `${method} ${path} has a response schema`).toBeTruthy();
      }
    }
    expect(document.components.securitySchemes).toHaveProperty('session');
    // A suspended member's writes are refused with 403; signing out and the mail switches are not.
    expect(Object.keys(document.paths['/api/builds/{id}/comment']!.post!.responses)).toContain('403');
    expect(Object.keys(document.paths['/api/user/email-preferences']!.post!.responses)).not.toContain('403');
  });

  it('is generated from the same contract the routes validate with', () => {
    expect(operations.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual(ALL_CALLS);
  });
});

describe('a call the contract does not describe at its path', () => {
  it('is answered 405 with the API error and the methods the path takes, at every path, without a logged failure', async () => {
    const paths = [...new Set(operations.map((operation) => operation.path))];
    const log = server.app.output().length;
    for (const path of paths) {
      const allowed = operations.filter((operation) => operation.path === path).map((operation) => operation.method.toUpperCase());
      const filled = path.replace(/\{\w+\}/g, '1');
      for (const method of ['PUT', ...['GET', 'POST', 'PATCH', 'DELETE'].filter((each) => !allowed.includes(each)).slice(0, 1)]) {
        const response = await server.app.fetch(filled, { method });
        expect([`${method} ${path}`, response.status], await response.clone().text()).toEqual([`${method} ${path}`, 405]);
        expect(await response.json()).toMatchObject({ error: 'method_not_allowed' });
        expect(response.headers.get('Allow')?.split(', ')).toEqual(expect.arrayContaining(allowed));
      }
    }
    expect(server.app.output().slice(log)).not.toMatch(/ERROR/);
  });
});
