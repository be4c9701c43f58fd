import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectContract, expectError } from '#tests/support/api';
import { type Browser, pageText, toastText } from '#tests/support/browser';
import { hideBuild } from '#tests/support/moderation';
import { openAppDatabase, runScheduledJobNow } from '#tests/support/test-database';
import { testPhoto, type UploadFile } from '#tests/support/uploads';
import { sharedStack } from '#tests/support/stack';

// Rig Battles over HTTP: the pages with plain forms (as without JavaScript), the API, and
// the refit job in the running server. BATTLE_MIN_LEVEL is 2: a new member has level 1.
const stack = sharedStack({ BATTLE_MIN_LEVEL: '2' }, { network: '198.18.4' });
let photo: UploadFile;
let rigs = 0;

beforeAll(async () => {
  photo = { bytes: await testPhoto('jpeg', 640, 480), name: 'rig.jpg', type: 'image/jpeg' };
});

type Member = { browser: Browser; id: number };
type Pair = { first: { id: number; imageUrl: string; imageAlt: string }; second: { id: number; imageUrl: string; imageAlt: string } };

/** A signed-in member; `level` is set in the database, as experience would (decision 011). */
async function member(level = 2): Promise<Member> {
  const browser = await stack.member();
  const { body } = await call(browser, 'GET', '/api/user');
  const { id } = body as { id: number };
  write((sqlite) => sqlite.prepare('update users set level = ? where id = ?').run(level, id));
  return { browser, id };
}

