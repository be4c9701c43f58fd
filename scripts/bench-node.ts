// What the benchmarks against one node share: the bench database (filled once per
// folder by bench-data.ts), the test helpers that sign members in through the real
// forms, and the built server started on it (pinned to CPUs with taskset if asked),
// with its CPU time read from /proc.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import type * as browserModule from '../tests/support/browser';
import type * as cookiesModule from '../tests/support/cookies';
import type * as processMemoryModule from '../tests/support/process-memory';
import type * as signInModule from '../tests/support/sign-in';
import type * as smtpSinkModule from '../tests/support/smtp-sink';
import type { fillBenchDatabase } from './bench-data';
import { superviseServer, untilHealthy } from '#scripts/server-process';

export const root = fileURLToPath(new URL('..', import.meta.url));

export type BenchData = { dir: string; databasePath: string; uploadsDir: string; target: { buildId: number; imagePath: string } };

/**
 * The test helpers (they use the `~/` alias: loaded through Vite) and the bench
 * database with `builds` builds and 2 000 members (member1..2000@bench.example) in
 * `keep` (filled on the first run, reused after) or a new throwaway folder.
 */
export async function benchDataAndHelpers(builds: number, keep?: string) {
  const dir = keep ?? (await mkdtemp(join(tmpdir(), 'rigroast-bench-')));
  const databasePath = join(dir, 'sqlite.db');
  const uploadsDir = join(dir, 'uploads');
  const targetFile = join(dir, 'bench-target.json');
  const vite = await createServer({ root, server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn' });
  const helpers = {
    Browser: ((await vite.ssrLoadModule('/tests/support/browser.ts')) as typeof browserModule).Browser,
    signInWithCode: ((await vite.ssrLoadModule('/tests/support/sign-in.ts')) as typeof signInModule).signInWithCode,
    startSmtpSink: ((await vite.ssrLoadModule('/tests/support/smtp-sink.ts')) as typeof smtpSinkModule).startSmtpSink,
    processMemory: ((await vite.ssrLoadModule('/tests/support/process-memory.ts')) as typeof processMemoryModule).processMemory,
    endedSessionCookieFor: ((await vite.ssrLoadModule('/tests/support/cookies.ts')) as typeof cookiesModule).endedSessionCookieFor,
  };
  let target: BenchData['target'];
  if (existsSync(targetFile)) {
    target = JSON.parse(await readFile(targetFile, 'utf8')) as typeof target;
  } else {
    console.log(`Filling ${databasePath} with ${builds} builds…`);
    const { fillBenchDatabase: fill } = (await vite.ssrLoadModule('/scripts/bench-data.ts')) as {
      fillBenchDatabase: typeof fillBenchDatabase;
    };
    target = await fill({ databasePath, uploadsDir, builds, members: 2000, images: 4 });
    if (keep) await writeFile(targetFile, JSON.stringify(target));
  }
  await vite.close();
  return { data: { dir, databasePath, uploadsDir, target } satisfies BenchData, helpers };
}

export type BenchServer = {
  origin: string;
  pid: number;
  coldStartMs: number;
  sessionSecret: string;
  /** The server's own CPU time (user + system) so far: unlike requests/s it does not move with what else the machine runs. */
  cpuMs: () => Promise<number>;
  /**
   * The server's minor page faults so far. Each is a page the kernel hands over zeroed:
   * a block glibc maps afresh for one response (a compressor's workspace is 0.3–1.2 MB)
   * costs a hundred or more, whereas one reused from the heap costs none.
   */
  minorFaults: () => Promise<number>;
  /** The server's /metrics as it reads now (the bench sets the token). */
  metrics: () => Promise<string>;
  /** How long V8's collections have held the server's main thread so far, from its /metrics (every kind together). */
  gcMs: () => Promise<number>;
  stop: () => void;
};

/** Starts `appRoot`'s built server on the bench data, on `cpus` (taskset's list) if given, and waits until it is healthy. */
export async function startBenchServer(options: {
  appRoot: string;
  data: BenchData;
  port: number;
  cpus?: string;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const origin = `http://127.0.0.1:${options.port}`;
  const sessionSecret = randomBytes(32).toString('hex');
  const metricsToken = randomBytes(24).toString('hex');
  const started = performance.now();
  const command = [process.execPath, join(options.appRoot, 'build/server/index.js')];
  // taskset starts node in its own place (same PID), so /proc figures are still the server's.
  const server = spawn(options.cpus ? 'taskset' : command[0]!, options.cpus ? ['--cpu-list', options.cpus, ...command] : command.slice(1), {
    cwd: options.data.dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: sessionSecret,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_PATH: options.data.databasePath,
      UPLOADS_DIR: options.data.uploadsDir,
      LOG_LEVEL: 'warn',
      ...options.env,
      METRICS_TOKEN: metricsToken,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const { stop } = superviseServer(server);
  await untilHealthy(origin);
  const coldStartMs = performance.now() - started;
  const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
  // The fields after the command's name, from the state on (proc(5)): minflt is the 8th, utime and stime the 12th and 13th.
  const stat = async () => (await readFile(`/proc/${server.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ').map(Number);
  const cpuMs = async () => {
    const fields = await stat();
    return ((fields[11]! + fields[12]!) * 1000) / ticksPerSecond;
  };
  const minorFaults = async () => (await stat())[7]!;
  const metrics = async () => (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const gcMs = async () => {
    const text = await metrics();
    return [...text.matchAll(/^nodejs_gc_duration_seconds_sum\{[^}]*\} (\S+)$/gm)].reduce(
      (sum, [, seconds]) => sum + Number(seconds) * 1000,
      0,
    );
  };
  return { origin, pid: server.pid!, coldStartMs, sessionSecret, cpuMs, minorFaults, metrics, gcMs, stop };
}
