import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Not paths.server's projectRoot: scripts/bench-request-bodies.ts loads this file with plain Node, which reads no `~/`.
const projectRoot = resolve(import.meta.dirname, '../..');
const serverEntry = (root: string) => join(root, 'build', 'server', 'index.js');
/**
 * Node's compile cache, shared by every test server of a run (and the next run's, for the
 * same build): each one after the first skips compiling the bundle, about 65 ms of a start's
 * 0.45 s of CPU. A server writes what it compiled when it exits.
 */
const compileCache = join(projectRoot, 'node_modules', '.cache', 'node-compile-cache');
/**
 * A database with every migration applied, made once per run by the integration project's
 * global set-up: each test server starts on a copy of it, as a site's server restarts on its
 * database, and skips the migrations (a sixth of a start's CPU). Absent outside vitest's
 * runs (the benches), where a server migrates its own.
 */
export const MIGRATED_DATABASE = join(projectRoot, 'node_modules', '.cache', 'rigroast-migrated', 'sqlite.db');

/**
 * A folder of its own holding a copy of the build and of the migrations beside it, which the
 * server takes for its project folder (app/services/paths.server.ts): files a test plants
 * among the server's own (the static-files walk) are where no other test's server looks, for
 * a server starting meanwhile reads every file of build/client. Under node_modules, so the
 * copy still finds the project's packages.
 */
function ownProjectFolder(): string {
  const parent = join(projectRoot, 'node_modules', '.cache');
  mkdirSync(parent, { recursive: true });
  const root = mkdtempSync(join(parent, 'rigroast-build-'));
  cpSync(join(projectRoot, 'build'), join(root, 'build'), { recursive: true });
  cpSync(join(projectRoot, 'db', 'migrations'), join(root, 'db', 'migrations'), { recursive: true });
  return root;
}

export type AppProcess = {
  origin: string;
  dataDir: string;
  /** The project folder the server runs from: its build/ and db/migrations. */
  root: string;
  databasePath: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** Stops the server; its data folder is deleted unless `keepData` (to start again on it). */
  stop: (signal?: NodeJS.Signals, options?: { keepData?: boolean }) => Promise<number | null>;
};

/**
 * Starts the built server (build/server/index.js) on a free port with its own
 * temporary data folder (or `dataDir`, to restart on an earlier one), exactly as
 * `npm start` runs it. Screening is off and the built-in roaster writes the
 * roasts unless a test asks otherwise: most tests are not about them, and the
 * roast-engine tests set them explicitly. Its database starts as a copy of
 * `MIGRATED_DATABASE` unless `freshDatabase` (the server creates and migrates it).
 */
export async function startApp(
  env: Record<string, string> = {},
  { dataDir: reuse, ownBuild = false, freshDatabase = false }: { dataDir?: string; ownBuild?: boolean; freshDatabase?: boolean } = {},
): Promise<AppProcess> {
  const dataDir = reuse ?? mkdtempSync(join(tmpdir(), 'rigroast-test-'));
  const databasePath = env.DATABASE_PATH ?? join(dataDir, 'db', 'sqlite.db');
  if (!reuse && !env.DATABASE_PATH && !freshDatabase && existsSync(MIGRATED_DATABASE)) {
    mkdirSync(join(dataDir, 'db'));
    copyFileSync(MIGRATED_DATABASE, databasePath);
  }
  const root = ownBuild ? ownProjectFolder() : projectRoot;
  const child = spawn(process.execPath, [serverEntry(root)], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: databasePath,
      UPLOADS_DIR: join(dataDir, 'uploads'),
      LOG_LEVEL: 'info',
      SCREENING: 'off',
      ROAST_PROVIDER: 'builtin',
      JOB_POLL_MS: '100',
      NODE_COMPILE_CACHE: compileCache,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  // A copy of the build goes with its server, whether it started or not.
  if (ownBuild) void exited.then(() => rmSync(root, { recursive: true, force: true }));
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 15_000);
    const onData = () => {
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    dataDir,
    root,
    databasePath,
    child,
    output: () => output,
    fetch: (path, init) => fetch(`${origin}${path}`, { redirect: 'manual', ...init }),
    stop: async (signal = 'SIGTERM', { keepData = false } = {}) => {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export async function runAppExpectingFailure(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rigroast-test-'));
  const child = spawn(process.execPath, [serverEntry(projectRoot)], {
    cwd: dataDir,
    env: { PATH: process.env.PATH, PORT: '0', DATABASE_PATH: join(dataDir, 'sqlite.db'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
  rmSync(dataDir, { recursive: true, force: true });
  return { code, output };
}
