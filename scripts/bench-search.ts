// `npm run bench:search`: what the gallery's search and orders cost at 100 000
// builds. Fills a database with bench-data.ts's filler (members, builds over a
// year, their ratings), then gives every build a title, a description, parts and
// tags through the same triggers the site's writes go through, and a last week of
// comments, and counts the trending heats. The descriptions also carry words of a
// vocabulary of tens of thousands (model numbers, brand-like names, made-up words)
// drawn Zipf-like, as members' words are. Merges the search index as its daily job
// does and prints p50/p99 per query and per class of query (the targets: a search's
// p99 under 30 ms, and any query's under 50 ms, the hostile ones included: many
// one-letter words, many short prefixes, the longest query the gallery reads, search
// syntax, odd letter case, other scripts); then makes a busy day's edits and prints
// them again; and what the trending job's work costs.
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
import type * as searchMatchModule from '../app/models/search-match.server';
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
const HOSTILE_TARGET_MS = 50;
/** Distinct words the descriptions draw from: most of them are used at 100 000 builds. */
const VOCABULARY = 80_000;
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
const { searchMatch } = await load<typeof searchMatchModule>('/app/models/search-match.server.ts');
const words = vocabulary(VOCABULARY);

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

/**
 * Members' own words: `size` distinct ones, a third each model numbers ("b650m",
 * "z790-a", "rx7600xt"), brand-like names ("Kovalo") and made-up words, the commonest
 * first. `words.pick()` draws one Zipf-like (the word at rank r as often as 1/r), so a
 * few are in many builds and most in a handful.
 */
function vocabulary(size: number) {
  const next = random(23);
  const pick = (letters: string) => letters[Math.floor(next() * letters.length)]!;
  const syllable = () => pick('bcdfghjklmnprstvwxz') + pick('aeiouy') + (next() < 0.3 ? pick('klmnrstx') : '');
  const madeUp = () => Array.from({ length: 2 + Math.floor(next() * 3) }, syllable).join('');
  const choose = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const modelNumber = () => {
    const name = `${choose(['', 'a', 'b', 'h', 'x', 'z', 'rx', 'gt', 'rtx', 'gtx', 'i', 'r', 'mx', 'nh', 'sn', 'wd'])}${10 + Math.floor(next() * 99_990)}${choose(['', '', 'x', 'k', 'f', 'kf', 'ti', 'xt', 'x3d', 'm', 'e', 's', 'pro'])}`;
    return next() < 0.2 ? `${name}-${choose(['a', 'e', 'f', 'plus', 'ii', 'v2', 'oc'])}` : name;
  };
  const list = new Set<string>();
  while (list.size < size) {
    const kind = list.size % 3;
    const word = kind === 0 ? modelNumber() : madeUp();
    list.add(kind === 1 ? word[0]!.toUpperCase() + word.slice(1) : word);
  }
  const ranked = [...list];
  const cumulative: number[] = [];
  ranked.reduce((sum, _word, rank) => (cumulative[rank] = sum + 1 / (rank + 1)), 0);
  const total = cumulative.at(-1)!;
  const draw = random(29);
  return {
    ranked,
    pick() {
      const target = draw() * total;
      let low = 0;
      let high = ranked.length - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (cumulative[middle]! < target) low = middle + 1;
        else high = middle;
      }
      return ranked[low]!;
    },
  };
}

/**
 * Words as members write them: a title, two sentences and three to eight words of their
 * own, three to six parts, up to three tags; a week of comments.
 */
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
      const own = Array.from({ length: 3 + Math.floor(next() * 6) }, () => words.pick()).join(' ');
      build.run(`${pick(adjectives)} ${pick(nouns)}`, `${pick(sentences)} ${pick(sentences)} ${own}.`, id);
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
type Case = { name: string; kind: string; filters: GalleryFilters; search: boolean };
const searchFor = (kind: string, q: string): Case => ({
  name: `search "${q}"`,
  kind,
  filters: { ...base, q, sort: 'relevance' },
  search: true,
});

