// `npm run bench:search`: what the gallery's search and orders cost at 100 000
// builds. Fills a database with bench-data.ts's filler (members, builds over a
// year, their ratings), then gives every build a title, a description, parts and
// tags through the same triggers the site's writes go through, and a last week of
// comments, and counts the trending heats. Merges the search index as its daily job
// does and prints p50/p99 per query (the target: a search's p99 under 30 ms); then
// makes a busy day's edits and prints them again; and what the trending job's work costs.
// Options: --builds N, --runs N, --edits N (20 000), --data DIR (keeps the filled
// database and reuses it; the edits stay in it, and the next run's merge takes them in).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer } from 'vite';
import type * as dbModule from '../app/services/db.server';
import type * as galleryModule from '../app/models/gallery.server';
import type * as trendingModule from '../app/models/trending.server';
import type * as trendingJobModule from '../app/jobs/trending-job.server';
import type * as searchIndexModule from '../app/models/search-index.server';
import type * as tagsModule from '../app/domain/build-tags';
import type { GalleryFilters } from '../app/domain/gallery';
import type { fillBenchDatabase } from './bench-data';

const { values: args } = parseArgs({
  options: {
    builds: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '50' },
    data: { type: 'string' },
    edits: { type: 'string', default: '20000' },
  },
});
const buildCount = Number(args.builds);
const runs = Number(args.runs);
const edits = Number(args.edits);
const TARGET_MS = 30;
const PAGE = 12;
const DAY = 86_400_000;

