import { beforeAll, describe, expect, it } from 'vitest';
import { operations } from '~/api/contract/index';
import { FILE_ROUTES } from '../../server/body-rules';
import type { Browser } from '#tests/support/browser';
import { BAD_INTENT, FORM_TYPE, LIST_BOMB, MULTIPART_TYPE, multipartFields } from '#tests/support/hostile-bodies';
import { postBody } from '#tests/support/oversized-post';
import { FORM_NOT_READABLE } from '~/utils/form-bodies';
import { hostileTargets, REFUSAL_CEILING_MS, samePath, walkHostileBodies, type WalkIds, walkIds } from '#tests/support/hostile-walk';
import { ROUTE_PATTERNS } from '#tests/support/route-table';
import { sharedStack } from '#tests/support/stack';

const stack = sharedStack({}, { network: '198.18.44' });

let member: Browser;
let ids: WalkIds;

beforeAll(async () => {
  const email = `walker-${Date.now()}@example.com`;
  member = await stack.member(email);
  ids = await walkIds(member, email, stack.app.databasePath);
}, 60_000);

describe('the route table, walked by itself', () => {
  it('finds every route and API write, and the routes that take files are real ones, the API’s those its contract says take uploads', () => {
    const targets = hostileTargets(ids);
    const seen = targets.map((target) => `${target.method} ${target.pattern}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'POST /forgot-password',
        'POST /admin/users/:id',
        'DELETE /api/builds/:id/photos/:photoId',
        'PATCH /api/admin/users/:id/status',
      ]),
    );
    expect(targets.map((target) => target.path)).toEqual(
      expect.arrayContaining(['/auth.data', '/_.data', `/build/${ids.buildId}/edit.data`]),
    );
    for (const operation of operations.filter((candidate) => candidate.method !== 'get')) {
      const walked = targets.some((target) => target.method === operation.method.toUpperCase() && samePath(operation.path, target.pattern));
      expect(walked, `${operation.method} ${operation.path}`).toBe(true);
    }
    expect(ROUTE_PATTERNS).toEqual(expect.arrayContaining(FILE_ROUTES.map((route) => route.pattern)));
    const apiUploads = FILE_ROUTES.map((route) => route.pattern).filter((pattern) => pattern.startsWith('/api/'));
    const contractUploads = operations.filter((operation) => operation.body?.type === 'multipart');
    expect(apiUploads.length).toBe(contractUploads.length);
    for (const operation of contractUploads)
      expect(
        apiUploads.some((pattern) => samePath(operation.path, pattern)),
        operation.path,
      ).toBe(true);
  });

  it('refuses every hostile body at every write, as a guest and as a member, each within a second, and /healthz stays fast', async () => {
    const visitors = [
      { name: 'a guest', browser: stack.browser() },
      { name: 'a member', browser: member },
    ];
    const walk = await walkHostileBodies(stack.app, visitors, ids);
    expect(walk.problems).toEqual([]);
    expect(walk.sent).toBeGreaterThan(1500);
    expect(walk.slowestHealthMs).toBeLessThan(REFUSAL_CEILING_MS);
    // Nothing the walk sent got through: the member's build is as it was.
    expect((await member.get(`/build/${ids.buildId}`)).status).toBe(200);
  }, 180_000);
});

describe('a form whose field names no form of ours sends', () => {
  it('is refused with 400 and the form’s message before Conform reads it: a page’s post, its data request and an upload', async () => {
    const post = (path: string, contentType: string, body: Buffer, accept = 'text/html') =>
      postBody(new URL(path, stack.app.origin), body, {
        timeoutMs: 5000,
        headers: { ...member.identityHeaders(), Origin: stack.app.origin, Accept: accept, 'Content-Type': contentType },
      });
    const upload = multipartFields([
      ['title', 'Sparse rig'],
      ['tags[4294967294]', 'rgb'],
    ]);
    for (const [path, type, body] of [
      ['/forgot-password', FORM_TYPE, LIST_BOMB],
      ['/forgot-password.data', FORM_TYPE, LIST_BOMB],
      [`/build/${ids.buildId}`, FORM_TYPE, BAD_INTENT],
      ['/upload', MULTIPART_TYPE, upload],
    ] as const) {
      const answer = await post(path, type, body);
      expect([path, answer.status, answer.body.includes(FORM_NOT_READABLE)]).toEqual([path, 400, true]);
      expect(answer.ms).toBeLessThan(REFUSAL_CEILING_MS);
    }
  });
});
