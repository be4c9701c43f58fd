// `npm run bench:leaderboard`: what the leaderboard pages' query costs on a year
// of data (100 000 builds, 1 000 000 ratings), what the background ranking that
// feeds it costs, and what listing a build's 500 comments costs. Prints p50/p99
// per query (the target for what a page runs is 20 ms). Options:
// --builds N, --ratings N, --runs N, --data DIR (keeps the filled database and
// reuses it; the migrations are applied to it first).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer } from 'vite';
import type * as dbModule from '../app/services/db.server';
import type * as commentsModule from '../app/models/comments.server';
import type * as leaderboardsModule from '../app/models/leaderboards.server';
import type * as periodsModule from '../app/domain/leaderboards';
import type * as constantsModule from '../app/utils/constants';

const { values: args } = parseArgs({
  options: {
    builds: { type: 'string', default: '100000' },
    ratings: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '30' },
    data: { type: 'string' },
  },
});
const buildCount = Number(args.builds);
const ratingCount = Number(args.ratings);
const runs = Number(args.runs);
const MEMBERS = 20_000;
const COMMENTS = 500;
const DAY = 86_400_000;
const TARGET_MS = 20;
// A roast of the usual length, so build rows are as wide as the site's.
const ROAST =
  'This rig has more RGB than a casino carpet and roughly the same airflow. The cable management suggests you lost a fight with a bowl of spaghetti and called it a draw. Still, the GPU sag is holding on bravely, like a shelf nobody asked for. Ten out of ten for confidence, four for everything else.';

