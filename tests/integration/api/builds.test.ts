import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectContract, expectError } from '#tests/support/api';
import { type Browser } from '#tests/support/browser';
import { openAppDatabase, rankLeaderboardsNow, readRow } from '#tests/support/test-database';
import { OVERSIZE_BYTES, testPhoto, type UploadFile } from '#tests/support/uploads';
import { waitFor } from '#tests/support/wait';
import { sharedStack } from '#tests/support/stack';
import { holdRoastLine, releaseRoast } from '#tests/support/roast-line';

const stack = sharedStack({}, { network: '198.18.0' });
let photo: UploadFile;
let rigs = 0;

beforeAll(async () => {
  photo = { bytes: await testPhoto('jpeg', 640, 480), name: 'rig.jpg', type: 'image/jpeg' };
});

type Member = { browser: Browser; id: number; username: string };
type Build = {
  id: number;
  title: string;
  username: string;
  totalRating: number;
  ratingCount: number;
  averageRating: number;
  listed: boolean;
};
type Comment = { id: number; username: string; isAI: boolean; parentCommentId: number | null; content: string };
type Thread = Comment & { replies: Comment[] };

async function member(): Promise<Member> {
  const browser = await stack.member();
  const { body } = await call(browser, 'GET', '/api/user');
  const { id, username } = body as { id: number; username: string };
  return { browser, id, username };
}

/** A multipart POST as a script sends it: no Origin, the browser's cookies. */
/** A multipart post; a list sends its field once per value. */
async function postForm(browser: Browser, path: string, fields: Record<string, string | UploadFile | (string | UploadFile)[]>) {
  const body = new FormData();
  for (const [name, values] of Object.entries(fields)) {
    for (const value of [values].flat()) {
      if (typeof value === 'string') body.append(name, value);
      else body.append(name, new Blob([value.bytes], { type: value.type }), value.name);
    }
  }
  const response = await browser.request(path, { method: 'POST', body });
  return { response, status: response.status, body: (await response.json()) as unknown };
}

async function buildBy(owner: Member, title = `API rig ${++rigs}`): Promise<number> {
  const result = await postForm(owner.browser, '/api/builds', { title, image: photo });
  expect(result.status).toBe(201);
  return (result.body as Build).id;
}

const query = <T>(sql: string, ...params: unknown[]) => readRow<T>(stack.app.databasePath, sql, ...params);

/** Writes straight into the running server's database, for states no call makes (expired links, held builds, many builds). */
function write(run: (sqlite: ReturnType<typeof openAppDatabase>) => void) {
  const sqlite = openAppDatabase(stack.app.databasePath);
  try {
    run(sqlite);
  } finally {
    sqlite.close();
  }
}

