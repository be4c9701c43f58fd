import { operations } from '~/api/contract/index';
import { pathShape } from '~/api/methods';
import { REQUEST_BODY_MAX_BYTES } from '~/utils/constants';
import { BUILD_UPLOAD_BODY_MAX_BYTES, FILE_ROUTES, TOO_MANY_FIELDS, UPLOAD_BODY_MAX_BYTES } from '../../server/body-rules';
import type { Browser, Site } from './browser';
import { insertCompetition } from './competitions';
import { BAD_INTENT, FORM_TYPE, fieldBomb, LIST_BOMB, MULTIPART_TYPE, multipartBomb, multipartFields, watchHealth } from './hostile-bodies';
import { type OversizedAnswer, postBody, postOversized } from './oversized-post';
import { ROUTE_PATTERNS } from './route-table';
import { readRow } from './test-database';
import { aBuildBy, testPhoto } from './uploads';

/** Real rows for the route parameters, so a route that looks its target up first finds it. */
export type WalkIds = { buildId: number; photoId: number; competitionId: number; memberId: number; username: string };

/**
 * Makes the rows the walk fills route parameters with: a build of `member`'s
 * (signed in as `email`) with a second photo, sent through the site as a member
 * would, and a competition written into the database at `databasePath` (the primary's).
 */
export async function walkIds(member: Browser, email: string, databasePath: string): Promise<WalkIds> {
  const buildId = await aBuildBy(member, 'Rig under a hostile walk');
  const form = new FormData();
  form.set('image', new Blob([await testPhoto('png', 500, 400)], { type: 'image/png' }), 'side.png');
  const photo = (await (await member.request(`/api/builds/${buildId}/photos`, { method: 'POST', body: form })).json()) as { id: number };
  const { id: memberId, username } = readRow<{ id: number; username: string }>(
    databasePath,
    'select id, username from users where email = ?',
    email,
  );
  const competitionId = insertCompetition(databasePath, { title: 'Hostile walk cup' });
  return { buildId, photoId: photo.id, competitionId, memberId, username };
}

/** One place the walk sends its bodies to: a route of the table, with the method its writes come with. */
export type Target = {
  pattern: string;
  path: string;
  method: string;
  api: boolean;
  /** Where the route takes a file (body-rules.ts): a new build's limit or one photo's. */
  file: { build: boolean } | undefined;
  /** The API call reads a JSON body (the contract says so). */
  json: boolean;
};

/** What an answer must be: a refusal with its status (and message), or anything but a server error. */
type Expected = { status: number; message?: string } | 'handled';

type HostileBody = {
  name: string;
  send: (url: URL, headers: Record<string, string>, method: string) => Promise<OversizedAnswer>;
  expected: Expected;
};

/** A refusal is answered well within this, and /healthz waits no longer meanwhile. */
export const REFUSAL_CEILING_MS = 1000;
/** How long a send may go unanswered: a server kept busy for longer is cut short. */
const SEND_TIMEOUT_MS = 5000;
/** The walk stops after this many problems: enough to see what is wrong, without waiting on each. */
const MAX_PROBLEMS = 10;

const JSON_TYPE = 'application/json';
/** What a browser posting a form itself accepts: a refused post is shown a page. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';

/**
 * Every place a write can go, found by itself: each pattern of the route table
 * with its parameters filled in, a page's also as its data request (`.data`,
 * React Router's own fetch), each API path with every write method the
 * contract gives it (POST where it gives none: a route without a write still
 * gets the bodies). A route added next month is walked without anyone listing it.
 */