async function buildBy(owner: Member, title = `Battle rig ${++rigs}`): Promise<number> {
  const body = new FormData();
  body.append('title', title);
  body.append('image', new Blob([photo.bytes], { type: photo.type }), photo.name);
  const response = await owner.browser.request('/api/builds', { method: 'POST', body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

function write(run: (sqlite: ReturnType<typeof openAppDatabase>) => void) {
  const sqlite = openAppDatabase(stack.app.databasePath);
  try {
    run(sqlite);
  } finally {
    sqlite.close();
  }
}

const refitNow = () => runScheduledJobNow(stack.app.databasePath, 'battle-refit');

let owners: Member[];
let builds: number[];

beforeAll(async () => {
  owners = [await member(), await member(), await member()];
  builds = [];
  for (const owner of owners) builds.push(await buildBy(owner, `Battle rig with a title long enough to wrap ${'x'.repeat(40)} ${rigs}`));
  await refitNow();
});

describe('the API', () => {
  it('shows a guest a pair, photos only, and refuses their vote', async () => {
    const guest = stack.browser();
    const next = await call(guest, 'GET', '/api/battles/next');
    expect(next.status).toBe(200);
    expectContract('GET', '/api/battles/next', next.body);
    const { pair } = next.body as { pair: Pair };
    expect(Object.keys(pair.first).sort()).toEqual(['id', 'imageAlt', 'imageUrl']);
    expect(JSON.stringify(next.body)).not.toContain('Battle rig');
    const vote = await call(guest, 'POST', '/api/battles/vote', { first: pair.first.id, second: pair.second.id, choice: 'first' });
    expectError(vote, 401, 'unauthorized');
  });

  it('takes one vote per pair, reveals it, and refuses the member’s own build, a repeat and bad input', async () => {
    const voter = await member();
    const [a, b] = builds as [number, number];
    const vote = await call(voter.browser, 'POST', '/api/battles/vote', { first: b, second: a, choice: 'second' });
    expect(vote.status).toBe(200);
    expectContract('POST', '/api/battles/vote', vote.body);
    expect((vote.body as { builds: { id: number; title: string }[] }).builds.map((build) => build.id)).toEqual(
      [a, b].sort((x, y) => x - y),
    );
    expectError(
      await call(voter.browser, 'POST', '/api/battles/vote', { first: a, second: b, choice: 'first' }),
      409,
      'conflict',
      /already voted/,
    );
    expectError(await call(owners[0]!.browser, 'POST', '/api/battles/vote', { first: a, second: b, choice: 'draw' }), 403, 'forbidden');
    expectError(await call(voter.browser, 'POST', '/api/battles/vote', { first: a, second: b, choice: 'left' }), 400, 'invalid_input');
    expectError(await call(voter.browser, 'POST', '/api/battles/vote', { first: a, second: a, choice: 'first' }), 400, 'invalid_input');
  });

  it('refuses a member below BATTLE_MIN_LEVEL whose account is new', async () => {
    const newcomer = await member(1);
    const [a, , c] = builds as [number, number, number];
    expectError(
      await call(newcomer.browser, 'POST', '/api/battles/vote', { first: a, second: c, choice: 'first' }),
      403,
      'forbidden',
      /level 2/,
    );
  });

  it('fits the votes in the background and ranks by the conservative score, with how sure', async () => {
    await refitNow();
    const board = await call(stack.browser(), 'GET', '/api/battles/leaderboard?limit=5');
    expect(board.status).toBe(200);
    expectContract('GET', '/api/battles/leaderboard', board.body);
    const entries = board.body as { id: number; rank: number; votes: number; certainty: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({ rank: 1, certainty: 'still settling' });
  });

  it('drops a hidden build from battles at once, before any refit', async () => {
    const voter = await member();
    const hidden = builds[2]!;
    hideBuild(stack.app.databasePath, hidden);
    try {
      for (let round = 0; round < 10; round++) {
        const { body } = await call(voter.browser, 'GET', '/api/battles/next');
        const { pair } = body as { pair: Pair | null };
        if (pair) expect([pair.first.id, pair.second.id]).not.toContain(hidden);
      }
      const board = (await call(stack.browser(), 'GET', '/api/battles/leaderboard')).body as { id: number }[];
      expect(board.map((entry) => entry.id)).not.toContain(hidden);
    } finally {
      write((sqlite) => sqlite.prepare("update builds set review_status = 'approved' where id = ?").run(hidden));
    }
  });
});

describe('the pages, with plain forms', () => {
  it('lets a member pick one, lands on the reveal with titles and owners, then offers the next battle', async () => {
    const voter = await member();
    const page = await voter.browser.get('/battles');
    expect(page.status).toBe(200);
    expect(pageText(page.html)).not.toContain('Battle rig');
    const first = /name="first" value="(\d+)"/.exec(page.html)![1]!;
    const second = /name="second" value="(\d+)"/.exec(page.html)![1]!;
    const reveal = await voter.browser.post('/battles', { first, second, choice: 'first' });
    expect(reveal.url).toMatch(/\/battles\?after=\d+-\d+$/);
    expect(pageText(reveal.html)).toContain('Battle rig');
    expect(pageText(reveal.html)).toContain('Your pick');
    expect(reveal.html).toContain('Next battle');
    const again = await voter.browser.post('/battles', { first, second, choice: 'second' });
    expect(toastText(again.html)).toMatch(/already voted/);
  });

  it('asks a guest to sign in and a newcomer to level up, instead of the forms', async () => {
    const guest = await stack.browser().get('/battles');
    expect(pageText(guest.html)).toContain('Sign in to vote');
    expect(guest.html).not.toContain('name="choice"');
    const newcomer = await member(1);
    const page = await newcomer.browser.get('/battles');
    expect(pageText(page.html)).toContain('open at level 2');
    expect(page.html).not.toContain('name="choice"');
  });

  it('shows the battle rankings with how sure each place is', async () => {
    await refitNow();
    const page = await stack.browser().get('/battles/leaderboard');
    expect(page.status).toBe(200);
    expect(pageText(page.html)).toMatch(/How sure: (still settling|fairly sure|sure)/);
  });
});

describe('a hostile caller', () => {
  const votesOf = (voterId: number) => {
    let rows = 0;
    write((sqlite) => {
      rows = (sqlite.prepare('select count(*) as n from battle_votes where voter_id = ?').get(voterId) as { n: number }).n;
    });
    return rows;
  };

  it('refuses odd ids and choices with a 400 and records nothing', async () => {
    const voter = await member();
    const [a, b] = builds as [number, number];
    const bodies: unknown[] = [
      { first: String(a), second: b, choice: 'first' },
      { first: [a], second: b, choice: 'first' },
      { first: a + 0.5, second: b, choice: 'first' },
      { first: -a, second: b, choice: 'first' },
      { first: 1e308, second: b, choice: 'first' },
      { first: a, second: b, choice: 'FIRST' },
      { first: a, second: b, choice: ['first'] },
      { first: a, second: b },
    ];
    for (const body of bodies) expectError(await call(voter.browser, 'POST', '/api/battles/vote', body), 400, 'invalid_input');
    expect(votesOf(voter.id)).toBe(0);
  });

  it('refuses a pair with a hidden or deleted build and records nothing', async () => {
    const voter = await member();
    const [a, b] = builds as [number, number];
    hideBuild(stack.app.databasePath, b);
    try {
      expectError(await call(voter.browser, 'POST', '/api/battles/vote', { first: a, second: b, choice: 'first' }), 404, 'not_found');
    } finally {
      write((sqlite) => sqlite.prepare("update builds set review_status = 'approved' where id = ?").run(b));
    }
    expectError(
      await call(voter.browser, 'POST', '/api/battles/vote', { first: a, second: 99_999_999, choice: 'first' }),
      404,
      'not_found',
    );
    expect(votesOf(voter.id)).toBe(0);
  });

  it('keeps one vote per pair when twenty arrive at once in both orders, never a 5xx', async () => {
    const voter = await member();
    const [a, b] = builds as [number, number];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(
          voter.browser,
          'POST',
          '/api/battles/vote',
          index % 2 ? { first: a, second: b, choice: 'first' } : { first: b, second: a, choice: 'draw' },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 409, 429].includes(status))).toBe(true);
    expect(votesOf(voter.id)).toBe(1);
  });

  it('turns away a form of thousands of repeated ids (413) and refuses an odd-case choice, and a garbage reveal is just the next pair', async () => {
    const voter = await member();
    const [a, , c] = builds as [number, number, number];
    const form = new URLSearchParams();
    for (let i = 0; i < 3000; i++) form.append('first', String(a));
    for (let i = 0; i < 3000; i++) form.append('second', String(c));
    form.append('choice', 'second');
    const flood = await voter.browser.request('/battles', { method: 'POST', body: form, redirect: 'manual' });
    expect(flood.status).toBe(413);
    const oddCase = new URLSearchParams({ first: String(a), second: String(c), choice: 'Second' });
    const refused = await voter.browser.request('/battles', { method: 'POST', body: oddCase, redirect: 'manual' });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('Location')).toBe('/battles');
    expect(votesOf(voter.id)).toBe(0);
    for (const after of ['garbage', '1e3-2', '-1-2', '2-1', '1-1', `1-${'9'.repeat(400)}`, '1-2-3', '%00'])
      expect((await stack.browser().request(`/battles?after=${after}`)).status).toBe(200);
  });
});
