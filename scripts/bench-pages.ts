// `npm run bench:pages`: how fast the server renders its busiest pages with 50 000
// builds, next to a static file of similar size served by the same server (the
// ceiling). Prints requests/s and p50/p99 latency at 50 connections, cold start
// and warm memory. Options: --builds N, --duration S, --connections N.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createServer } from 'vite';
import type { fillBenchDatabase } from './bench-data';

const { values: args } = parseArgs({
  options: {
    builds: { type: 'string', default: '50000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    // Keeps the filled database in this folder and reuses it on the next run.
    data: { type: 'string' },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));
const port = 4870;
const origin = `http://127.0.0.1:${port}`;

if (!existsSync(join(root, 'build/server/index.js'))) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dir = args.data ?? (await mkdtemp(join(tmpdir(), 'rigroast-bench-')));
const databasePath = join(dir, 'sqlite.db');
const uploadsDir = join(dir, 'uploads');
const targetFile = join(dir, 'bench-target.json');
let target: { buildId: number; imagePath: string };
if (existsSync(targetFile)) {
  target = JSON.parse(await readFile(targetFile, 'utf8')) as typeof target;
} else {
  console.log(`Filling ${databasePath} with ${args.builds} builds…`);
  const vite = await createServer({ root, server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn' });
  const { fillBenchDatabase: fill } = (await vite.ssrLoadModule('/scripts/bench-data.ts')) as {
    fillBenchDatabase: typeof fillBenchDatabase;
  };
  target = await fill({ databasePath, uploadsDir, builds: Number(args.builds), members: 2000, images: 4 });
  await vite.close();
  if (args.data) await writeFile(targetFile, JSON.stringify(target));
}

const started = performance.now();
const server = spawn(process.execPath, [join(root, 'build/server/index.js')], {
  cwd: dir,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // No mail goes out during a benchmark.
    MAIL_TO_LOG: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_PATH: databasePath,
    UPLOADS_DIR: uploadsDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let stopping = false;
const stop = () => {
  stopping = true;
  server.kill('SIGTERM');
};
process.on('exit', stop);
server.on('exit', (code) => {
  if (stopping) return;
  console.error(`The server stopped (exit code ${code}).`);
  process.exit(1);
});

async function healthy(): Promise<number> {
  for (;;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const coldStartMs = await healthy();

const pages = ['/', '/gallery', `/build/${target.buildId}`];

// Each page's ceiling: the same HTML written to a file, served by the same server's
// static middleware (compressed per response, as any static file without a precompressed copy).
for (const [index, path] of pages.entries()) {
  const html = await (await fetch(`${origin}${path}`)).text();
  await writeFile(join(uploadsDir, 'images', `bench-static-${index}.html`), html);
}

async function measure(path: string, duration: number, cookie?: string) {
  const result = await autocannon({
    url: `${origin}${path}`,
    connections: Number(args.connections),
    duration,
    headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,image/avif,*/*', ...(cookie ? { cookie } : {}) },
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result;
}

async function rssMb(): Promise<number> {
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024);
}

// Warm: every page served a thousand times from the cache and three hundred times rendered.
for (const path of pages) {
  await autocannon({ url: `${origin}${path}`, connections: 10, amount: 1000 });
  await autocannon({ url: `${origin}${path}`, connections: 10, amount: 300, headers: { cookie: 'bench=1' } });
}
const warmRss = await rssMb();

type Row = { name: string; rps: number; p50: number; p99: number; kb: number };
async function run(name: string, path: string, cookie?: string): Promise<Row> {
  await measure(path, 2, cookie);
  const result = await measure(path, Number(args.duration), cookie);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    kb: result.throughput.average / result.requests.average / 1024,
  };
}

// With any cookie the page cache steps aside: what a signed-in member's page costs.
const rows: { page: Row; rendered: Row; ceiling: Row }[] = [];
for (const [index, path] of pages.entries()) {
  rows.push({
    ceiling: await run(`static copy of ${path}`, `/uploads/images/bench-static-${index}.html`),
    page: await run(path, path),
    rendered: await run(`${path} rendered every time (with a cookie)`, path, 'bench=1'),
  });
}
const image = await run('image variant (640w AVIF)', target.imagePath);
const stressedRss = await rssMb();
stop();
if (!args.data) await rm(dir, { recursive: true, force: true });

console.log(
  `\n${args.builds} builds, ${args.connections} connections, ${args.duration} s per target (after a 2 s warm-up), gzip/br accepted.\n`,
);
console.log('| target | requests/s | of its static copy | p50 ms | p99 ms | KB/response |');
console.log('|---|---:|---:|---:|---:|---:|');
const line = (row: Row, share: string) =>
  console.log(`| ${row.name} | ${Math.round(row.rps)} | ${share} | ${row.p50} | ${row.p99} | ${row.kb.toFixed(1)} |`);
for (const { page, rendered, ceiling } of rows) {
  line(ceiling, '100 %');
  line(page, `${Math.round((page.rps / ceiling.rps) * 100)} %`);
  line(rendered, `${Math.round((rendered.rps / ceiling.rps) * 100)} %`);
}
line(image, '');
console.log(
  `\nCold start to healthy: ${Math.round(coldStartMs)} ms. Server RSS warm: ${warmRss} MB; after the 50-connection runs: ${stressedRss} MB.`,
);
