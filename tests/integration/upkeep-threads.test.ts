import { describe, expect, it } from 'vitest';
import { THREAD_WORTH_ROWS } from '~/jobs/worker-thread.server';
import { BATTLE_REFIT_JOB, INTEGRITY_SCAN_JOB, LEADERBOARD_JOB } from '~/queue/job-types';
import { metricSample } from '#tests/support/metrics';
import { openAppDatabase, runScheduledJobNow } from '#tests/support/test-database';
import { sharedApp } from '#tests/support/stack';

const TOKEN = 'upkeep-scrape-token-0123456789';
const server = sharedApp({ METRICS_TOKEN: TOKEN });

const UPKEEP = [
  { job: LEADERBOARD_JOB, entry: 'leaderboard-worker' },
  { job: BATTLE_REFIT_JOB, entry: 'battle-fit-worker' },
  { job: INTEGRITY_SCAN_JOB, entry: 'integrity-worker' },
];

/** Worker threads started for each upkeep entry, as /metrics counts them. */
async function threadsStarted(): Promise<Record<string, number>> {
  const started: Record<string, number> = {};
  for (const { entry } of UPKEEP) started[entry] = await metricSample(server.app, TOKEN, `rigroast_upkeep_threads_total{entry="${entry}"}`);
  return started;
}

/** Runs the three upkeep jobs now, one after another, each to its end. */
async function runUpkeep(): Promise<void> {
  for (const { job } of UPKEEP) await runScheduledJobNow(server.app.databasePath, job);
}

type Standing = { buildId: number; votes: number };

/** What the upkeep wrote: today's board (build and votes), the builds with a battle strength, the last scan's id. */
function upkeepResults() {
  const sqlite = openAppDatabase(server.app.databasePath, { readonly: true });
  try {
    const count = (query: string) => (sqlite.prepare(query).pluck().get() as number | null) ?? 0;
    return {
      today: sqlite
        .prepare("select build_id buildId, votes from leaderboard_standings where period = 'today' and votes > 0 order by position")
        .all() as Standing[],
      fitted: count('select count(*) from battle_standings'),
      lastScan: count('select max(id) from integrity_scans'),
    };
  } finally {
    sqlite.close();
  }
}

describe('upkeep (the leaderboards, the battle fit, the vote-integrity scan)', () => {
  it(`runs on the server's thread while the site is small, in a worker thread once it has ${THREAD_WORTH_ROWS} rows to read, alike`, async () => {
    const sqlite = openAppDatabase(server.app.databasePath);
    const now = Date.now();
    const user = (name: string) =>
      Number(
        sqlite.prepare('insert into users (username, username_key, email) values (?, lower(?), ?)').run(name, name, `${name}@example.com`)
          .lastInsertRowid,
      );
    const build = (title: string, owner: number) => {
      const image = Number(
        sqlite.prepare('insert into images (hash, width, height, published) values (?, 1600, 1200, 1)').run(title).lastInsertRowid,
      );
      sqlite
        .prepare("insert into image_variants (image_id, format, width, height, bytes, file_name) values (?, 'jpeg', 640, 480, 1000, ?)")
        .run(image, `${image}-640.jpg`);
      return Number(
        sqlite
          .prepare(
            "insert into builds (user_id, title, image_id, review_status, total_rating, rating_count, created_at) values (?, ?, ?, 'approved', 0, 0, ?)",
          )
          .run(owner, title, image, now).lastInsertRowid,
      );
    };
    const rate = (buildId: number, userId: number, id?: number) =>
      sqlite
        .prepare('insert into ratings (id, build_id, user_id, rating, created_at, updated_at) values (?, ?, ?, 5, ?, ?)')
        .run(id ?? null, buildId, userId, now, now);

    const rater = user('upkeep_rater');
    const small = build('Small rig', user('small_maker'));
    const other = build('Other rig', user('other_maker'));
    rate(small, rater);
    await runUpkeep();
    const smallSite = upkeepResults();
    expect(smallSite).toMatchObject({ today: [{ buildId: small, votes: 1 }], fitted: 2 });
    expect(await threadsStarted()).toEqual({ 'leaderboard-worker': 0, 'battle-fit-worker': 0, 'integrity-worker': 0 });

    // Ids never go back, so one rating numbered past the line makes the site big enough; a
    // battle vote since the last fit asks for another.
    rate(other, rater, THREAD_WORTH_ROWS);
    sqlite
      .prepare("insert into battle_votes (voter_id, build_low, build_high, outcome, created_at) values (?, ?, ?, 'low', ?)")
      .run(rater, Math.min(small, other), Math.max(small, other), Date.now());
    sqlite.close();
    await runUpkeep();
    expect(await threadsStarted()).toEqual({ 'leaderboard-worker': 1, 'battle-fit-worker': 1, 'integrity-worker': 1 });
    const bigSite = upkeepResults();
    expect(bigSite.today).toEqual(
      expect.arrayContaining([
        { buildId: small, votes: 1 },
        { buildId: other, votes: 1 },
      ]),
    );
    expect(bigSite.fitted).toBe(2);
    expect(bigSite.lastScan).toBeGreaterThan(smallSite.lastScan);
  });
});