export function hostileTargets(ids: WalkIds): Target[] {
  return ROUTE_PATTERNS.flatMap((pattern): Target[] => {
    const api = pattern.startsWith('/api/');
    const route = FILE_ROUTES.find((candidate) => candidate.pattern === pattern);
    const file = route && { build: route.build === true };
    const path = fill(pattern, ids);
    if (!api) {
      const data = path === '/' ? '/_.data' : `${path}.data`;
      return [path, data].map((each) => ({ pattern, path: each, method: 'POST', api, file, json: false }));
    }
    const writes = operations.filter((operation) => operation.method !== 'get' && samePath(operation.path, pattern));
    if (writes.length === 0) return [{ pattern, path, method: 'POST', api, file, json: false }];
    return writes.map((operation) => ({
      pattern,
      path,
      method: operation.method.toUpperCase(),
      api,
      file,
      json: operation.body?.type === 'json',
    }));
  });
}

/** Whether a contract path (`/api/admin/users/{userId}`) is a route table's pattern (`/api/admin/users/:id`). */
export function samePath(contractPath: string, pattern: string): boolean {
  return pathShape(contractPath) === pathShape(pattern);
}

/** A pattern as a path, each parameter a real row's: a build's, its photo's, a competition's, a member's. */
function fill(pattern: string, ids: WalkIds): string {
  return pattern
    .replace(/(\w+)\/:id\??/g, (_match, before: string) => `${before}/${idFor(before, ids)}`)
    .replace(/:photoId/g, String(ids.photoId))
    .replace(/:username/g, ids.username)
    .replace(/:period\??/g, 'week')
    .replace(/:\w+\??/g, '1')
    .replace('*', 'anything');
}

function idFor(collection: string, ids: WalkIds): number {
  if (collection === 'competitions') return ids.competitionId;
  if (collection === 'users') return ids.memberId;
  if (collection === 'photos') return ids.photoId;
  return ids.buildId;
}

const refusedFields: Expected = { status: 413, message: TOO_MANY_FIELDS };
const unsupported: Expected = { status: 415 };
const tooLarge: Expected = { status: 413 };

const send =
  (contentType: string, body: Buffer) =>
  (url: URL, headers: Record<string, string>, method: string): Promise<OversizedAnswer> =>
    postBody(url, body, { method, timeoutMs: SEND_TIMEOUT_MS, headers: { ...headers, 'Content-Type': contentType } });

const oversized =
  (contentType: string, bytes: number) =>
  (url: URL, headers: Record<string, string>, method: string): Promise<OversizedAnswer> =>
    postOversized(url, { method, chunked: false, bytes, timeoutMs: SEND_TIMEOUT_MS, headers: { ...headers, 'Content-Type': contentType } });

const FIELD_BOMB = fieldBomb(32_000);
const PART_BOMB = multipartBomb(2000);
/** Thousands of keys, and arrays nested thousands deep: JSON that parses, to no schema's liking. */
const MANY_KEYS = Buffer.from(JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`k${index}`, index]))));
const DEEP = Buffer.from(`{"email":${'['.repeat(30_000)}${']'.repeat(30_000)}}`);
const UPLOAD_LIST_BOMB = multipartFields([
  ['title', 'x'],
  ['tags[4294967294]', 'rgb'],
]);

