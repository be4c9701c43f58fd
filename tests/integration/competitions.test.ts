import { describe, expect, it } from 'vitest';
import { call, expectContract } from '#tests/support/api';
import { type Browser, pageText, toastText } from '#tests/support/browser';
import { closeDueCompetitionsNow, insertCompetition, setCompetitionEnd } from '#tests/support/competitions';
import { openAppDatabase, readRow } from '#tests/support/test-database';
import { testPhoto, uploadBuild } from '#tests/support/uploads';
import { sharedStack } from '#tests/support/stack';

const stack = sharedStack({}, { network: '203.0.113' });
const DAY = 24 * 3600_000;
let rigs = 0;
let competitions = 0;

async function buildBy(owner: Browser, title = `Contest rig ${++rigs}`) {
  const page = await uploadBuild(owner, { title, file: { bytes: await testPhoto('jpeg', 640, 480), name: 'rig.jpg', type: 'image/jpeg' } });
  return Number(page.url.split('/').pop());
}

/** A competition titled "Battle N" (running from yesterday for a week unless told): its id. */
const aCompetition = (values: { startDate?: number; endDate?: number } = {}) =>
  insertCompetition(stack.app.databasePath, { title: `Battle ${++competitions}`, ...values });
const titleOf = (id: number) => readRow<{ title: string }>(stack.app.databasePath, 'select title from competitions where id = ?', id).title;

function review(buildId: number, status: 'held' | 'approved') {
  const sqlite = openAppDatabase(stack.app.databasePath);
  sqlite.prepare('update builds set review_status = ? where id = ?').run(status, buildId);
  sqlite.close();
}
const hide = (buildId: number) => review(buildId, 'held');

const entryOf = (competitionId: number, userBuild: number) =>
  readRow<{ build_id: number; placement: number | null } | undefined>(
    stack.app.databasePath,
    'select build_id, placement from competition_entries where competition_id = ? and user_id = (select user_id from builds where id = ?)',
    competitionId,
    userBuild,
  );