/** The commonest of the members' own words of each kind, to search for their starts. */
const common = (kind: RegExp, count: number) => words.ranked.filter((word) => kind.test(word)).slice(0, count);
const madeUpWords = common(/^[a-z]+$/, 10);
/** The commonest words of the vocabulary that fill `length` characters at most: the longest search the gallery reads. */
function longestQuery(length: number) {
  const chosen: string[] = [];
  for (const word of words.ranked) {
    if ([...chosen, word].join(' ').length > length) break;
    chosen.push(word);
  }
  return chosen.join(' ');
}

const cases: Case[] = [
  ...['4090', 'RTX 4090', 'NH-D15', 'nh d15', 'noctua', 'white', 'frosted tower', 'lian li o11', 'rtx', 'cable management'].map((q) =>
    searchFor('searches', q),
  ),
  ...['i9', 'i7', 'x3d', 'a4-h2o', 'ryzen 7', 'z790-a', words.ranked[0]!, words.ranked[5000]!].map((q) =>
    searchFor('short and own words', q),
  ),
  { name: 'search "rtx", newest first', kind: 'searches', filters: { ...base, q: 'rtx', sort: 'newest' }, search: true },
  { name: 'search "noctua", top rated', kind: 'searches', filters: { ...base, q: 'noctua', sort: 'top' }, search: true },
  { name: 'search "4090", trending', kind: 'searches', filters: { ...base, q: '4090', sort: 'trending' }, search: true },
  { name: 'search "white" tagged itx', kind: 'searches', filters: { ...base, q: 'white', sort: 'relevance', tag: 'itx' }, search: true },
  // Hostile: what a query costs at its worst.
  ...['r t x n c g w a b m', 'a e i o u y s k m n', '1 2 3 4 5 6 7 8 9 0', 'a b c d e f g h i j k l m n o p q r s t u v w x y z'].map((q) =>
    searchFor('many one-letter words', q),
  ),
  ...[
    madeUpWords.map((word) => word.slice(0, 2)).join(' '),
    madeUpWords.map((word) => word.slice(0, 3)).join(' '),
    madeUpWords.map((word) => word.slice(0, 4)).join(' '),
    're ra ro ri ru ka ko ki ku ke',
    '1 2 3 4 5 10 20 30 40 50',
  ].map((q) => searchFor('many short prefixes', q)),
  ...[
    'the a with and of to is cable rtx ryzen',
    'Finally finished the cable management after three weekends',
    common(/./, 10).join(' '),
    longestQuery(100),
    Array.from({ length: 50 }, () => 'a').join('-'),
    Array.from({ length: 25 }, (_, index) => `${'abcdefghijklmnopqrstuvwxy'[index]}${index % 10}`).join(''),
    'x'.repeat(100),
  ].map((q) => searchFor('longest and commonest', q)),
  ...[
    '"rtx" OR NEAR(a b) AND NOT c* ^title:{d e} -f +(g)',
    '* * * * * ** *** "" \'\' ()',
    'rtx AND 4090 OR noctua NOT white',
    '!!! --- ??? ... ///',
  ].map((q) => searchFor('search syntax and punctuation', q)),
  ...['rTx 4O9O nOcTuA', 'RYZEN 7800X3D NH-D15', 'CaBlE MaNaGeMeNt'].map((q) => searchFor('odd letter case', q)),
  ...[
    'видеокарта кулер корпус',
    '显卡 散热器 机箱',
    'グラフィックボード 水冷',
    'nöctüa çàblé mánagement',
    '🔥🔥🔥 rtx 💻',
    'ＲＴＸ ４０９０',
  ].map((q) => searchFor('other scripts', q)),
  ...(['newest', 'top', 'discussed', 'trending'] as const).map((sort) => ({
    name: `sort ${sort}`,
    kind: 'orders and filters',
    filters: { ...base, sort },
    search: false,
  })),
  { name: 'tag water-cooled, newest', kind: 'orders and filters', filters: { ...base, tag: 'water-cooled' }, search: false },
];
/** The classes of query that hold the site's own goal, 30 ms; every query holds 50 ms. */
const ORDINARY = new Set(['searches', 'short and own words']);