/** The bodies each target is sent, with the answer each must get there. */
function hostileBodies(target: Target): HostileBody[] {
  const overCap: HostileBody = target.file
    ? {
        name: 'an upload just over its limit',
        send: oversized(MULTIPART_TYPE, (target.file.build ? BUILD_UPLOAD_BODY_MAX_BYTES : UPLOAD_BODY_MAX_BYTES) + 1),
        expected: tooLarge,
      }
    : {
        name: `a ${target.api ? 'JSON body' : 'form'} just over its limit`,
        send: oversized(target.api ? JSON_TYPE : FORM_TYPE, REQUEST_BODY_MAX_BYTES + 1),
        expected: tooLarge,
      };
  const readsJson = target.api && !target.file;
  const json: Expected | undefined = !readsJson ? unsupported : target.json ? 'handled' : undefined;
  return [
    { name: 'a form of 32 000 fields', send: send(FORM_TYPE, FIELD_BOMB), expected: target.api ? unsupported : refusedFields },
    { name: 'a multipart body of 2 000 parts', send: send(MULTIPART_TYPE, PART_BOMB), expected: target.file ? refusedFields : unsupported },
    overCap,
    ...(target.file && !target.api
      ? [{ name: 'a form just over its limit', send: oversized(FORM_TYPE, REQUEST_BODY_MAX_BYTES + 1), expected: tooLarge }]
      : []),
    { name: 'a text/plain body', send: send('text/plain', Buffer.from('a=1')), expected: unsupported },
    // Refused where a form is read; a route with no form answers as it does to any post. Either way at once.
    { name: 'a form naming a list item past any form’s', send: send(FORM_TYPE, LIST_BOMB), expected: target.api ? unsupported : 'handled' },
    { name: 'a form whose intent is no JSON', send: send(FORM_TYPE, BAD_INTENT), expected: target.api ? unsupported : 'handled' },
    ...(target.file
      ? [
          {
            name: 'an upload naming a list item past any form’s',
            send: send(MULTIPART_TYPE, UPLOAD_LIST_BOMB),
            expected: 'handled' as const,
          },
        ]
      : []),
    {
      name: 'an upload in odd letter case',
      send: send(MULTIPART_TYPE.replace('multipart/form-data', 'Multipart/Form-Data'), PART_BOMB),
      expected: unsupported,
    },
    ...(json
      ? [
          { name: 'JSON of 5 000 keys', send: send(JSON_TYPE, MANY_KEYS), expected: json },
          { name: 'JSON nested 30 000 deep', send: send(JSON_TYPE, DEEP), expected: json },
        ]
      : []),
  ];
}

export type Visitor = { name: string; browser: Browser };

/**
 * Sends every hostile body to every target as each visitor, one after another,
 * while /healthz is asked again and again; answers what went wrong (nothing,
 * when every answer was the refusal due, or no server error for JSON a route
 * reads, each within REFUSAL_CEILING_MS), how many were sent, and the longest
 * /healthz waited.
 */
export async function walkHostileBodies(site: Site, visitors: Visitor[], ids: WalkIds) {
  const sends = hostileTargets(ids).flatMap((target) =>
    hostileBodies(target).flatMap((body) => visitors.map((visitor) => ({ target, body, visitor }))),
  );
  const problems: string[] = [];
  let sent = 0;
  const health = watchHealth(site);
  for (const { target, body, visitor } of sends) {
    if (problems.length >= MAX_PROBLEMS) break;
    const headers: Record<string, string> = {
      ...visitor.browser.identityHeaders(),
      ...(target.api ? {} : { Origin: site.origin }),
      ...(target.api || target.path.endsWith('.data') ? {} : { Accept: BROWSER_ACCEPT }),
    };
    const what = `${visitor.name}: ${body.name}, ${target.method} ${target.path}`;
    sent += 1;
    const answer = await body.send(new URL(target.path, site.origin), headers, target.method).catch((error: unknown) => String(error));
    const problem = typeof answer === 'string' ? answer : mismatch(answer, body.expected);
    if (problem) problems.push(`${what}: ${problem}`);
    else if (typeof answer !== 'string' && answer.ms > REFUSAL_CEILING_MS)
      problems.push(`${what}: answered after ${Math.round(answer.ms)} ms`);
  }
  return { problems, sent, slowestHealthMs: health.stop() };
}

function mismatch(answer: OversizedAnswer, expected: Expected): string | undefined {
  if (expected === 'handled') return answer.status < 500 ? undefined : `answered ${answer.status}: ${answer.body.slice(0, 200)}`;
  if (answer.status !== expected.status) return `answered ${answer.status}, not ${expected.status}: ${answer.body.slice(0, 200)}`;
  if (expected.message && !answer.body.includes(expected.message))
    return `answered without "${expected.message}": ${answer.body.slice(0, 200)}`;
  return undefined;
}
