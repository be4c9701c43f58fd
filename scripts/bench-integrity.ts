// `npm run bench:integrity`: what the vote-integrity detectors cost (run by the hourly
// scan job, never by a page), on a generated community (tests/support/rating-population.ts: organic
// members, popular builders, friends, households, and planted sock puppets, bursts and
// rings). Prints p50/p99 per detector and for the job's whole scan. Options:
// --members N (10 000 by default), --runs N.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer } from 'vite';
import type * as dbModule from '../app/services/db.server';
import type * as integrityModule from '../app/models/vote-integrity.server';
import type * as populationModule from '../tests/support/rating-population';

const { values: args } = parseArgs({
  options: { members: { type: 'string', default: '10000' }, runs: { type: 'string', default: '10' } },
});
const members = Number(args.members);
const runs = Number(args.runs);

// App modules use the `~/` alias, so they are loaded through Vite; these are their types only.
const root = fileURLToPath(new URL('..', import.meta.url));
const vite = await createServer({ root, server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn' });
const load = <T>(path: string) => vite.ssrLoadModule(path) as Promise<T>;
const { openDatabase, migrateDatabase, setDatabase, closeDatabase } = await load<typeof dbModule>('/app/services/db.server.ts');
const { detectBursts, detectFocus, detectRings, scanFindings } = await load<typeof integrityModule>('/app/models/vote-integrity.server.ts');
const { fillRatingPopulation } = await load<typeof populationModule>('/tests/support/rating-population.ts');

const dir = await mkdtemp(join(tmpdir(), 'rigroast-bench-integrity-'));
const databasePath = join(dir, 'sqlite.db');
let db = setDatabase(openDatabase(databasePath));
migrateDatabase(db);
const filling = performance.now();
const population = fillRatingPopulation(db.$client, { members });
const filled = performance.now() - filling;
// Measured on a fresh connection, as a server would open it.
closeDatabase();
db = setDatabase(openDatabase(databasePath));

async function time(run: () => unknown) {
  await run();
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (share: number) => samples[Math.min(samples.length - 1, Math.ceil(share * samples.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

const rows = [
  { name: 'new accounts rating one member', ...(await time(() => detectFocus(db))) },
  { name: 'bursts (created together, one network)', ...(await time(() => detectBursts(db))) },
  { name: 'reciprocal rings', ...(await time(() => detectRings(db))) },
  { name: 'the job’s whole scan (all three, with their builds)', ...(await time(() => scanFindings(db))) },
];
const findings = (await scanFindings(db)).length;

closeDatabase();
await vite.close();
await rm(dir, { recursive: true, force: true });

console.log(
  `\n${population.members} members, ${population.builds} builds, ${population.ratings} ratings (filled in ${(filled / 1000).toFixed(1)} s); ${findings} findings; ${runs} timed runs each.\n`,
);
console.log('| detector | p50 ms | p99 ms |');
console.log('|---|---:|---:|');
for (const row of rows) console.log(`| ${row.name} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} |`);