type Timing = ReturnType<typeof time>;
const matches = sqlite.prepare('select count(*) from builds_search where builds_search match ?').pluck();

/** Every case's first page and sixth page, timed; and the slowest p99 of each class. */
function measure() {
  const rows: { name: string; timing: Timing; matches: number }[] = [];
  const classes = new Map<string, { p50: number; p99: number; cpu: number }>();
  for (const { name, kind, filters, search } of cases) {
    const first = galleryBuilds({ ...filters, limit: PAGE }, now);
    const after = galleryBuilds({ ...filters, limit: 5 * PAGE }, now).at(-1)?.id ?? 0;
    const firstPage = time(() => galleryBuilds({ ...filters, limit: PAGE }, now));
    const laterPage = time(() => galleryBuilds({ ...filters, after, limit: PAGE }, now));
    const worst = classes.get(kind) ?? { p50: 0, p99: 0, cpu: 0 };
    for (const { wall, cpu } of [firstPage, laterPage]) {
      worst.p50 = Math.max(worst.p50, wall.p50);
      worst.p99 = Math.max(worst.p99, wall.p99);
      worst.cpu = Math.max(worst.cpu, cpu.p99);
    }
    classes.set(kind, worst);
    const match = search ? searchMatch(filters.q) : null;
    const found = search ? (match ? (matches.get(match) as number) : 0) : buildCount;
    rows.push({ name: `${name} (first page: ${first.length})`, timing: firstPage, matches: found });
    rows.push({ name: `${name}, page 6`, timing: laterPage, matches: found });
  }
  return { rows, classes };
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
sqlite.exec('create virtual table temp.search_words using fts5vocab(main, builds_search, row)');
const distinctWords = sqlite.prepare('select count(*) from temp.search_words').pluck().get() as number;
closeDatabase();
await vite.close();
if (!args.data) await rm(dir, { recursive: true, force: true });

const ms = (value: number) => value.toFixed(2);
const met = (value: number, target: number) => `${value < target ? 'met' : 'NOT met'}`;
console.log(
  `\n${buildCount} builds with descriptions, parts and tags; ${distinctWords} distinct words in the search index; ${runs} timed runs each (after 3 warm-up runs).`,
);
console.log(
  `The search index merged as its daily job does: ${merge.steps} steps, ${ms(merge.ms)} ms (the longest ${ms(merge.longest)} ms).`,
);
for (const [title, { rows, classes }] of [
  ['Right after the merge', merged],
  [`After ${edits} edits since the merge, each its own transaction`, edited],
] as const) {
  console.log(`\n${title}:\n`);
  console.log('| query | p50 ms | p99 ms | CPU p50 ms | CPU p99 ms | builds matching the words |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const { name, timing, matches: found } of rows) {
    console.log(`| ${name} | ${ms(timing.wall.p50)} | ${ms(timing.wall.p99)} | ${ms(timing.cpu.p50)} | ${ms(timing.cpu.p99)} | ${found} |`);
  }
  console.log('\n| class of query | slowest p50 ms | slowest p99 ms | slowest CPU p99 ms | target p99 |');
  console.log('|---|---:|---:|---:|---|');
  for (const [kind, worst] of classes) {
    const target = ORDINARY.has(kind) ? TARGET_MS : HOSTILE_TARGET_MS;
    console.log(
      `| ${kind} | ${ms(worst.p50)} | ${ms(worst.p99)} | ${ms(worst.cpu)} | under ${target} ms: ${met(worst.p99, target)} (CPU: ${met(worst.cpu, target)}) |`,
    );
  }
}
console.log(
  `\nTrending heats: counted afresh for every build in ${ms(trendingTimes.recount)} ms; the trending job's run ${ms(trendingTimes.job)} ms.`,
);
