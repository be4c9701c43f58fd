import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const serverEntry = resolve(import.meta.dirname, '../../build/server/index.js');

export type AppProcess = {
  origin: string;
  dataDir: string;
  databasePath: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Starts the built server (build/server/index.js) on a free port with its own
 * temporary data folder, exactly as `npm start` runs it.
 */
export async function startApp(env: Record<string, string> = {}): Promise<AppProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rigroast-test-'));
  const databasePath = join(dataDir, 'db', 'sqlite.db');
  const child = spawn(process.execPath, [serverEntry], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: databasePath,
      UPLOADS_DIR: join(dataDir, 'uploads'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
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
    databasePath,
    child,
    output: () => output,
    fetch: (path, init) => fetch(`${origin}${path}`, { redirect: 'manual', ...init }),
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export async function runAppExpectingFailure(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rigroast-test-'));
  const child = spawn(process.execPath, [serverEntry], {
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