describe('POST /api/builds', () => {
  it('publishes a photo sent with it as the member’s build', async () => {
    const owner = await member();
    const result = await postForm(owner.browser, '/api/builds', { title: '  Fresh rig  ', image: photo });
    expect(result.status).toBe(201);
    expectContract('POST', '/api/builds', result.body);
    expect(result.body).toMatchObject({ title: 'Fresh rig', username: owner.username, ratingCount: 0, commentCount: 0 });
    expect((result.body as { imageUrl: string }).imageUrl).toMatch(/^\/uploads\/images\/\w+\.jpg$/);
    const id = (result.body as Build).id;
    expect(query<{ user_id: number }>('select user_id from builds where id = ?', id).user_id).toBe(owner.id);
  });

  it('publishes a photo sent ahead to POST /api/uploads/temp, once, and only from the browser that sent it', async () => {
    const owner = await member();
    const clientToken = `api-client-${Date.now()}-token`;
    const before = await call(owner.browser, 'GET', `/api/uploads/temp/status?clientToken=${clientToken}`);
    expect(before.body).toEqual({ status: 'pending', tempUploadId: null });

    const sent = await postForm(owner.browser, '/api/uploads/temp', { image: photo, clientToken });
    expect(sent.status).toBe(201);
    expectContract('POST', '/api/uploads/temp', sent.body);
    const { tempUploadId } = sent.body as { tempUploadId: string };

    const status = await call(owner.browser, 'GET', `/api/uploads/temp/status?clientToken=${clientToken}`);
    expect(status.status).toBe(200);
    expectContract('GET', '/api/uploads/temp/status', status.body);
    expect(status.body).toEqual({ status: 'completed', tempUploadId });

    // Another member who learned the id cannot publish someone else's photo.
    const stranger = await member();
    expectError(await postForm(stranger.browser, '/api/builds', { title: 'Not mine', tempUploadId }), 404, 'not_found', /expired/);

    const published = await postForm(owner.browser, '/api/builds', { title: 'Sent ahead', tempUploadId, userId: String(stranger.id) });
    expect(published.status).toBe(201);
    expectContract('POST', '/api/builds', published.body);
    expect(published.body).toMatchObject({ title: 'Sent ahead', username: owner.username });
    expect(query<{ count: number }>('select count(*) as count from temp_uploads where id = ?', tempUploadId).count).toBe(0);

    expectError(await postForm(owner.browser, '/api/builds', { title: 'Again', tempUploadId }), 404, 'not_found');
  });

  it('takes a description, tags and up to four more photos with it, as the upload page does', async () => {
    const owner = await member();
    const more = await Promise.all(
      [1, 2].map(async (n) => ({ bytes: await testPhoto('png', 500 + n, 400), name: `more-${n}.png`, type: 'image/png' })),
    );
    const result = await postForm(owner.browser, '/api/builds', {
      title: 'Described rig',
      image: photo,
      description: 'Quiet and small.',
      tags: ['itx', 'silent'],
      photos: more,
    });
    expect(result.status).toBe(201);
    const id = (result.body as Build).id;
    expect((await call(owner.browser, 'GET', `/api/builds/${id}`)).body).toMatchObject({
      description: 'Quiet and small.',
      tags: ['itx', 'silent'],
      photos: [{ position: 1 }, { position: 2 }],
    });
    // One tag is sent as a field once.
    const single = await postForm(owner.browser, '/api/builds', { title: 'One tag', image: photo, tags: 'budget' });
    expect((await call(owner.browser, 'GET', `/api/builds/${(single.body as Build).id}`)).body).toMatchObject({ tags: ['budget'] });

    expectError(
      await postForm(owner.browser, '/api/builds', { title: 'Bad tag', image: photo, tags: ['itx', 'glitter'] }),
      400,
      'invalid_input',
      'Choose tags from the list',
    );
    const five = await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => ({ bytes: await testPhoto('png', 300 + n, 200), name: `x${n}.png`, type: 'image/png' })),
    );
    expectError(
      await postForm(owner.browser, '/api/builds', { title: 'Too many', image: photo, photos: five }),
      400,
      'invalid_input',
      /at most 5 files/,
    );
    expect(query<{ count: number }>("select count(*) as count from builds where title in ('Bad tag', 'Too many')").count).toBe(0);
  });

  it('refuses guests, a missing title or photo, files that are not images, and photos over 10 MB', async () => {
    expectError(
      await postForm(stack.browser(), '/api/builds', { title: 'Guest rig', image: photo }),
      401,
      'unauthorized',
      'Authentication required',
    );
    const owner = await member();
    expectError(await postForm(owner.browser, '/api/builds', { title: '   ', image: photo }), 400, 'invalid_input', 'Title is required');
    expectError(await postForm(owner.browser, '/api/builds', { image: photo }), 400, 'invalid_input', 'Title is required');
    expectError(
      await postForm(owner.browser, '/api/builds', { title: 'No photo' }),
      400,
      'invalid_input',
      'Send either an image or a tempUploadId',
    );
    const text = { bytes: new TextEncoder().encode('not a picture'), name: 'rig.jpg', type: 'image/jpeg' };
    expectError(
      await postForm(owner.browser, '/api/builds', { title: 'Text', image: text }),
      400,
      'invalid_input',
      'File type must be an image',
    );
    const huge = { bytes: new Uint8Array(OVERSIZE_BYTES), name: 'big.jpg', type: 'image/jpeg' };
    expectError(
      await postForm(owner.browser, '/api/builds', { title: 'Huge', image: huge }),
      413,
      'too_large',
      'File size must be less than 10MB',
    );
    expect(query<{ count: number }>('select count(*) as count from builds where user_id = ?', owner.id).count).toBe(0);
  });
});