const root = fileURLToPath(new URL('..', import.meta.url));
const vite = await createServer({ root, server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn' });
const load = <T>(path: string) => vite.ssrLoadModule(path) as Promise<T>;
const { openDatabase, migrateDatabase, setDatabase, closeDatabase } = await load<typeof dbModule>('/app/services/db.server.ts');
const { galleryBuilds } = await load<typeof galleryModule>('/app/models/gallery.server.ts');
const { recountTrending, refreshTrending } = await load<typeof trendingModule>('/app/models/trending.server.ts');
const { TRENDING_EVERY_MS } = await load<typeof trendingJobModule>('/app/jobs/trending-job.server.ts');
const { mergeSearchIndex } = await load<typeof searchIndexModule>('/app/models/search-index.server.ts');
const { BUILD_TAG_SLUGS } = await load<typeof tagsModule>('/app/domain/build-tags.ts');

const dir = args.data ?? (await mkdtemp(join(tmpdir(), 'rigroast-bench-search-')));
const databasePath = join(dir, 'sqlite.db');
if (!existsSync(databasePath)) {
  console.log(`Filling ${databasePath} with ${buildCount} builds…`);
  const { fillBenchDatabase: fill } = await load<{ fillBenchDatabase: typeof fillBenchDatabase }>('/scripts/bench-data.ts');
  await fill({ databasePath, uploadsDir: join(dir, 'uploads'), builds: buildCount, members: 2000, images: 2 });
  describeBuilds();
}
// Measured on a fresh connection, as a server would open it.
const db = setDatabase(openDatabase(databasePath));
migrateDatabase(db);
const sqlite = db.$client;
const now = sqlite.prepare('select max(created_at) from comments').pluck().get() as number;
// The filler writes around the models: count the trending heats from the rows, then let
// the trending job run as it last would have before `now` (every TRENDING_EVERY_MS), so
// the trending order re-scores as many builds as it ever does between two runs.
const trendingTimes = {
  recount: measureOnce(() => db.transaction((tx) => recountTrending(tx, now - 2 * TRENDING_EVERY_MS))),
  job: measureOnce(() => db.transaction((tx) => refreshTrending(tx, now - TRENDING_EVERY_MS))),
};

/** The search index merged step by step, as the daily job leaves it (a merged index takes one step that does nothing). */
function mergeIndex() {
  const started = performance.now();
  let steps = 1;
  let longest = 0;
  let stepStarted = started;
  for (const _step of mergeSearchIndex()) {
    longest = Math.max(longest, performance.now() - stepStarted);
    steps++;
    stepStarted = performance.now();
  }
  longest = Math.max(longest, performance.now() - stepStarted);
  return { steps, ms: performance.now() - started, longest };
}

function measureOnce(run: () => unknown) {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** A deterministic pseudo-random source, so every run measures the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/** Words as members write them: a title, two sentences, three to six parts, up to three tags; a week of comments. */
function describeBuilds() {
  const next = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const adjectives = [
    'Frosted',
    'Stealth',
    'Midnight',
    'Neon',
    'Compact',
    'Retro',
    'Arctic',
    'Crimson',
    'Budget',
    'Silent',
    'Golden',
    'Toxic',
  ];
  const nouns = ['tower', 'beast', 'sleeper', 'battlestation', 'rig', 'build', 'box', 'cube', 'workstation', 'monster'];
  const parts: Record<string, string[]> = {
    GPU: [
      'ASUS TUF RTX 4090 OC',
      'RTX 4080 Super',
      'MSI RTX 4070 Ti',
      'RTX 3060 12GB',
      'Sapphire RX 7900 XTX',
      'RX 6700 XT',
      'Intel Arc A770',
    ],
    CPU: ['Ryzen 7 7800X3D', 'Ryzen 5 5600X', 'Core i9-14900K', 'Core i5-13600K', 'Ryzen 9 7950X'],
    cooler: ['Noctua NH-D15', 'Noctua NH-U12S', 'Arctic Liquid Freezer III 360', 'be quiet! Dark Rock Pro 5', 'Corsair H150i Elite'],
    case: ['Lian Li O11 Dynamic EVO', 'Fractal North', 'NZXT H5 Flow', 'Cooler Master NR200P', 'Phanteks Evolv X'],
    RAM: ['G.Skill Trident Z5 32GB', 'Corsair Vengeance 64GB DDR5', 'Kingston Fury 16GB'],
  };
  const sentences = [
    'Finally finished the cable management after three weekends.',
    'Everything is white except the one cable I forgot.',
    'Runs every game at 4K without breaking a sweat.',
    'Built on a budget from used parts and a lot of patience.',
    'The airflow is great now that the side panel is off.',
    'Quiet enough to sleep next to, loud enough when gaming.',
    'My first custom loop, no leaks so far.',
    'Upgraded from a prebuilt, never going back.',
  ];
  const sqlite = setDatabase(openDatabase(databasePath)).$client;
  const build = sqlite.prepare('update builds set title = ?, description = ? where id = ?');
  const part = sqlite.prepare(
    "insert into build_parts (build_id, category, name, status, source, position) values (?, ?, ?, ?, 'owner', ?)",
  );
  const tag = sqlite.prepare('insert or ignore into build_tags (build_id, tag) values (?, ?)');
  const comment = sqlite.prepare('insert into comments (build_id, user_id, content, created_at) values (?, ?, ?, ?)');
  const count = sqlite.prepare('update builds set comment_count = comment_count + 1 where id = ?');
  sqlite.transaction(() => {
    const ids = sqlite.prepare('select id from builds order by id').pluck().all() as number[];
    for (const id of ids) {
      build.run(`${pick(adjectives)} ${pick(nouns)}`, `${pick(sentences)} ${pick(sentences)}`, id);
      const categories = Object.keys(parts).filter(() => next() < 0.8);
      categories.forEach((category, index) =>
        part.run(id, category, pick(parts[category]!), index === categories.length - 1 ? 'proposed' : 'confirmed', index + 1),
      );
      for (let index = Math.floor(next() * 4); index > 0; index--) tag.run(id, pick(BUILD_TAG_SLUGS));
    }
    // The last week's talk: 20 000 comments on the newer builds.
    const last = sqlite.prepare('select max(created_at) from builds').pluck().get() as number;
    for (let index = 0; index < 20_000; index++) {
      const id = ids[ids.length - 1 - Math.floor(next() * next() * 5000)]!;
      comment.run(id, 1 + Math.floor(next() * 2000), 'That cable management though.', last - Math.floor(next() * 7 * DAY));
      count.run(id);
    }
  })();
  closeDatabase();
}

/**
 * p50/p99 of a query's wall time, and of the CPU time it took: on a shared, busy
 * machine the wall time is mostly waiting for a core, which the CPU time leaves out.
 */
function time(run: () => unknown) {
  for (let index = 0; index < 3; index++) run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let index = 0; index < runs; index++) {
    const startedCpu = process.cpuUsage();
    const started = performance.now();
    run();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(startedCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: percentiles(wall), cpu: percentiles(cpu), samples: wall };
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

const base: GalleryFilters = { q: '', sort: 'newest', tag: null, competition: null };
const cases: { name: string; filters: GalleryFilters; search: boolean }[] = [
  ...['4090', 'RTX 4090', 'NH-D15', 'nh d15', 'noctua', 'white', 'frosted tower', 'lian li o11', 'rtx', 'cable management'].map((q) => ({
    name: `search "${q}"`,
    filters: { ...base, q, sort: 'relevance' as const },
    search: true,
  })),
  { name: 'search "rtx", newest first', filters: { ...base, q: 'rtx', sort: 'newest' }, search: true },
  { name: 'search "noctua", top rated', filters: { ...base, q: 'noctua', sort: 'top' }, search: true },
  { name: 'search "4090", trending', filters: { ...base, q: '4090', sort: 'trending' }, search: true },
  { name: 'search "white" tagged itx', filters: { ...base, q: 'white', sort: 'relevance', tag: 'itx' }, search: true },
  ...(['newest', 'top', 'discussed', 'trending'] as const).map((sort) => ({
    name: `sort ${sort}`,
    filters: { ...base, sort },
    search: false,
  })),
  { name: 'tag water-cooled, newest', filters: { ...base, tag: 'water-cooled' }, search: false },
];

type Timing = ReturnType<typeof time>;
const matches = sqlite.prepare('select count(*) from builds_search where builds_search match ?').pluck();

/** Every case's first page and sixth page, timed; and the slowest search's p99. */
function measure() {
  const rows: { name: string; timing: Timing; matches: number }[] = [];
  const searchWall: number[] = [];
  const searchCpu: number[] = [];
  for (const { name, filters, search } of cases) {
    const first = galleryBuilds({ ...filters, limit: PAGE }, now);
    const after = galleryBuilds({ ...filters, limit: 5 * PAGE }, now).at(-1)?.id ?? 0;
    const firstPage = time(() => galleryBuilds({ ...filters, limit: PAGE }, now));
    const laterPage = time(() => galleryBuilds({ ...filters, after, limit: PAGE }, now));
    if (search) {
      searchWall.push(firstPage.wall.p99, laterPage.wall.p99);
      searchCpu.push(firstPage.cpu.p99, laterPage.cpu.p99);
    }
    const found = filters.q
      ? (matches.get(
          filters.q
            .split(' ')
            .map((word) => `"${word}"*`)
            .join(' '),
        ) as number)
      : buildCount;
    rows.push({ name: `${name} (first page: ${first.length})`, timing: firstPage, matches: found });
    rows.push({ name: `${name}, page 6`, timing: laterPage, matches: found });
  }
  return { rows, wall: Math.max(...searchWall), cpu: Math.max(...searchCpu) };
}

/**
 * A busy day's edits after the merge, each a transaction of its own as members make
 * them: a description rewritten or a tag added, to builds picked at random.
 */
function editBuilds(count: number) {
  const next = random(11);
  const describe = sqlite.prepare("update builds set description = description || ' Still tweaking.' where id = ?");
  const tag = sqlite.prepare('insert or ignore into build_tags (build_id, tag) values (?, ?)');
  for (let index = 0; index < count; index++) {
    const id = 1 + Math.floor(next() * buildCount);
    if (index % 2) describe.run(id);
    else tag.run(id, BUILD_TAG_SLUGS[index % BUILD_TAG_SLUGS.length]);
  }
}

const merge = mergeIndex();
const merged = measure();
editBuilds(edits);
const edited = measure();
closeDatabase();
await vite.close();
if (!args.data) await rm(dir, { recursive: true, force: true });

const ms = (value: number) => value.toFixed(2);
const verdict = (value: number) => `${ms(value)} ms (target under ${TARGET_MS} ms: ${value < TARGET_MS ? 'met' : 'NOT met'})`;
console.log(`\n${buildCount} builds with descriptions, parts and tags; ${runs} timed runs each (after 3 warm-up runs).`);
console.log(
  `The search index merged as its daily job does: ${merge.steps} steps, ${ms(merge.ms)} ms (the longest ${ms(merge.longest)} ms).`,
);
for (const [title, { rows, wall, cpu }] of [
  ['Right after the merge', merged],
  [`After ${edits} edits since the merge, each its own transaction`, edited],
] as const) {
  console.log(`\n${title}:\n`);
  console.log('| query | p50 ms | p99 ms | CPU p50 ms | CPU p99 ms | builds matching the words |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const { name, timing, matches: found } of rows) {
    console.log(`| ${name} | ${ms(timing.wall.p50)} | ${ms(timing.wall.p99)} | ${ms(timing.cpu.p50)} | ${ms(timing.cpu.p99)} | ${found} |`);
  }
  console.log(`\nThe slowest search's p99: ${verdict(wall)}; in CPU time ${verdict(cpu)}.`);
}
console.log(
  `\nTrending heats: counted afresh for every build in ${ms(trendingTimes.recount)} ms; the trending job's run ${ms(trendingTimes.job)} ms.`,
);
