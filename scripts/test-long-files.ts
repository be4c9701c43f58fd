// Keeps the long test files' times from the last `npm test` in tests/support/long-files.json,
// so that a fresh clone (CI) starts them first as a warm checkout does (tests/support/longest-first.ts).
// Run it after a whole `npm test` when the slow files have changed.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LONG_FILES_PATH, LONG_MS, type LongFiles } from '#tests/support/longest-first';

type Results = { projects: Record<string, { files: Record<string, { duration?: number }> }> };

const cache = join(import.meta.dirname, '../node_modules/.vite/vitest');
const found = readdirSync(cache, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('results.json'));
if (found.length !== 1) throw new Error(`Expected one results.json under ${cache} (run npm test first), found ${found.length}`);
const { projects } = JSON.parse(readFileSync(join(cache, found[0]!), 'utf8')) as Results;

const long: LongFiles = {};
for (const [project, { files }] of Object.entries(projects).sort(([a], [b]) => a.localeCompare(b))) {
  const times = Object.entries(files)
    .filter(([, { duration }]) => (duration ?? 0) >= LONG_MS)
    .map(([file, { duration }]) => [file, Math.round(duration! / 100) * 100] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  if (times.length > 0) long[project] = Object.fromEntries(times);
}
writeFileSync(LONG_FILES_PATH, `${JSON.stringify(long, null, 2)}\n`);
console.log(
  `${Object.values(long).reduce((count, files) => count + Object.keys(files).length, 0)} long files written to tests/support/long-files.json`,
);