// App modules use the `~/` alias, so they are loaded through Vite; these are their types only.
const root = fileURLToPath(new URL('..', import.meta.url));
const vite = await createServer({ root, server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn' });
const load = <T>(path: string) => vite.ssrLoadModule(path) as Promise<T>;
const { openDatabase, migrateDatabase, setDatabase, closeDatabase } = await load<typeof dbModule>('/app/services/db.server.ts');
const { LEADERBOARD_DEPTH, leaderboard, rankBuilds, saveStandings } = await load<typeof leaderboardsModule>(
  '/app/models/leaderboards.server.ts',
);
const { LEADERBOARD_PERIODS } = await load<typeof periodsModule>('/app/domain/leaderboards.ts');
const { listThreads } = await load<typeof commentsModule>('/app/models/comments.server.ts');
const { COMMENT_THREADS_SHOWN, LEADERBOARD_LIMIT } = await load<typeof constantsModule>('/app/utils/constants.ts');

/** A deterministic pseudo-random source, so every run measures the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

const dir = args.data ?? (await mkdtemp(join(tmpdir(), 'rigroast-bench-lb-')));
const databasePath = join(dir, 'sqlite.db');
let db = setDatabase(openDatabase(databasePath));
migrateDatabase(db);
let sqlite = db.$client;
// A kept database is ranked at the moment it was filled for, so its windows hold the same ratings.
const lastRating = sqlite.prepare('select max(updated_at) from ratings').pluck().get() as number | null;
const now = lastRating ?? Date.now();
if (lastRating === null) {
  console.log(`Filling ${databasePath} with ${buildCount} builds and ${ratingCount} ratings…`);
  fill();
  // Measured on a fresh connection, as a server would open it, not the one that wrote a million rows.
  closeDatabase();
  db = setDatabase(openDatabase(databasePath));
  sqlite = db.$client;
}

/**
 * Builds appear evenly over the last year; each draws its votes from distinct
 * members within its first 30 days (or the days it has had), most of them early,
 * as a new build's do, so the rating stream is steady over the year. One build
 * in a hundred is held. Raw prepared statements in one transaction: a million
 * rows in seconds.
 */
function fill() {
  const next = random(42);
  const insertUser = sqlite.prepare('insert into users (username, username_key, email, created_at) values (?, ?, ?, ?)');
  const insertBuild = sqlite.prepare(
    `insert into builds (user_id, title, image_id, review_status, roast, total_rating, rating_count, average_rating, comment_count, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRating = sqlite.prepare('insert into ratings (build_id, user_id, rating, created_at, updated_at) values (?, ?, ?, ?, ?)');
  const insertComment = sqlite.prepare(
    'insert into comments (build_id, user_id, content, parent_comment_id, created_at) values (?, ?, ?, ?, ?)',
  );
  sqlite.transaction(() => {
    for (let index = 0; index < MEMBERS; index++) {
      insertUser.run(`bench_${index}`, `bench_${index}`, `bench${index}@bench.example`, now - 400 * DAY);
    }
    const imageId = sqlite.prepare("insert into images (hash, width, height) values ('bench', 1600, 1200)").run().lastInsertRowid;
    const perBuild = ratingCount / buildCount;
    for (let index = 0; index < buildCount; index++) {
      const createdAt = now - Math.floor(((buildCount - index) / buildCount) * 365 * DAY);
      // 0 to twice the mean votes, so the total comes out near --ratings.
      const votes = Math.min(MEMBERS, Math.floor(next() * (2 * perBuild + 1)));
      const first = Math.floor(next() * MEMBERS);
      const stars = Array.from({ length: votes }, (_, vote) => ({
        userId: ((first + vote) % MEMBERS) + 1,
        rating: 1 + Math.floor(next() * 5),
        at: createdAt + Math.floor(next() ** 2 * Math.min(30 * DAY, now - createdAt)),
      }));
      const total = stars.reduce((sum, star) => sum + star.rating, 0);
      const status = next() < 0.01 ? 'held' : 'approved';
      const buildId = insertBuild.run(
        (index % MEMBERS) + 1,
        `Bench build ${index + 1}`,
        imageId,
        status,
        ROAST,
        total,
        votes,
        votes ? total / votes : 0,
        0,
        createdAt,
      ).lastInsertRowid;
      for (const star of stars) insertRating.run(buildId, star.userId, star.rating, star.at, star.at);
    }
    // The last build (its id is the count: the database was empty) gets 400 threads and 100 replies.
    const buildId = buildCount;
    for (let index = 0; index < COMMENTS; index++) {
      const parent = index < 400 ? null : (index % 400) + 1;
      insertComment.run(
        buildId,
        (index % MEMBERS) + 1,
        `Comment ${index + 1}: that cable management though.`,
        parent,
        now - (COMMENTS - index) * 60_000,
      );
    }
    sqlite.prepare('update builds set comment_count = ? where id = ?').run(COMMENTS, buildId);
  })();
}

function time(run: () => unknown) {
  for (let index = 0; index < 3; index++) run();
  const samples = Array.from({ length: runs }, () => {
    const started = performance.now();
    run();
    return performance.now() - started;
  }).sort((a, b) => a - b);
  const at = (share: number) => samples[Math.min(samples.length - 1, Math.ceil(share * samples.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

const totals = sqlite.prepare('select (select count(*) from builds) as builds, (select count(*) from ratings) as ratings').get() as {
  builds: number;
  ratings: number;
};
const rows: { name: string; p50: number; p99: number; detail: string; page: boolean }[] = [];
const countInWindow = sqlite.prepare('select count(*) from ratings where updated_at >= ?').pluck();
const rankIndex = sqlite.prepare("select count(*) from sqlite_master where name = 'builds_rank_idx'").pluck().get() ? 'with' : 'without';
for (const period of LEADERBOARD_PERIODS) {
  const since = { today: now - DAY, week: now - 7 * DAY, month: now - 30 * DAY, 'all-time': 0 }[period];
  const detail = `${countInWindow.get(since)} ratings in the window${period === 'all-time' ? `, ${rankIndex} builds_rank_idx` : ''}`;
  rows.push({ name: `ranking ${period} (background job)`, ...time(() => rankBuilds(period, LEADERBOARD_DEPTH, now)), detail, page: false });
  saveStandings(db, period, rankBuilds(period, LEADERBOARD_DEPTH, now));
}
for (const period of LEADERBOARD_PERIODS) {
  rows.push({
    name: `leaderboard ${period} (page)`,
    ...time(() => leaderboard(period, LEADERBOARD_LIMIT)),
    detail: `the stored top ${LEADERBOARD_LIMIT} of ${LEADERBOARD_DEPTH}`,
    page: true,
  });
}
const commented = sqlite.prepare('select max(id) from builds').pluck().get() as number;
rows.push({
  name: `build page comments (${COMMENTS} on the build)`,
  ...time(() => listThreads(commented, COMMENT_THREADS_SHOWN)),
  detail: `listThreads: the first ${COMMENT_THREADS_SHOWN} threads and their replies`,
  page: true,
});
rows.push({
  name: `"View all" comments (${COMMENTS} on the build)`,
  ...time(() => listThreads(commented)),
  detail: 'listThreads: 400 threads, 100 replies',
  page: true,
});

closeDatabase();
await vite.close();
if (!args.data) await rm(dir, { recursive: true, force: true });

console.log(`\n${totals.builds} builds, ${totals.ratings} ratings over a year, ${runs} timed runs each (after 3 warm-up runs).\n`);
console.log(`| query | p50 ms | p99 ms | a page's, p99 under ${TARGET_MS} ms | data |`);
console.log('|---|---:|---:|---|---|');
for (const row of rows) {
  const verdict = row.page ? (row.p99 < TARGET_MS ? 'yes' : 'NO') : 'not run by pages';
  console.log(`| ${row.name} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${verdict} | ${row.detail} |`);
}
