import { describe, expect, it } from 'vitest';
import { Browser, pageText, toastText } from '#tests/support/browser';
import { call, expectContract, expectError } from '#tests/support/api';
import { readRow } from '#tests/support/test-database';
import { testPhoto, uploadBuild } from '#tests/support/uploads';
import { sharedStack } from '#tests/support/stack';
import { waitFor } from '#tests/support/wait';

const stack = sharedStack({ JOB_CONCURRENCY: '3' }, { network: '192.0.2' });
let rigs = 0;

async function roastedBuild(owner: Browser, title = `RTX 4070 rig ${++rigs}`) {
  const page = await uploadBuild(owner, { title, file: { bytes: await testPhoto('jpeg', 640, 480), name: 'rig.jpg', type: 'image/jpeg' } });
  const id = Number(page.url.split('/').pop());
  await waitFor(() => query<{ roast: string }>('select roast from builds where id = ?', id).roast || null, {
    timeoutMs: 20_000,
    intervalMs: 100,
  });
  return id;
}

const query = <T>(sql: string, ...params: unknown[]) => readRow<T>(stack.app.databasePath, sql, ...params);
const reactions = (id: number) =>
  query<{ landed: number; missed: number }>(
    "select count(*) filter (where reaction = 'landed') as landed, count(*) filter (where reaction = 'missed') as missed from roast_reactions where build_id = ?",
    id,
  );
const react = (browser: Browser, id: number, reaction: string) => browser.post(`/build/${id}`, { intent: 'react-roast', reaction });

describe('reacting to a roast (forms without JavaScript)', () => {
  it('keeps one reaction per member, changes it on a second press, and shows the counts', async () => {
    const id = await roastedBuild(await stack.member());
    const [ann, bob] = [await stack.member(), await stack.member()];
    const landed = await react(ann, id, 'landed');
    expect(landed.url).toBe(`/build/${id}`);
    expect(toastText(landed.html)).toContain('Glad it landed');
    await react(bob, id, 'landed');
    const changed = await react(ann, id, 'missed');
    expect(toastText(changed.html)).toContain('that one missed');
    expect(reactions(id)).toEqual({ landed: 1, missed: 1 });
    const text = pageText((await ann.get(`/build/${id}`)).html);
    expect(text).toContain('Did this roast land?');
    expect(text).toMatch(/🔥\s*Landed\s*1/);
    expect(text).toMatch(/🥱\s*Missed\s*1/);
    expect((await ann.get(`/build/${id}`)).html).toMatch(/aria-pressed="true"[^>]*value="missed"|value="missed"[^>]*aria-pressed="true"/);
  });

  it('refuses made-up reactions and changes nothing', async () => {
    const id = await roastedBuild(await stack.member());
    const member = await stack.member();
    for (const reaction of ['', 'love', 'LANDED', '🔥']) {
      const response = await react(member, id, reaction);
      expect(response.url).toBe(`/build/${id}`);
      expect(toastText(response.html)).toContain('Reaction not saved');
    }
    expect(reactions(id)).toEqual({ landed: 0, missed: 0 });
  });

  it('sends guests to sign in and back, writing nothing', async () => {
    const id = await roastedBuild(await stack.member());
    const guest = new Browser(stack.app, '192.0.2.201');
    const response = await guest.submit(`/build/${id}`, { intent: 'react-roast', reaction: 'landed' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/auth?redirectTo=${encodeURIComponent(`/build/${id}`)}`);
    expect(reactions(id)).toEqual({ landed: 0, missed: 0 });
    expect(pageText((await guest.get(`/build/${id}`)).html)).toMatch(/🔥\s*Landed\s*0/);
  });

  it('answers 404 for an unknown build', async () => {
    const member = await stack.member();
    expect((await member.submit('/build/999999', { intent: 'react-roast', reaction: 'landed' })).status).toBe(404);
  });
});

describe('reacting to a roast through the JSON API', () => {
  it('keeps one reaction per member, answers the counts, and refuses guests, made-up reactions and unknown builds', async () => {
    const id = await roastedBuild(await stack.member());
    const [ann, bob, guest] = [await stack.member(), await stack.member(), stack.browser()];
    const first = await call(ann, 'POST', `/api/builds/${id}/roast-reaction`, { reaction: 'landed' });
    expect(first.status).toBe(200);
    expectContract('POST', `/api/builds/${id}/roast-reaction`, first.body);
    expect(first.body).toEqual({ landed: 1, missed: 0, mine: 'landed' });
    await call(bob, 'POST', `/api/builds/${id}/roast-reaction`, { reaction: 'landed', userId: 1 });
    const changed = await call(ann, 'POST', `/api/builds/${id}/roast-reaction`, { reaction: 'missed' });
    expect(changed.body).toEqual({ landed: 1, missed: 1, mine: 'missed' });
    expect(reactions(id)).toEqual({ landed: 1, missed: 1 });

    const read = await call(guest, 'GET', `/api/builds/${id}/roast-reactions`);
    expectContract('GET', `/api/builds/${id}/roast-reactions`, read.body);
    expect(read.body).toEqual({ landed: 1, missed: 1, mine: null });
    expect((await call(bob, 'GET', `/api/builds/${id}/roast-reactions`)).body).toEqual({ landed: 1, missed: 1, mine: 'landed' });

    expectError(await call(guest, 'POST', `/api/builds/${id}/roast-reaction`, { reaction: 'landed' }), 401, 'unauthorized');
    expectError(await call(ann, 'POST', `/api/builds/${id}/roast-reaction`, { reaction: 'meh' }), 400, 'invalid_input');
    expectError(await call(ann, 'POST', '/api/builds/999999/roast-reaction', { reaction: 'landed' }), 404, 'not_found');
    expectError(await call(ann, 'GET', '/api/builds/999999/roast-reactions'), 404, 'not_found');
    expect(reactions(id)).toEqual({ landed: 1, missed: 1 });
  });
});

describe('roasts written at the same time', () => {
  it('share no sentence, even for builds with the same title roasted side by side', async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, () => stack.member()));
    const ids = await Promise.all(owners.map((owner) => roastedBuild(owner, 'RGB overload with 14 fans')));
    const sentences = ids.flatMap((id) =>
      query<{ roast: string }>('select roast from builds where id = ?', id).roast.split(/(?<=[.!?][”"]?)\s+(?=[A-Z“"])/),
    );
    expect(new Set(sentences).size).toBe(sentences.length);
    expect(sentences.join(' ')).not.toMatch(/a bit of RGB|Not a single LED|restrained and classy/);
  });
});