describe('the competition screens', () => {
  it('list active and upcoming competitions as cards, and answer an unknown id with the 404 page', async () => {
    const guest = stack.browser();
    const active = aCompetition();
    const upcoming = aCompetition({ startDate: Date.now() + 2 * DAY + 60_000, endDate: Date.now() + 9 * DAY });
    const list = pageText((await guest.get('/competitions')).html);
    expect(list).toContain(titleOf(active));
    expect(list).toMatch(/Active 7 days left/);
    expect(list).toMatch(/Starts in 3 days 9 days left/);
    expect(list).toContain('Gold');
    expect(list).toContain('0 entries');
    expect(list).toContain('View Competition');
    expect(list).toContain(titleOf(upcoming));

    for (const path of ['/competitions/99999', '/competitions/nope']) {
      const page = await guest.get(path);
      expect(page.status).toBe(404);
      expect(pageText(page.html)).toContain('This competition does not exist or was removed.');
    }
    const open = pageText((await guest.get(`/competitions/${active}`)).html);
    expect(open).toContain('One build per member.');
    expect(open).toContain('Sign in to enter one of your builds.');
    expect(open).not.toContain('Under construction');
  });

  it('let a member enter their own listed build, replace it, and withdraw it, without JavaScript', async () => {
    const member = await stack.member();
    const [first, second] = [await buildBy(member, 'First entry'), await buildBy(member, 'Second entry')];
    const id = aCompetition();
    const page = `/competitions/${id}`;

    const entered = await member.post(page, { intent: 'enter', buildId: String(first) });
    expect(entered.url).toBe(page);
    expect(toastText(entered.html)).toContain('Build entered');
    expect(pageText(entered.html)).toContain('Your entry: First entry');
    const replaced = await member.post(page, { intent: 'enter', buildId: String(second) });
    expect(toastText(replaced.html)).toContain('Entry replaced');
    expect(entryOf(id, second)).toEqual({ build_id: second, placement: null });
    expect(pageText(replaced.html)).toMatch(/Entries .*Second entry @\S+ Lv \d+ Your entry: members rate it, you cannot\./);

    const withdrawn = await member.post(page, { intent: 'withdraw' });
    expect(toastText(withdrawn.html)).toContain('Entry withdrawn');
    expect(entryOf(id, second)).toBeUndefined();
  });

  it('refuse someone else’s build, an unlisted build, an ended competition and an empty choice, changing nothing', async () => {
    const member = await stack.member();
    const mine = await buildBy(member);
    const held = await buildBy(member);
    hide(held);
    const someoneElses = await buildBy(await stack.member());
    const id = aCompetition();
    const ended = aCompetition({ startDate: Date.now() - 3 * DAY, endDate: Date.now() - DAY });

    const cases: [string, Record<string, string>, number, string][] = [
      [`/competitions/${id}`, { intent: 'enter', buildId: String(someoneElses) }, 403, 'You can only enter your own builds.'],
      [`/competitions/${id}`, { intent: 'enter', buildId: String(held) }, 400, 'That build is not listed, so it cannot be entered.'],
      [`/competitions/${id}`, { intent: 'enter', buildId: '' }, 400, 'Choose one of your builds'],
      [`/competitions/${ended}`, { intent: 'enter', buildId: String(mine) }, 409, 'This competition is not taking entries.'],
    ];
    for (const [path, fields, status, message] of cases) {
      const refused = await member.post(path, fields);
      expect(refused.status).toBe(status);
      expect(pageText(refused.html)).toContain(message);
    }
    expect(entryOf(id, mine)).toBeUndefined();
    expect(entryOf(ended, mine)).toBeUndefined();

    const guest = stack.browser();
    const response = await guest.submit(`/competitions/${id}`, { intent: 'enter', buildId: String(mine) });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/auth?redirectTo=${encodeURIComponent(`/competitions/${id}`)}`);
  });

  it('run in contest mode: members rate entries in place, no score shows until it closes, then the community and jury winners', async () => {
    const juror = await stack.member();
    const jurorId = ((await juror.request('/api/user').then((response) => response.json())) as { id: number }).id;
    const id = insertCompetition(stack.app.databasePath, { title: `Battle ${++competitions}`, jurors: [jurorId] });
    const page = `/competitions/${id}`;
    // The fourth entry gets the jury's stars alone: the community's places are not for it.
    const entrants = [await stack.member(), await stack.member(), await stack.member(), await stack.member()];
    const builds: number[] = [];
    for (const [index, entrant] of entrants.entries()) {
      builds.push(await buildBy(entrant, `Finalist ${index + 1}`));
      await entrant.post(page, { intent: 'enter', buildId: String(builds[index]) });
    }
    // Members rate on the competition page itself, without JavaScript: a post, and back to the entry's card.
    const voters = [await stack.member(), await stack.member()];
    for (const voter of voters) {
      for (const [index, stars] of [3, 5, 4].entries()) {
        const rated = await voter.post(page, { intent: 'rate', buildId: String(builds[index]), rating: String(stars) });
        expect(rated.url).toBe(page);
        expect(toastText(rated.html)).toContain('Rating submitted');
      }
    }
    const own = await voters[0]!.get(page);
    expect(pageText(own.html)).toMatch(
      /Finalist 2 @\S+ Lv \d+ rate Finalist 2 1 star 2 stars 3 stars 4 stars 5 stars Update rating You rated this build 5 stars\./,
    );
    // The jury's stars go the other way: Finalist 1 is the jury's pick.
    for (const [index, stars] of [5, 1, 2, 1].entries())
      await juror.post(page, { intent: 'rate', buildId: String(builds[index]), rating: String(stars) });
    expect(pageText((await juror.get(page)).html)).toContain('You are on the jury');

    // Nothing anywhere says how the entries stand: not the text, not the page's data, not the API.
    const guest = stack.browser();
    const shown = await guest.get(page);
    expect(shown.response.headers.get('cache-control')).toMatch(/private/);
    const text = pageText(shown.html);
    expect(text).toContain('Finalist 1');
    expect(text).not.toMatch(/#\d|\d+ votes?\b|\bpts\b|Rated by|Standings|\b[1-5]\.\d\b/);
    for (const revealing of ['averageRating', 'ratingCount', 'votes', 'points', '"rank"', 'juryPlacement'])
      expect(shown.html).not.toContain(revealing);
    // A guest's order is theirs: the same on every visit that day, and never the page cache's one page for everyone.
    const again = await guest.get(page);
    expect(again.response.headers.get('x-page-cache')).toBeNull();
    expect(entryOrder(again.html)).toEqual(entryOrder(shown.html));
    for (const caller of [guest, voters[0]!]) {
      const api = await caller.request(`/api/competitions/${id}`);
      const body = await api.text();
      expect(JSON.parse(body)).toMatchObject({
        contest: true,
        standings: null,
        placements: null,
        juryWinner: null,
        jurors: [expect.any(String)],
      });
      for (const revealing of ['averageRating', 'ratingCount', '"votes"', '"points"', '"rank"', '"placement"'])
        expect(body).not.toContain(revealing);
    }

    setCompetitionEnd(stack.app.databasePath, id, Date.now());
    await closeDueCompetitionsNow(stack.app.databasePath);
    expect([0, 1, 2, 3].map((index) => entryOf(id, builds[index]!)?.placement)).toEqual([3, 1, 2, null]);

    const closed = pageText((await stack.browser().get(page)).html);
    expect(closed).toMatch(
      /Winners 1st @\S+ Finalist 2 Gold 2nd @\S+ Finalist 3 Silver 3rd @\S+ Finalist 1 Bronze Jury prize @\S+ Finalist 1/,
    );
    expect(closed).toMatch(
      /Final standings .*#1 2 votes · 10 pts during the competition.* No place No member voted for this entry during the competition\. Finalist 4 @\S+/,
    );
    expect(closed.match(/Finalist 4/g)).toHaveLength(1);
    const past = pageText((await stack.browser().get('/past-competitions')).html);
    expect(past).toContain(titleOf(id));
    expect(past).toMatch(/1st @\S+ Finalist 2 Gold .*Jury prize @\S+ Finalist 1/);
    const audit = readRow<{ action: string; actor_name: string }>(
      stack.app.databasePath,
      "select action, actor_name from audit_log where target_type = 'competition' and target_id = ?",
      id,
    );
    expect(audit).toEqual({ action: 'close-competition', actor_name: 'competition closing' });
  });

  it('close with no winner when nobody voted: the page says why, and names no entry', async () => {
    const id = insertCompetition(stack.app.databasePath, { title: `Battle ${++competitions}` });
    const entrant = await stack.member();
    const build = await buildBy(entrant, 'Unjudged rig');
    await entrant.post(`/competitions/${id}`, { intent: 'enter', buildId: String(build) });
    setCompetitionEnd(stack.app.databasePath, id, Date.now());
    await closeDueCompetitionsNow(stack.app.databasePath);
    expect(entryOf(id, build)?.placement).toBeNull();
    const closed = pageText((await stack.browser().get(`/competitions/${id}`)).html);
    expect(closed).toContain('Final standings');
    expect(closed).toMatch(
      /Final standings No entry took a place\. No place No member voted for this entry during the competition\. Unjudged rig @\S+/,
    );
    expect(closed).toContain('Winners No community winner: no entry got a member’s vote during the competition.');
    expect(closed).not.toContain('1st');
  });

  it('says why each entry took no place: no vote, or a build not listed as it closed', async () => {
    const id = insertCompetition(stack.app.databasePath, { title: `Battle ${++competitions}` });
    const entrants = [await stack.member(), await stack.member()];
    const [unvoted, held] = [await buildBy(entrants[0]!, 'Unvoted rig'), await buildBy(entrants[1]!, 'Held rig')];
    await entrants[0]!.post(`/competitions/${id}`, { intent: 'enter', buildId: String(unvoted) });
    await entrants[1]!.post(`/competitions/${id}`, { intent: 'enter', buildId: String(held) });
    await (await stack.member()).post(`/build/${held}`, { intent: 'rate', rating: '5' });
    hide(held);
    setCompetitionEnd(stack.app.databasePath, id, Date.now());
    await closeDueCompetitionsNow(stack.app.databasePath);
    // Listed again after the close: its vote did not place it, for it was under review then.
    review(held, 'approved');
    expect(pageText((await stack.browser().get(`/competitions/${id}`)).html)).toMatch(
      /No place An entry takes no place when no member voted for it during the competition, or when its build was not listed as the competition closed\. Unvoted rig @\S+ no vote Held rig @\S+ not listed at the close/,
    );
  });

  it('close with no winner when nobody entered, and say so', async () => {
    const id = insertCompetition(stack.app.databasePath, { title: `Battle ${++competitions}` });
    setCompetitionEnd(stack.app.databasePath, id, Date.now());
    await closeDueCompetitionsNow(stack.app.databasePath);
    const closed = pageText((await stack.browser().get(`/competitions/${id}`)).html);
    expect(closed).toContain('Winners Nobody entered, so nobody won.');
    expect(closed).toContain('Final standings Nobody entered this competition.');
  });

  it('take ratings in place only for the competition’s own entries, while it is open', async () => {
    const entrant = await stack.member();
    const entry = await buildBy(entrant);
    const outsider = await buildBy(await stack.member());
    const id = aCompetition();
    await entrant.post(`/competitions/${id}`, { intent: 'enter', buildId: String(entry) });
    const voter = await stack.member();

    const notAnEntry = await voter.post(`/competitions/${id}`, { intent: 'rate', buildId: String(outsider), rating: '5' });
    expect(toastText(notAnEntry.html)).toContain('That build is not an entry here.');
    const own = await entrant.post(`/competitions/${id}`, { intent: 'rate', buildId: String(entry), rating: '5' });
    expect(toastText(own.html)).toContain('You cannot rate your own build');
    setCompetitionEnd(stack.app.databasePath, id, Date.now() - 1000);
    const late = await voter.post(`/competitions/${id}`, { intent: 'rate', buildId: String(entry), rating: '5' });
    expect(toastText(late.html)).toContain('Voting has closed for this competition.');
    expect(
      readRow<{ n: number }>(stack.app.databasePath, 'select count(*) as n from ratings where build_id in (?, ?)', entry, outsider).n,
    ).toBe(0);
  });
});

describe('a running competition in the gallery', () => {
  it('is not ordered by its ratings: top rated and trending read as newest, pages and API, saying why, until it closes', async () => {
    const id = aCompetition();
    const title = titleOf(id);
    const entries: number[] = [];
    for (const name of ['Contest pick A', 'Contest pick B', 'Contest pick C']) {
      const entrant = await stack.member();
      entries.push(await buildBy(entrant, name));
      await entrant.post(`/competitions/${id}`, { intent: 'enter', buildId: String(entries.at(-1)) });
    }
    const [a, b, c] = entries as [number, number, number];
    // By the ratings A leads, then B, then C: the newest first is the other way round.
    for (const voter of [await stack.member(), await stack.member()])
      for (const [build, stars] of [
        [a, 5],
        [b, 3],
        [c, 1],
      ] as const)
        await voter.post(`/competitions/${id}`, { intent: 'rate', buildId: String(build), rating: String(stars) });
    const titles = (html: string) => [...new Set([...html.matchAll(/Contest pick [ABC]/g)].map(([name]) => name))];
    const apiOrder = async (sort: string) => {
      const result = await call(stack.browser(), 'GET', `/api/builds?competition=${id}&sort=${sort}`);
      expectContract('GET', '/api/builds', result.body);
      const body = result.body as { builds: { id: number }[]; sort: string };
      return { ids: body.builds.map((build) => build.id), sort: body.sort };
    };

    const guest = stack.browser();
    for (const sort of ['top', 'trending']) {
      const page = await guest.get(`/gallery?competition=${id}&sort=${sort}`);
      expect(page.url).toBe(`/gallery?competition=${id}`);
      expect(titles(page.html)).toEqual(['Contest pick C', 'Contest pick B', 'Contest pick A']);
      expect(pageText(page.html)).toContain(`While ${title} runs, its entries are not ranked by their ratings`);
      expect(page.html).not.toMatch(/href="\/gallery\?sort=(top|trending)&amp;competition=/);
      expect(await apiOrder(sort)).toEqual({ ids: [c, b, a], sort: 'newest' });
    }
    const paged = await call(guest, 'GET', `/api/builds?competition=${id}&sort=top&limit=1`);
    expect((paged.body as { next: string }).next).toBe(`/api/builds?competition=${id}&after=${c}&limit=1`);

    setCompetitionEnd(stack.app.databasePath, id, Date.now());
    await closeDueCompetitionsNow(stack.app.databasePath);
    const ranked = await stack.browser().get(`/gallery?competition=${id}&sort=top`);
    expect(ranked.url).toBe(`/gallery?competition=${id}&sort=top`);
    expect(titles(ranked.html)).toEqual(['Contest pick A', 'Contest pick B', 'Contest pick C']);
    expect(pageText(ranked.html)).not.toContain('are not ranked by their ratings');
    expect(await apiOrder('top')).toEqual({ ids: [a, b, c], sort: 'top' });
  });
});

describe('a build no longer listed', () => {
  it('is never named where it won: its place and member stay, its title, link and photo go, from pages, their data and the API', async () => {
    const juror = await stack.member();
    const jurorId = ((await (await juror.request('/api/user')).json()) as { id: number }).id;
    const id = insertCompetition(stack.app.databasePath, { title: `Battle ${++competitions}`, jurors: [jurorId] });
    const page = `/competitions/${id}`;
    const [winner, runnerUp] = [await stack.member(), await stack.member()];
    // A photo of its own shape: the same picture (or a plain one of the same shape) shares its files.
    const photo = { bytes: await testPhoto('jpeg', 900, 500), name: 'rig.jpg', type: 'image/jpeg' };
    const hidden = Number((await uploadBuild(winner, { title: 'Quietly withdrawn rig', file: photo })).url.split('/').pop());
    const shown = await buildBy(runnerUp, 'Still listed rig');
    for (const [entrant, build] of [
      [winner, hidden],
      [runnerUp, shown],
    ] as const)
      await entrant.post(page, { intent: 'enter', buildId: String(build) });
    for (const voter of [await stack.member(), juror])
      for (const [build, stars] of [
        [hidden, 5],
        [shown, 3],
      ] as const)
        await voter.post(page, { intent: 'rate', buildId: String(build), rating: String(stars) });
    setCompetitionEnd(stack.app.databasePath, id, Date.now());
    await closeDueCompetitionsNow(stack.app.databasePath);
    expect(entryOf(id, hidden)?.placement).toBe(1);
    hide(hidden);

    const sqlite = openAppDatabase(stack.app.databasePath);
    const files = sqlite
      .prepare('select file_name from image_variants where image_id = (select image_id from builds where id = ?)')
      .pluck()
      .all(hidden) as string[];
    sqlite.close();
    expect(files.length).toBeGreaterThan(0);
    const winnerName = readRow<{ username: string }>(
      stack.app.databasePath,
      'select username from users where id = (select user_id from builds where id = ?)',
      hidden,
    ).username;
    const names = (body: string, where: string) => {
      expect(body, where).not.toContain('Quietly withdrawn rig');
      expect(body, where).not.toMatch(new RegExp(`/build/${hidden}\\b|"buildId":${hidden}\\b`));
      for (const file of files) expect(body, where).not.toContain(file);
    };
    const guest = stack.browser();
    for (const path of [
      page,
      `${page}.data`,
      '/past-competitions',
      '/past-competitions.data',
      `/u/${winnerName}`,
      `/u/${winnerName}.data`,
    ]) {
      const response = await guest.get(path);
      expect(response.status, path).toBe(200);
      names(response.html, path);
    }
    // The place is still theirs, and the runner-up still named.
    const closed = pageText((await guest.get(page)).html);
    expect(closed).toMatch(new RegExp(`1st @${winnerName} a build no longer listed Gold 2nd @\\S+ Still listed rig Silver`));
    expect(closed).toMatch(new RegExp(`Jury prize @${winnerName} a build no longer listed`));
    // The standings still read from #1: the place keeps its row, unnamed, and the runner-up stays #2.
    expect(closed).toMatch(
      /Final standings .* #1 A build no longer listed #2 \d+ votes? · \d+ pts during the competition Still listed rig/,
    );
    expect(pageText((await guest.get(`/u/${winnerName}`)).html)).toMatch(/1st of 2 .* a build no longer listed/);

    const list = await call(guest, 'GET', '/api/competitions');
    names(JSON.stringify(list.body), '/api/competitions');
    expectContract('GET', '/api/competitions', list.body);
    const past = (list.body as { past: { id: number; winners: unknown[]; juryWinner: unknown }[] }).past.find((entry) => entry.id === id)!;
    expect(past.winners[0]).toEqual({
      placement: 1,
      prize: 'Gold',
      username: winnerName,
      buildId: null,
      title: null,
      imageUrl: null,
      imageAlt: null,
    });
    expect(past.juryWinner).toEqual({ username: winnerName, buildId: null, title: null, imageUrl: null, imageAlt: null });
    const detail = await call(guest, 'GET', `/api/competitions/${id}`);
    names(JSON.stringify(detail.body), `/api/competitions/${id}`);
    expectContract('GET', `/api/competitions/${id}`, detail.body);
    expect((detail.body as { placements: unknown[] }).placements).toEqual([
      { placement: 1, prize: 'Gold', username: winnerName, buildId: null, title: null, imageUrl: null, imageAlt: null },
      expect.objectContaining({ placement: 2, buildId: shown, title: 'Still listed rig' }),
    ]);
    names(JSON.stringify((await call(guest, 'GET', `/api/users/${winnerName}`)).body), `/api/users/${winnerName}`);
  });
});

/** The entries' build ids, in the order the page lists them. */
const entryOrder = (html: string) => [...html.matchAll(/id="entry-(\d+)"/g)].map((match) => Number(match[1]));
