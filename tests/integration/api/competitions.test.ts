import { openAppDatabase } from '#tests/support/test-database';
import { describe, expect, it } from 'vitest';
import { call, expectContract, expectError } from '#tests/support/api';
import type { Browser } from '#tests/support/browser';
import { closeDueCompetitionsNow, insertCompetition, setCompetitionEnd } from '#tests/support/competitions';
import { testPhoto } from '#tests/support/uploads';
import { sharedStack } from '#tests/support/stack';

const ADMIN = 'api-competitions-admin@example.com';
const stack = sharedStack({ ADMIN_EMAILS: ADMIN }, { network: '198.18.7' });
const DAY = 24 * 3600_000;
let rigs = 0;
let competitions = 0;

async function buildBy(owner: Browser, title = `API contest rig ${++rigs}`): Promise<number> {
  const body = new FormData();
  body.set('title', title);
  body.set('image', new Blob([await testPhoto('jpeg', 640, 480)], { type: 'image/jpeg' }), 'rig.jpg');
  const response = await owner.request('/api/builds', { method: 'POST', body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const aCompetition = (values: { startDate?: number; endDate?: number } = {}) =>
  insertCompetition(stack.app.databasePath, { title: `API battle ${++competitions}`, ...values });

type Detail = {
  open: boolean;
  entryCount: number;
  closedAt: string | null;
  entries: { buildId: number }[] | null;
  standings: { rank: number; buildId: number; votes: number }[] | null;
  placements: { placement: number; buildId: number; prize: string | null }[] | null;
};

describe('the competitions API', () => {
  it('lists active, upcoming and past competitions with every card field', async () => {
    const active = aCompetition();
    const upcoming = aCompetition({ startDate: Date.now() + DAY, endDate: Date.now() + 5 * DAY });
    const guest = stack.browser();

    const activeList = await call(guest, 'GET', '/api/competitions/active');
    expectContract('GET', '/api/competitions/active', activeList.body);
    expect(activeList.body).toContainEqual(
      expect.objectContaining({ id: active, status: 'active', prizes: ['Gold', 'Silver', 'Bronze'], badgeUrl: null, entryCount: 0 }),
    );
    const all = await call(guest, 'GET', '/api/competitions');
    expect(all.status).toBe(200);
    expectContract('GET', '/api/competitions', all.body);
    const { upcoming: soon } = all.body as { upcoming: { id: number; status: string }[] };
    expect(soon).toContainEqual(expect.objectContaining({ id: upcoming, status: 'upcoming' }));

    expectError(await call(guest, 'GET', '/api/competitions/99999'), 404, 'not_found', 'Competition not found');
    expectError(await call(guest, 'GET', '/api/competitions/nope'), 404, 'not_found');
  });

  it('enters, replaces and withdraws the member’s own entry, and refuses what it must', async () => {
    const member = await stack.member();
    const [first, second] = [await buildBy(member), await buildBy(member)];
    const someoneElses = await buildBy(await stack.member());
    const id = aCompetition();
    const ended = aCompetition({ startDate: Date.now() - 3 * DAY, endDate: Date.now() - DAY });
    const entries = `/api/competitions/${id}/entries`;

    const entered = await call(member, 'POST', entries, { buildId: first });
    expect(entered.status).toBe(200);
    expectContract('POST', entries, entered.body);
    expect(entered.body).toEqual({ competitionId: id, buildId: first, replaced: false });
    expect((await call(member, 'POST', entries, { buildId: second })).body).toEqual({ competitionId: id, buildId: second, replaced: true });

    const detail = await call(stack.browser(), 'GET', `/api/competitions/${id}`);
    expectContract('GET', `/api/competitions/${id}`, detail.body);
    expect(detail.body).toMatchObject({
      open: true,
      contest: true,
      entryCount: 1,
      closedAt: null,
      placements: null,
      standings: null,
      entries: [{ buildId: second, myRating: null }],
    });

    expectError(await call(member, 'POST', entries, { buildId: someoneElses }), 403, 'forbidden', 'You can only enter your own builds');
    expectError(await call(member, 'POST', entries, { buildId: 'one' }), 400, 'invalid_input');
    expectError(await call(member, 'POST', `/api/competitions/${ended}/entries`, { buildId: first }), 409, 'conflict');
    expectError(await call(member, 'POST', '/api/competitions/99999/entries', { buildId: first }), 404, 'not_found');
    expectError(await call(stack.browser(), 'POST', entries, { buildId: first }), 401, 'unauthorized', 'Authentication required');
    expect((await call(member, 'GET', entries)).status).toBe(405);

    const withdrawn = await call(member, 'DELETE', entries);
    expect(withdrawn.status).toBe(200);
    expectContract('DELETE', entries, withdrawn.body);
    expectError(await call(member, 'DELETE', entries), 404, 'not_found', 'You have no entry in this competition');
    expect(((await call(member, 'GET', `/api/competitions/${id}`)).body as Detail).entries).toEqual([]);
  });

  it('refuses an unlisted build, and answers every placement once the competition is closed', async () => {
    const member = await stack.member();
    const held = await buildBy(member);
    const sqlite = openAppDatabase(stack.app.databasePath);
    sqlite.prepare("update builds set review_status = 'held' where id = ?").run(held);
    sqlite.close();
    const id = aCompetition();
    expectError(await call(member, 'POST', `/api/competitions/${id}/entries`, { buildId: held }), 400, 'invalid_input', /not listed/);

    const listed = await buildBy(member);
    await call(member, 'POST', `/api/competitions/${id}/entries`, { buildId: listed });
    // An entry nobody voted for would not place.
    expect((await call(await stack.member(), 'POST', `/api/builds/${listed}/rate`, { rating: 4 })).status).toBe(200);
    setCompetitionEnd(stack.app.databasePath, id, Date.now() + 1);
    await closeDueCompetitionsNow(stack.app.databasePath);

    const closed = await call(stack.browser(), 'GET', `/api/competitions/${id}`);
    expectContract('GET', `/api/competitions/${id}`, closed.body);
    expect(closed.body).toMatchObject({
      open: false,
      contest: false,
      entries: null,
      standings: [{ rank: 1, buildId: listed }],
      placements: [{ placement: 1, buildId: listed, prize: 'Gold' }],
    });
    expect((closed.body as Detail).closedAt).toEqual(expect.any(String));
    expectError(await call(member, 'DELETE', `/api/competitions/${id}/entries`), 409, 'conflict');
    expect((closed.body as { placements: { imageUrl: string }[] }).placements[0]?.imageUrl).toMatch(/^\/uploads\/images\/\w+\.jpg$/);
    const list = await call(stack.browser(), 'GET', '/api/competitions');
    expectContract('GET', '/api/competitions', list.body);
    const { past } = list.body as { past: { id: number; winners: { buildId: number; imageUrl: string }[] }[] };
    const winners = past.find((competition) => competition.id === id)?.winners;
    expect(winners).toHaveLength(1);
    expect(winners?.[0]?.imageUrl).toMatch(/^\/uploads\/images\/\w+\.jpg$/);
  });

  it('lets admins create and change a competition with its series and jury, as the form does, and refuses an unknown juror', async () => {
    const admin = await stack.member(ADMIN);
    const juror = await stack.member();
    const jurorName = ((await call(juror, 'GET', '/api/user')).body as { username: string }).username;
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const fields = { title: 'API jury cup', theme: 'Any', description: 'Judged.', startDate: day(0), endDate: day(3), prizes: ['Gold'] };

    const created = await call(admin, 'POST', '/api/admin/competitions', { ...fields, series: 'API Monthly', jurors: [`@${jurorName}`] });
    expect(created.status).toBe(201);
    expectContract('POST', '/api/admin/competitions', created.body);
    expect(created.body).toMatchObject({ title: 'API jury cup', series: 'API Monthly', jurors: [jurorName], status: 'active' });
    const id = (created.body as { id: number }).id;
    const detail = await call(stack.browser(), 'GET', `/api/competitions/${id}`);
    expect(detail.body).toMatchObject({ series: 'API Monthly', jurors: [jurorName], contest: true });

    const path = `/api/admin/competitions/${id}`;
    expectError(
      await call(admin, 'PATCH', path, { ...fields, jurors: ['nobody-by-this-name'] }),
      400,
      'invalid_input',
      /nobody-by-this-name/,
    );
    expect((await call(stack.browser(), 'GET', `/api/competitions/${id}`)).body).toMatchObject({ jurors: [jurorName] });
    const changed = await call(admin, 'PATCH', path, { ...fields, title: 'API jury cup II', series: null, jurors: [] });
    expect(changed.status).toBe(200);
    expectContract('PATCH', path, changed.body);
    expect(changed.body).toMatchObject({ title: 'API jury cup II', series: null, jurors: [] });

    expectError(await call(juror, 'POST', '/api/admin/competitions', fields), 403, 'forbidden');
    expectError(await call(stack.browser(), 'POST', '/api/admin/competitions', fields), 401, 'unauthorized');
    expectError(await call(admin, 'PATCH', '/api/admin/competitions/99999', fields), 404, 'not_found');
    expectError(await call(admin, 'POST', '/api/admin/competitions', { ...fields, endDate: day(-1) }), 400, 'invalid_input');
  });
});
