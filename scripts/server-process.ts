// The built server run by a script (a bench, the Lighthouse audit): stopped with the
// script, and the script stopped when the server dies under it.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Builds `appRoot` unless it has a build. */
export function ensureBuilt(appRoot: string): void {
  if (existsSync(join(appRoot, 'build/server/index.js'))) return;
  const built = spawnSync('npm', ['run', 'build'], { cwd: appRoot, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** Ties `server` to this script's life; `stop()` ends it on purpose. */
export function superviseServer(server: ChildProcess): { stop: () => void } {
  let stopping = false;
  const stop = () => {
    stopping = true;
    server.kill('SIGTERM');
  };
  process.on('exit', stop);
  // Ctrl-C or a kill stops the server too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
  server.on('exit', (code) => {
    if (stopping) return;
    console.error(`The server stopped (exit code ${code}).`);
    process.exit(1);
  });
  return { stop };
}

/** Resolves once `origin` answers /healthz. */
export async function untilHealthy(origin: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
