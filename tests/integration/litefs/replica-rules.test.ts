// The rules of the third hostile review, asked through the replica: the writes (signing
// in, staff actions, ratings) are forwarded to the primary, which decides; the reads
// (pages, their data, the API) are the replica's own, from its copy of the database.
import { describe, expect, it } from 'vitest';
import { call, expectError } from '#tests/support/api';
import { type Browser, pageText, toastText } from '#tests/support/browser';
import { closeDueCompetitionsNow, insertCompetition, setCompetitionEnd } from '#tests/support/competitions';
import { liteFsUnavailable, sharedLiteFsCluster } from '#tests/support/litefs-cluster';
import { signInWithCode } from '#tests/support/sign-in';
import { openAppDatabase, readRow } from '#tests/support/test-database';
import { testPhoto, uploadBuild } from '#tests/support/uploads';
import { waitFor } from '#tests/support/wait';

const unavailable = liteFsUnavailable();
if (unavailable && process.env.CI) throw new Error(unavailable);
if (unavailable) console.warn(`Skipped. ${unavailable}`);

const ADMIN_EMAIL = 'replica-chief@example.com';
const DAY = 24 * 3600_000;

describe.skipIf(unavailable)('the review’s rules on a replica (B), its writes decided on the primary (A)', () => {
  const cluster = sharedLiteFsCluster({ ADMIN_EMAILS: ADMIN_EMAIL });
  const primaryRow = <T>(sql: string, ...params: unknown[]) => readRow<T>(cluster.primary.databasePath, sql, ...params);
  const idOf = (email: string) => primaryRow<{ id: number }>('select id from users where email = ?', email).id;
  let admin: Browser;
  let photos = 0;

  /** A build uploaded through the replica, listed at once (SCREENING=off): its id. A photo of its own shape, so no files are shared. */
  const buildBy = async (owner: Browser, title: string) => {
    const file = { bytes: await testPhoto('jpeg', 600 + ++photos * 10, 400), name: 'rig.jpg', type: 'image/jpeg' };
    return Number((await uploadBuild(owner, { title, file })).url.split('/').pop());
  };
  /** A member signed in on the replica, and their id. */
  const aMember = async (email = `replica-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`) => {
    const browser = await cluster.member(cluster.replica, email);
    return { browser, id: idOf(email), email };
  };

  it('publishes nothing for a suspended member who signs in there: the upload made as a guest waits', async () => {
    admin = await cluster.member(cluster.replica, ADMIN_EMAIL);
    const suspended = await aMember();
    const until = new Date(Date.now() + 3 * DAY).toISOString();
    expect((await call(admin, 'PATCH', `/api/admin/users/${suspended.id}/suspension`, { until, reason: 'Flame war' })).status).toBe(200);
    const guest = cluster.browser(cluster.replica);
    await uploadBuild(guest, {
      title: 'Replica guest rig',
      file: { bytes: await testPhoto('jpeg', 640, 480), name: 'rig.jpg', type: 'image/jpeg' },
    });
    // The address asked for a code a moment ago: past the resend pause, as a member coming back later would be.
    const sqlite = openAppDatabase(cluster.primary.databasePath);
    sqlite.prepare("delete from rate_limit_hits where bucket = 'login-code:resend'").run();
    sqlite.close();

    const landed = await signInWithCode(guest, cluster.mail, suspended.email, '/upload');
    expect(landed.url).toBe('/upload');
    expect(toastText(landed.html)).toContain('Your upload was not published');
    expect(primaryRow<{ n: number }>("select count(*) as n from builds where title = 'Replica guest rig'").n).toBe(0);
    expect(primaryRow<{ n: number }>("select count(*) as n from temp_uploads where title = 'Replica guest rig'").n).toBe(1);
  }, 60_000);

  it('refuses a moderator discounting an admin or a juror of a running competition there, with 403 and no score moved', async () => {
    const moderator = await aMember();
    expect((await call(admin, 'PATCH', `/api/admin/users/${moderator.id}/moderator`, { isModerator: true })).status).toBe(200);
    const juror = await aMember();
    insertCompetition(cluster.primary.databasePath, { title: 'Replica jury cup', jurors: [juror.id] });
    const buildId = await buildBy((await aMember()).browser, 'Replica judged rig');
    for (const rater of [admin, juror.browser])
      expect((await call(rater, 'POST', `/api/builds/${buildId}/rate`, { rating: 5 })).status).toBe(200);
    for (const target of [idOf(ADMIN_EMAIL), juror.id]) {
      const refused = await call(moderator.browser, 'PATCH', `/api/admin/users/${target}/rating-discount`, {
        discounted: true,
        reason: 'x',
      });
      expectError(refused, 403, 'forbidden', /juror/);
    }
    expect(primaryRow<{ n: number }>('select count(*) as n from rating_discounts').n).toBe(0);
    expect(primaryRow<{ rating_count: number }>('select rating_count from builds where id = ?', buildId).rating_count).toBe(2);
  }, 60_000);

  it('orders a running competition’s entries by no rating there, page and API, and names no hidden winner once it closed', async () => {
    const competitionId = insertCompetition(cluster.primary.databasePath, { title: 'Replica cup' });
    const page = `/competitions/${competitionId}`;
    const entries: { browser: Browser; build: number }[] = [];
    for (const title of ['Replica pick A', 'Replica pick B']) {
      const { browser } = await aMember();
      const build = await buildBy(browser, title);
      await browser.post(page, { intent: 'enter', buildId: String(build) });
      entries.push({ browser, build });
    }
    const [a, b] = entries as [(typeof entries)[0], (typeof entries)[0]];
    // A leads by the ratings; B, entered later, is the newest.
    const voter = (await aMember()).browser;
    await voter.post(page, { intent: 'rate', buildId: String(a.build), rating: '5' });
    await voter.post(page, { intent: 'rate', buildId: String(b.build), rating: '1' });

    const visitor = cluster.browser(cluster.replica);
    const titles = (html: string) => [...new Set([...html.matchAll(/Replica pick [AB]/g)].map(([name]) => name))];
    // Once the entries have reached the replica.
    const shown = await waitFor(async () => {
      const gallery = await visitor.get(`/gallery?competition=${competitionId}&sort=top`);
      return titles(gallery.html).length === 2 ? gallery : undefined;
    });
    expect(shown.url).toBe(`/gallery?competition=${competitionId}`);
    expect(titles(shown.html)).toEqual(['Replica pick B', 'Replica pick A']);
    expect(pageText(shown.html)).toContain('While Replica cup runs, its entries are not ranked by their ratings');
    const api = await call(visitor, 'GET', `/api/builds?competition=${competitionId}&sort=trending`);
    expect(api.body).toMatchObject({ sort: 'newest', builds: [{ id: b.build }, { id: a.build }] });

    setCompetitionEnd(cluster.primary.databasePath, competitionId, Date.now());
    await closeDueCompetitionsNow(cluster.primary.databasePath);
    expect(toastText((await admin.post(`/build/${a.build}`, { intent: 'hide-build' })).html)).toContain('Build hidden');
    // Once the hiding has reached the replica, its pages, their data and the API keep A's place, not its name.
    const closed = await waitFor(async () => {
      const html = (await visitor.get(page)).html;
      return html.includes('a build no longer listed') ? html : undefined;
    });
    expect(pageText(closed)).toMatch(/1st @\S+ a build no longer listed Gold 2nd @\S+ Replica pick B Silver/);
    for (const path of [page, `${page}.data`, '/past-competitions', '/past-competitions.data', '/api/competitions']) {
      const body = (await visitor.get(path)).html;
      expect(body, path).not.toContain('Replica pick A');
      expect(body, path).not.toContain(`/build/${a.build}`);
    }
  }, 120_000);
});
