import { describe, expect, it } from 'vitest';
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

function hide(buildId: number) {
  const sqlite = openAppDatabase(stack.app.databasePath);
  sqlite.prepare("update builds set review_status = 'held' where id = ?").run(buildId);
  sqlite.close();
}

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
    expect(pageText(replaced.html)).toMatch(/#1 .*Second entry/);

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

  it('rank entries by votes given during the competition, and the closing job fixes the winners shown on past competitions', async () => {
    const id = aCompetition();
    const entrants = [await stack.member(), await stack.member(), await stack.member()];
    const builds: number[] = [];
    for (const [index, entrant] of entrants.entries()) {
      builds.push(await buildBy(entrant, `Finalist ${index + 1}`));
      await entrant.post(`/competitions/${id}`, { intent: 'enter', buildId: String(builds[index]) });
    }
    const voters = [await stack.member(), await stack.member()];
    for (const voter of voters) {
      for (const [index, stars] of [3, 5, 4].entries())
        await voter.post(`/build/${builds[index]}`, { intent: 'rate', rating: String(stars) });
    }
    expect(pageText((await stack.browser().get(`/competitions/${id}`)).html)).toMatch(/#1 .*Finalist 2.*#2 .*Finalist 3.*#3 .*Finalist 1/);

    setCompetitionEnd(stack.app.databasePath, id, Date.now());
    await closeDueCompetitionsNow(stack.app.databasePath);
    expect([0, 1, 2].map((index) => entryOf(id, builds[index]!)?.placement)).toEqual([3, 1, 2]);

    const closed = pageText((await stack.browser().get(`/competitions/${id}`)).html);
    expect(closed).toMatch(/Winners 1st @\S+ Finalist 2 Gold 2nd @\S+ Finalist 3 Silver 3rd @\S+ Finalist 1 Bronze/);
    const past = pageText((await stack.browser().get('/past-competitions')).html);
    expect(past).toContain(titleOf(id));
    expect(past).toMatch(/1st @\S+ Finalist 2 Gold/);
    const audit = readRow<{ action: string; actor_name: string }>(
      stack.app.databasePath,
      "select action, actor_name from audit_log where target_type = 'competition' and target_id = ?",
      id,
    );
    expect(audit).toEqual({ action: 'close-competition', actor_name: 'competition closing' });
  });
});