describe('GET /api/uploads/temp/status', () => {
  it('refuses a malformed clientToken', async () => {
    for (const path of [
      '/api/uploads/temp/status',
      '/api/uploads/temp/status?clientToken=short',
      '/api/uploads/temp/status?clientToken=has%20spaces%20in%20it%21%21',
    ]) {
      expectError(await call(stack.browser(), 'GET', path), 400, 'invalid_input', /clientToken/);
    }
  });
});

describe('GET /api/builds/recent', () => {
  it('lists listed builds newest first, 12 by default, and caps ?limit= at 100', async () => {
    const owner = await member();
    const id = await buildBy(owner, 'Newest on the list');
    write((sqlite) => {
      // 110 older builds with the same photo, and one held build newer than all of them.
      const copy = sqlite.prepare(
        'insert into builds (user_id, title, image_id, review_status, created_at) select user_id, ?, image_id, ?, created_at - ? from builds where id = ?',
      );
      sqlite.transaction(() => {
        for (let index = 1; index <= 110; index++) copy.run(`Filler ${index}`, 'approved', index * 1000, id);
        copy.run('Held back', 'held', -1000, id);
      })();
    });

    const result = await call(stack.browser(), 'GET', '/api/builds/recent');
    expect(result.status).toBe(200);
    expectContract('GET', '/api/builds/recent', result.body);
    const builds = result.body as (Build & { createdAt: string })[];
    expect(builds).toHaveLength(12);
    expect(builds[0]!.title).toBe('Newest on the list');
    const times = builds.map((build) => Date.parse(build.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    expect((await call(stack.browser(), 'GET', '/api/builds/recent?limit=4')).body).toHaveLength(4);
    const most = (await call(stack.browser(), 'GET', '/api/builds/recent?limit=1000')).body as Build[];
    expect(most).toHaveLength(100);
    expect(most.map((build) => build.title)).not.toContain('Held back');
    expect((await call(stack.browser(), 'GET', '/api/builds/recent?limit=nonsense')).body).toHaveLength(12);
  });
});

describe('GET /api/builds/{id}', () => {
  it('answers the build with its comment threads, and 404 for unknown ids and builds the viewer may not see', async () => {
    const owner = await member();
    const id = await buildBy(owner, 'Detailed rig');
    const commenter = await member();
    const first = await call(commenter.browser, 'POST', `/api/builds/${id}/comment`, { content: 'Nice cable work @RoastBot' });
    const reply = await call(owner.browser, 'POST', `/api/builds/${id}/comment`, {
      content: 'Thanks!',
      parentCommentId: (first.body as Comment).id,
    });
    expect(reply.body).toMatchObject({ parentCommentId: (first.body as Comment).id });

    // RoastBot answers the mention in the background.
    const withAi = await waitFor(async () => {
      const result = await call(stack.browser(), 'GET', `/api/builds/${id}`);
      const threads = (result.body as { comments: Thread[] }).comments;
      return threads[0]?.replies.some((comment) => comment.isAI) ? result : null;
    });
    expect(withAi.status).toBe(200);
    expectContract('GET', `/api/builds/${id}`, withAi.body);
    const build = withAi.body as Build & { comments: Thread[]; threadCount: number; commentCount: number };
    expect(build).toMatchObject({ id, title: 'Detailed rig', username: owner.username, listed: true, threadCount: 1, commentCount: 3 });
    const [thread] = build.comments;
    expect(thread).toMatchObject({
      content: 'Nice cable work @RoastBot',
      username: commenter.username,
      isAI: false,
      parentCommentId: null,
    });
    expect(thread!.replies.find((comment) => comment.content === 'Thanks!')).toMatchObject({
      username: owner.username,
      isAI: false,
      parentCommentId: thread!.id,
    });
    expect(thread!.replies.find((comment) => comment.isAI)).toMatchObject({ username: 'RoastBot', parentCommentId: thread!.id });

    for (const path of ['/api/builds/999999', '/api/builds/0', '/api/builds/not-a-number']) {
      expectError(await call(stack.browser(), 'GET', path), 404, 'not_found', 'Build not found');
    }

    // A held build is its owner's to see, nobody else's.
    write((sqlite) => sqlite.prepare("update builds set review_status = 'held' where id = ?").run(id));
    expectError(await call(commenter.browser, 'GET', `/api/builds/${id}`), 404, 'not_found');
    const own = await call(owner.browser, 'GET', `/api/builds/${id}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id, listed: false });
  });
});

describe('the owner’s place in the line of roasts', () => {
  it('tells the owner, and no one else, where their waiting roast stands, until it is written', async () => {
    const [first, second] = [await member(), await member()];
    const [ahead, behind] = [await buildBy(first), await buildBy(second)];
    // Both written once: a finished roast is what the estimate goes by.
    await waitFor(async () => {
      const { body } = await call(second.browser, 'GET', `/api/builds/${behind}`);
      return (body as { roast: string }).roast ? body : null;
    });
    holdRoastLine(stack.app.databasePath, [ahead, behind]);

    const own = await call(second.browser, 'GET', `/api/builds/${behind}`);
    expectContract('GET', `/api/builds/${behind}`, own.body);
    const queue = (own.body as { roastQueue: { place: number; estimateS: number | null } }).roastQueue;
    expect(queue.place).toBe(2);
    expect(queue.estimateS).toBeGreaterThanOrEqual(0);
    expect((await call(first.browser, 'GET', `/api/builds/${ahead}`)).body).toMatchObject({ roastQueue: { place: 1 } });
    for (const other of [first.browser, stack.browser()]) {
      expect((await call(other, 'GET', `/api/builds/${behind}`)).body).toMatchObject({ roast: '', roastQueue: null });
    }

    releaseRoast(stack.app.databasePath, ahead);
    releaseRoast(stack.app.databasePath, behind);
    const written = await waitFor(async () => {
      const { body } = await call(second.browser, 'GET', `/api/builds/${behind}`);
      return (body as { roast: string }).roast ? body : null;
    });
    expect(written).toMatchObject({ roastQueue: null });
  });
});

describe('roast intensity and advice', () => {
  type Roasted = Build & { roast: string; roastIntensity: string; roastAdvice: string[]; roastFallback: string | null };
  const roasted = (browser: Browser, id: number, unlike = '') =>
    waitFor(async () => {
      const { body } = await call(browser, 'GET', `/api/builds/${id}`);
      const build = body as Roasted;
      return build.roast && build.roast !== unlike ? build : null;
    });

  it('roasts a build as hard as POST /api/builds asked, with 3–5 suggestions of advice, and a fresh roast as POST /api/builds/{id}/fresh-roast asks', async () => {
    const owner = await member();
    const created = await postForm(owner.browser, '/api/builds', {
      title: 'RTX 4090 with a GTX 1060 spare',
      roastIntensity: 'savage',
      image: photo,
    });
    expect(created.status).toBe(201);
    expectContract('POST', '/api/builds', created.body);
    const { id } = created.body as Build;
    expect(created.body).toMatchObject({ roastIntensity: 'savage', roast: '' });

    const first = await roasted(stack.browser(), id);
    expectContract('GET', `/api/builds/${id}`, first);
    expect(first.roastIntensity).toBe('savage');
    expect(first.roastAdvice.length).toBeGreaterThanOrEqual(3);
    expect(first.roastAdvice.length).toBeLessThanOrEqual(5);

    const stranger = await member();
    expectError(await call(stranger.browser, 'POST', `/api/builds/${id}/fresh-roast`, { roastIntensity: 'gentle' }), 403, 'forbidden');
    expectError(
      await call(owner.browser, 'POST', `/api/builds/${id}/fresh-roast`, { roastIntensity: 'brutal' }),
      400,
      'invalid_input',
      'Gentle, Medium or Savage',
    );
    expectError(await call(stack.browser(), 'POST', `/api/builds/${id}/fresh-roast`, { roastIntensity: 'gentle' }), 401, 'unauthorized');
    expect(query<{ roast_intensity: string }>('select roast_intensity from builds where id = ?', id).roast_intensity).toBe('savage');

    const fresh = await call(owner.browser, 'POST', `/api/builds/${id}/fresh-roast`, { roastIntensity: 'gentle' });
    expect(fresh.status).toBe(200);
    expectContract('POST', `/api/builds/${id}/fresh-roast`, fresh.body);
    expect(fresh.body).toEqual({ roastIntensity: 'gentle' });
    const second = await roasted(stack.browser(), id, first.roast);
    expect(second.roastIntensity).toBe('gentle');
    expect(second.roastAdvice.length).toBeGreaterThanOrEqual(3);

    const again = await call(owner.browser, 'POST', `/api/builds/${id}/fresh-roast`, {});
    expectError(again, 429, 'rate_limited', 'once a day');
    expect(again.response.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('lets the owner ask the AI model for the roast the built-in roaster wrote because the model was too slow', async () => {
    const owner = await member();
    const created = await postForm(owner.browser, '/api/builds', { title: 'Slow model rig', image: photo });
    const { id } = created.body as Build;
    const first = await roasted(stack.browser(), id);
    expect(first.roastFallback).toBeNull();
    expectError(await call(owner.browser, 'POST', `/api/builds/${id}/model-roast`), 409, 'conflict', 'already the one the AI model wrote');

    // The state the roast deadline leaves (tests/integration/ollama-cpu-host.test.ts reaches it with a slow model).
    write((sqlite) => sqlite.prepare("update builds set roast_fallback = 'model_slow' where id = ?").run(id));
    const slow = await call(stack.browser(), 'GET', `/api/builds/${id}`);
    expectContract('GET', `/api/builds/${id}`, slow.body);
    expect(slow.body).toMatchObject({ roastFallback: 'model_slow' });

    expectError(await call(stack.browser(), 'POST', `/api/builds/${id}/model-roast`), 401, 'unauthorized');
    expectError(await call((await member()).browser, 'POST', `/api/builds/${id}/model-roast`), 403, 'forbidden');
    expectError(await call(owner.browser, 'POST', '/api/builds/999999/model-roast'), 404, 'not_found');
    const asked = await call(owner.browser, 'POST', `/api/builds/${id}/model-roast`);
    expect(asked.status).toBe(200);
    expectContract('POST', `/api/builds/${id}/model-roast`, asked.body);
    expect(asked.body).toEqual({ queued: true });
  });

  it('holds under a burst: twenty model-roast requests at once queue one roast and turn the rest away, and another member changes no description', async () => {
    const owner = await member();
    const id = await buildBy(owner);
    await roasted(stack.browser(), id);
    write((sqlite) => sqlite.prepare("update builds set roast_fallback = 'model_slow' where id = ?").run(id));
    const burst = await Promise.all(Array.from({ length: 20 }, () => call(owner.browser, 'POST', `/api/builds/${id}/model-roast`)));
    const statuses = burst.map((answer) => answer.status);
    // One is queued; the others find it on its way (409), or, once it is done, count against the five a day (429).
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.every((status) => status === 200 || status === 409 || status === 429)).toBe(true);

    const other = await member();
    const alts = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        call(other.browser, 'POST', `/api/builds/${id}/photo-alt`, { photo: 'main', alt: `Hijack ${n}` }),
      ),
    );
    expect(alts.every((answer) => answer.status === 403)).toBe(true);
    expect(query<{ alt: string | null }>('select photo_alt as alt from builds where id = ?', id).alt ?? '').not.toMatch(/Hijack/);
  });

  it('roasts at Medium when the upload does not say', async () => {
    const owner = await member();
    const id = await buildBy(owner);
    expect((await roasted(owner.browser, id)).roastIntensity).toBe('medium');
  });
});

describe('POST /api/builds/{id}/rate', () => {
  it('records the signed-in member’s rating whatever userId the body names, and answers the new totals', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const id = await buildBy(b);
    const rated = await call(a.browser, 'POST', `/api/builds/${id}/rate`, { userId: c.id, rating: 4 });
    expect(rated.status).toBe(200);
    expectContract('POST', `/api/builds/${id}/rate`, rated.body);
    expect(rated.body).toEqual({ rating: 4, totalRating: 4, ratingCount: 1, averageRating: 4 });
    expect(query('select user_id as userId, rating from ratings where build_id = ?', id)).toEqual({ userId: a.id, rating: 4 });

    const changed = await call(a.browser, 'POST', `/api/builds/${id}/rate`, { userId: b.id, rating: 2 });
    expect(changed.body).toEqual({ rating: 2, totalRating: 2, ratingCount: 1, averageRating: 2 });
    const second = await call(c.browser, 'POST', `/api/builds/${id}/rate`, { rating: 5 });
    expect(second.body).toEqual({ rating: 5, totalRating: 7, ratingCount: 2, averageRating: 3.5 });
    expect((await call(stack.browser(), 'GET', `/api/builds/${id}`)).body).toMatchObject({
      totalRating: 7,
      ratingCount: 2,
      averageRating: 3.5,
    });
  });

  it('refuses the owner (403), ratings out of range (400), unknown builds (404), guests (401) and bodies not sent as JSON (415)', async () => {
    const [owner, rater] = [await member(), await member()];
    const id = await buildBy(owner);
    expectError(
      await call(owner.browser, 'POST', `/api/builds/${id}/rate`, { rating: 5 }),
      403,
      'forbidden',
      'You cannot rate your own build',
    );
    for (const rating of [0, 6, 3.5]) {
      expectError(
        await call(rater.browser, 'POST', `/api/builds/${id}/rate`, { rating }),
        400,
        'invalid_input',
        'Rating must be between 1 and 5 stars',
      );
    }
    expectError(await call(rater.browser, 'POST', `/api/builds/${id}/rate`, { rating: '5' }), 400, 'invalid_input');
    expectError(await call(rater.browser, 'POST', '/api/builds/999999/rate', { rating: 5 }), 404, 'not_found', 'Build not found');
    expectError(await call(rater.browser, 'POST', '/api/builds/nope/rate', { rating: 5 }), 404, 'not_found');
    expectError(
      await call(stack.browser(), 'POST', `/api/builds/${id}/rate`, { rating: 5 }),
      401,
      'unauthorized',
      'Authentication required',
    );
    const form = await call(rater.browser, 'POST', `/api/builds/${id}/rate`, 'rating=5', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expectError(form, 415, 'unsupported_media_type');
    expect(query<{ count: number }>('select count(*) as count from ratings where build_id = ?', id).count).toBe(0);
  });
});

describe('POST /api/builds/{id}/comment', () => {
  it('stores the signed-in member’s comment whatever userId, username and avatarUrl the body names', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const id = await buildBy(b);
    const spoofed = { userId: c.id, username: c.username, avatarUrl: 'https://evil.example/c.png', content: '  Clean build  ' };
    const result = await call(a.browser, 'POST', `/api/builds/${id}/comment`, spoofed);
    expect(result.status).toBe(201);
    expectContract('POST', `/api/builds/${id}/comment`, result.body);
    const comment = result.body as Comment & { avatarUrl: string };
    expect(comment).toMatchObject({ content: 'Clean build', username: a.username, isAI: false, parentCommentId: null });
    expect(comment.avatarUrl).not.toContain('evil.example');
    expect(query('select user_id as userId, content from comments where id = ?', comment.id)).toEqual({
      userId: a.id,
      content: 'Clean build',
    });

    // A reply to a reply joins the thread's top-level comment.
    const reply = await call(b.browser, 'POST', `/api/builds/${id}/comment`, { content: 'Thanks', parentCommentId: comment.id });
    const nested = await call(c.browser, 'POST', `/api/builds/${id}/comment`, {
      content: 'Agreed',
      parentCommentId: (reply.body as Comment).id,
    });
    expect(nested.body).toMatchObject({ username: c.username, parentCommentId: comment.id });

    const build = (await call(stack.browser(), 'GET', `/api/builds/${id}`)).body as { commentCount: number; comments: Thread[] };
    expect(build.commentCount).toBe(3);
    expect(build.comments.map((thread) => [thread.username, thread.content])).toEqual([[a.username, 'Clean build']]);
    expect(build.comments[0]!.replies.map((entry) => entry.username)).toEqual([b.username, c.username]);
  });

  it('refuses empty comments (400), unknown builds and replies to missing comments (404), guests (401) and non-JSON (415)', async () => {
    const [owner, talker] = [await member(), await member()];
    const id = await buildBy(owner);
    for (const body of [{ content: '   ' }, {}]) {
      expectError(await call(talker.browser, 'POST', `/api/builds/${id}/comment`, body), 400, 'invalid_input', 'Comment cannot be empty');
    }
    expectError(
      await call(talker.browser, 'POST', '/api/builds/999999/comment', { content: 'Hello?' }),
      404,
      'not_found',
      'Build not found',
    );
    expectError(
      await call(talker.browser, 'POST', `/api/builds/${id}/comment`, { content: 'Hi', parentCommentId: 999999 }),
      404,
      'not_found',
    );
    expectError(
      await call(stack.browser(), 'POST', `/api/builds/${id}/comment`, { content: 'Guest words' }),
      401,
      'unauthorized',
      'Authentication required',
    );
    expectError(
      await call(talker.browser, 'POST', `/api/builds/${id}/comment`, 'content=hi', { 'Content-Type': 'text/plain' }),
      415,
      'unsupported_media_type',
    );
    expect(query<{ count: number }>('select count(*) as count from comments where build_id = ?', id).count).toBe(0);
  });
});

describe('POST /api/builds/{id}/share and GET /api/share/{token}', () => {
  it('makes the build’s share link, answers the build behind it, and 404 once it expired or for an unknown token', async () => {
    const owner = await member();
    const id = await buildBy(owner, 'Shared rig');
    const shared = await call(stack.browser(), 'POST', `/api/builds/${id}/share`);
    expect(shared.status).toBe(200);
    expectContract('POST', `/api/builds/${id}/share`, shared.body);
    const token = (shared.body as { shareUrl: string }).shareUrl.split('/share/')[1]!;

    const result = await call(stack.browser(), 'GET', `/api/share/${token}`);
    expect(result.status).toBe(200);
    expectContract('GET', `/api/share/${token}`, result.body);
    expect(result.body).toMatchObject({ id, title: 'Shared rig', username: owner.username });

    expectError(
      await call(stack.browser(), 'GET', '/api/share/no-such-token'),
      404,
      'not_found',
      'This shared build link has expired or does not exist.',
    );
    expectError(await call(stack.browser(), 'POST', '/api/builds/999999/share'), 404, 'not_found');
    write((sqlite) => sqlite.prepare('update share_tokens set expires_at = ? where token = ?').run(Date.now() - 1000, token));
    expectError(await call(stack.browser(), 'GET', `/api/share/${token}`), 404, 'not_found');
  });
});

describe('GET /api/builds/leaderboard/{period}', () => {
  it('ranks by the period’s ratings once the board is ranked, 10 by default, and caps ?limit= at the ranked depth', async () => {
    const [owner, rater] = [await member(), await member()];
    const id = await buildBy(owner, 'Leaderboard rig');
    await call(rater.browser, 'POST', `/api/builds/${id}/rate`, { rating: 4 });

    // The rating brings the ranking job forward; the board shows it once that job ran.
    const board = await waitFor(async () => {
      const result = await call(stack.browser(), 'GET', '/api/builds/leaderboard/today?limit=100');
      return (result.body as { id: number }[]).some((entry) => entry.id === id) ? result : null;
    });
    expect(board.status).toBe(200);
    expectContract('GET', '/api/builds/leaderboard/today', board.body);
    const entry = (board.body as { id: number; imageUrl: string }[]).find((candidate) => candidate.id === id);
    expect(entry).toMatchObject({ title: 'Leaderboard rig', username: owner.username, totalRating: 4, averageRating: 4, votes: 1 });
    expect(entry?.imageUrl).toMatch(/^\/uploads\/images\//);

    // 120 more builds, each with one rating today, written straight in and ranked.
    write((sqlite) => {
      const copy = sqlite.prepare(
        "insert into builds (user_id, title, image_id, review_status, total_rating, rating_count, average_rating, created_at) select user_id, ?, image_id, 'approved', 3, 1, 3, created_at from builds where id = ?",
      );
      const rate = sqlite.prepare('insert into ratings (build_id, user_id, rating, created_at, updated_at) values (?, ?, 3, ?, ?)');
      sqlite.transaction(() => {
        for (let index = 1; index <= 120; index++) {
          const copyId = Number(copy.run(`Ranked filler ${index}`, id).lastInsertRowid);
          rate.run(copyId, rater.id, Date.now(), Date.now());
        }
      })();
    });
    await rankLeaderboardsNow(stack.app.databasePath);

    const today = (await call(stack.browser(), 'GET', '/api/builds/leaderboard/today')).body as { rank: number }[];
    expect(today).toHaveLength(10);
    expect(today.map((ranked) => ranked.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await call(stack.browser(), 'GET', '/api/builds/leaderboard/all-time?limit=1000')).body).toHaveLength(100);
    expect((await call(stack.browser(), 'GET', '/api/builds/leaderboard/week?limit=3')).body).toHaveLength(3);
    // Any other period is today's board.
    expect((await call(stack.browser(), 'GET', '/api/builds/leaderboard/yesterday')).body).toEqual(today);
  });
});

describe('the OpenAPI document', () => {
  it('lists the build and upload calls', async () => {
    const document = (await call(stack.browser(), 'GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/api/builds/recent', 'get'],
      ['/api/builds/leaderboard/{period}', 'get'],
      ['/api/builds', 'post'],
      ['/api/builds/{id}', 'get'],
      ['/api/builds/{id}/rate', 'post'],
      ['/api/builds/{id}/comment', 'post'],
      ['/api/builds/{id}/share', 'post'],
      ['/api/builds/{id}/fresh-roast', 'post'],
      ['/api/builds/{id}/model-roast', 'post'],
      ['/api/share/{token}', 'get'],
      ['/api/uploads/temp', 'post'],
      ['/api/uploads/temp/status', 'get'],
    ] as const) {
      expect(document.paths[path], `${method} ${path}`).toHaveProperty(method);
    }
  });
});
