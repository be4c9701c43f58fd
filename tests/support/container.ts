import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Site } from './browser';
import { freePort } from './litefs-cluster';

// The project's image run with podman the way its README runs it, for the image tests
// (tests/container). Host networking only: each container's ports are the host's, so
// every container gets its own PORT (and LiteFS port) on 127.0.0.1.

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');
/** The image the tests build from the Dockerfile (tests/container/global-setup.ts) and run. */
export const IMAGE = process.env.CONTAINER_IMAGE ?? 'localhost/rigroast-image-test:latest';
/** Any 32 bytes: every container of a test signs cookies with the same one. */
export const SESSION_SECRET = 'c0ffee'.repeat(11).slice(0, 64);

export type PodmanResult = { status: number | null; stdout: string; stderr: string };

/** Runs podman and waits for it (output kept for the test's messages). */
export function podman(args: string[], { timeoutMs = 120_000 } = {}): Promise<PodmanResult> {
  return new Promise((done, fail) => {
    const child = spawn('podman', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', fail);
    child.once('exit', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
  });
}

/** The reason the image tests cannot run here, if any. */
export function podmanUnavailable(): string | undefined {
  if (spawnSync('podman', ['--version']).status === 0) return undefined;
  return 'podman is not installed: run `bash ../shared/tools/container/make-base-images.sh` (as root) first, as .ci/run does.';
}

export type ContainerOptions = {
  /** Extra environment for the container (PORT, SESSION_SECRET and HOST are set unless given). */
  env?: Record<string, string>;
  /** Host folder mounted at /data (a fresh one if not given). */
  dataDir?: string;
  /** More `-v` mounts, `host:container[:options]`. */
  volumes?: string[];
  /** More `podman run` options (e.g. the FUSE device for LiteFS). */
  options?: string[];
  /** Arguments after the image: the command instead of the server. */
  command?: string[];
};

export type Container = Site & {
  name: string;
  port: number;
  /** The host folder mounted at /data. */
  dataDir: string;
  /** The database file as the host sees it (the plain container's /data/sqlite.db). */
  databasePath: string;
  logs: () => Promise<string>;
  /** Runs a command inside the running container (as `user`, root by default). */
  exec: (command: string[], user?: string) => Promise<PodmanResult>;
  /** `podman stop` (SIGTERM, then SIGKILL after 10 s): how long it took and the exit code. */
  stop: () => Promise<{ ms: number; exitCode: number }>;
  /** Starts the stopped container again (same name, volumes and environment). */
  restart: () => Promise<void>;
  /** Removes the container, and its data folder unless `keepData`. */
  remove: (options?: { keepData?: boolean }) => Promise<void>;
};

const started = new Set<string>();
process.once('exit', () => {
  for (const name of started) spawnSync('podman', ['rm', '-f', '-t', '0', name]);
});

/** Waits until `/healthz` answers 200; fails with the container's log when it does not within `timeoutMs`. */
export async function waitHealthy(container: Pick<Container, 'origin' | 'name' | 'logs'>, timeoutMs = 60_000): Promise<number> {
  const begun = performance.now();
  while (performance.now() - begun < timeoutMs) {
    const ok = await fetch(`${container.origin}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return performance.now() - begun;
    const state = await podman(['inspect', '-f', '{{.State.Running}}', container.name]);
    if (state.stdout.trim() === 'false') throw new Error(`${container.name} exited before it was healthy:\n${await container.logs()}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`${container.name} was not healthy within ${timeoutMs} ms:\n${await container.logs()}`);
}

/** Starts the image in the background on a free port and waits until it is healthy (unless `healthy: false`). */
export async function startContainer(options: ContainerOptions = {}, { healthy = true } = {}): Promise<Container> {
  const port = Number(options.env?.PORT ?? (await freePort()));
  const name = `rigroast-test-${port}-${process.pid}`;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'rigroast-container-'));
  const env = { SESSION_SECRET, HOST: '127.0.0.1', ...options.env, PORT: String(port) };
  const args = ['run', '-d', '--name', name, '--network', 'host', '-v', `${dataDir}:/data`];
  for (const volume of options.volumes ?? []) args.push('-v', volume);
  for (const [key, value] of Object.entries(env)) args.push('-e', `${key}=${value}`);
  args.push(...(options.options ?? []), IMAGE, ...(options.command ?? []));
  const run = await podman(args);
  if (run.status !== 0) throw new Error(`podman run failed: ${run.stderr}`);
  started.add(name);

  const origin = `http://127.0.0.1:${port}`;
  const container: Container = {
    name,
    port,
    origin,
    dataDir,
    databasePath: join(dataDir, 'sqlite.db'),
    fetch: (path, init) => fetch(`${origin}${path}`, { redirect: 'manual', ...init }),
    logs: async () => {
      const logs = await podman(['logs', name]);
      return logs.stdout + logs.stderr;
    },
    exec: (command, user = 'root') => podman(['exec', '--user', user, name, ...command]),
    stop: async () => {
      const begun = performance.now();
      await podman(['stop', name]);
      const ms = performance.now() - begun;
      const exit = await podman(['inspect', '-f', '{{.State.ExitCode}}', name]);
      return { ms, exitCode: Number(exit.stdout.trim()) };
    },
    restart: async () => {
      const result = await podman(['start', name]);
      if (result.status !== 0) throw new Error(`podman start failed: ${result.stderr}`);
      await waitHealthy(container);
    },
    remove: async ({ keepData = false } = {}) => {
      await podman(['rm', '-f', '-t', '10', name]);
      started.delete(name);
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (healthy) await waitHealthy(container);
  return container;
}

/** Runs the image to completion (`podman run --rm`): its exit code and everything it printed. */
export async function runImage(options: ContainerOptions & { timeoutMs?: number } = {}): Promise<PodmanResult> {
  // A command that runs to completion has no use for the image's HEALTHCHECK.
  const args = ['run', '--rm', '--network', 'host', '--no-healthcheck'];
  if (options.dataDir) args.push('-v', `${options.dataDir}:/data`);
  for (const volume of options.volumes ?? []) args.push('-v', volume);
  for (const [key, value] of Object.entries(options.env ?? {})) args.push('-e', `${key}=${value}`);
  args.push(...(options.options ?? []), IMAGE, ...(options.command ?? []));
  return podman(args, { timeoutMs: options.timeoutMs });
}

export type ProcessStatus = { pid: number; command: string; uid: string; capEff: string; rssKb: number };

/** Every process in the container running the app's build (the server and the screening process). */
export async function appProcesses(container: Container): Promise<ProcessStatus[]> {
  // Skips its own shell, whose command line holds this script.
  const script = `for d in /proc/[0-9]*; do
  [ "\${d#/proc/}" = "$$" ] && continue
  c=$(tr '\\0' ' ' < $d/cmdline 2>/dev/null) || continue
  case "$c" in *build/server/*) printf '%s\\t%s\\t%s\\t%s\\t%s\\n' "\${d#/proc/}" "$(awk '/^Uid:/{print $2}' $d/status)" "$(awk '/^CapEff:/{print $2}' $d/status)" "$(awk '/^VmRSS:/{print $2}' $d/status)" "$c";; esac
done`;
  const result = await container.exec(['sh', '-c', script]);
  return result.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pid = '', uid = '', capEff = '', rss = '', command = ''] = line.split('\t');
      return { pid: Number(pid), uid, capEff, rssKb: Number(rss), command: command.trim() };
    });
}
