import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type AppProcess, startApp } from './app-process';
import { Browser } from './browser';
import { sharedForFile } from './shared-for-file';
import { signInWithCode } from './sign-in';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { waitFor } from './wait';

/** The LiteFS binary: LITEFS_BIN, else the team's build beside the project (../shared/tools/litefs). */
export const LITEFS_BIN = process.env.LITEFS_BIN ?? resolve(import.meta.dirname, '../../../shared/tools/litefs/litefs');

/** Why two LiteFS nodes cannot run here, or undefined when they can. */
export function liteFsUnavailable(): string | undefined {
  const missing = [
    existsSync(LITEFS_BIN) ? undefined : `no LiteFS binary at ${LITEFS_BIN}`,
    existsSync('/dev/fuse') ? undefined : 'no /dev/fuse',
    spawnSync('fusermount3', ['-V']).error ? 'no fusermount3 (apt-get install fuse3)' : undefined,
  ].filter(Boolean);
  if (missing.length === 0) return undefined;
  return `The LiteFS tests cannot run here: ${missing.join(', ')}. They need root (or access to /dev/fuse), fuse3 and LITEFS_BIN=/path/to/litefs.`;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

const isMounted = (dir: string) => readFileSync('/proc/mounts', 'utf8').includes(` ${dir} fuse`);

/** Every LiteFS process and mount still up, cleaned away if the test process dies before its hooks do. */
const running = new Map<ChildProcess, string>();
process.once('exit', () => {
  for (const [child, fuseDir] of running) {
    child.kill('SIGKILL');
    spawnSync('fusermount3', ['-u', '-z', fuseDir]);
  }
});

export type LiteFsNode = {
  name: string;
  fuseDir: string;
  infoUrl: string;
  output: () => string;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/** One LiteFS node with a static lease: node-a is the primary, the others replicate from it. */
function liteFsNode(
  base: string,
  name: string,
  { primary, httpPort, primaryPort }: { primary: boolean; httpPort: number; primaryPort: number },
): LiteFsNode {
  const fuseDir = join(base, name, 'fuse');
  const config = join(base, `${name}.yml`);
  mkdirSync(fuseDir, { recursive: true });
  writeFileSync(
    config,
    [
      `fuse: { dir: "${fuseDir}" }`,
      `data: { dir: "${join(base, name, 'data')}" }`,
      `http: { addr: "127.0.0.1:${httpPort}" }`,
      // With a static lease the candidate is the primary, and every node names the primary's hostname and URL.
      `lease: { type: "static", candidate: ${primary}, hostname: "node-a", advertise-url: "http://127.0.0.1:${primaryPort}" }`,
      'log: { format: "text" }',
    ].join('\n'),
  );
  return liteFsMount({ name, config, fuseDir, infoUrl: `http://127.0.0.1:${httpPort}/info` });
}

/**
 * `litefs mount -config <config>` as a child of its own (its own process
 * group, so signals meant for the test runner do not reach it): `start` waits
 * until the mount and the HTTP API answer, `stop` sends SIGTERM (LiteFS stops
 * its `exec` child and unmounts) and unmounts whatever is left.
 */
export function liteFsMount({
  name,
  config,
  fuseDir,
  infoUrl,
  env = {},
  cwd,
}: {
  name: string;
  config: string;
  fuseDir: string;
  infoUrl: string;
  env?: Record<string, string>;
  cwd?: string;
}): LiteFsNode {
  let child: ChildProcess | undefined;
  let output = '';
  return {
    name,
    fuseDir,
    infoUrl,
    output: () => output,
    async start() {
      const started = spawn(LITEFS_BIN, ['mount', '-config', config], {
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
        cwd,
        env: { ...process.env, ...env },
      });
      child = started;
      running.set(started, fuseDir);
      started.stdout?.on('data', (chunk) => (output += chunk));
      started.stderr?.on('data', (chunk) => (output += chunk));
      started.once('exit', () => running.delete(started));
      await waitFor(
        async () => {
          if (started.exitCode !== null) throw new Error(`LiteFS ${name} exited:\n${output}`);
          const ready =
            isMounted(fuseDir) &&
            (await fetch(infoUrl).then(
              (response) => response.ok,
              () => false,
            ));
          return ready || undefined;
        },
        { timeoutMs: 15_000 },
      ).catch((error: unknown) => {
        throw new Error(`LiteFS ${name} did not mount:\n${output}`, { cause: error });
      });
    },
    async stop() {
      const stopping = child;
      child = undefined;
      if (stopping && stopping.exitCode === null) {
        const exited = new Promise((done) => stopping.once('exit', done));
        stopping.kill('SIGTERM');
        const timer = setTimeout(() => stopping.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (isMounted(fuseDir)) spawnSync('fusermount3', ['-u', '-z', fuseDir]);
    },
  };
}

export type LiteFsCluster = {
  /** The app on node A, the static primary. */
  readonly primary: AppProcess;
  /** The app on node B, a replica of A: its database is read-only, its uploads folder its own. */
  readonly replica: AppProcess;
  readonly nodes: { a: LiteFsNode; b: LiteFsNode };
  mail: SmtpSink;
  /** A browser talking to `app` from an address of its own; `.on(other)` sends it to the other node. */
  browser(app: AppProcess): Browser;
  /** A browser signed in through the forms on `app`. */
  member(app: AppProcess, email?: string): Promise<Browser>;
  /** Stops the primary, app then LiteFS, as a machine going down does (the app killed outright). */
  stopPrimary(): Promise<void>;
  /** Starts node A and its app again on their data and port. */
  startPrimary(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Two real LiteFS nodes on 127.0.0.1 (static lease: A primary, B replica) and
 * the built server on each, as a two-machine deployment runs them: the
 * database inside each node's mount (LITEFS_DIR, DATABASE_PATH), its own
 * UPLOADS_DIR and port, one SESSION_SECRET, one SMTP sink, and the replica told
 * where the primary's app is (PRIMARY_APP_URL). Everything is stopped by its
 * own PID and unmounted by `stop`, also when a test failed.
 */
export async function startLiteFsCluster(env: Record<string, string> = {}, { ownBuild = false } = {}): Promise<LiteFsCluster> {
  const base = mkdtempSync(join(tmpdir(), 'rigroast-litefs-'));
  const [portA, portB] = [await freePort(), await freePort()];
  const nodes = {
    a: liteFsNode(base, 'node-a', { primary: true, httpPort: portA, primaryPort: portA }),
    b: liteFsNode(base, 'node-b', { primary: false, httpPort: portB, primaryPort: portA }),
  };
  const mail = await startSmtpSink();
  const shared = { SMTP_URL: mail.url, TRUST_PROXY: 'true', SESSION_SECRET: randomBytes(32).toString('base64url'), ...env };
  const appEnv = (node: LiteFsNode) => ({
    ...shared,
    LITEFS_DIR: node.fuseDir,
    DATABASE_PATH: join(node.fuseDir, 'sqlite.db'),
    LITEFS_INFO_URL: node.infoUrl,
  });
  let primary: AppProcess | undefined;
  let replica: AppProcess | undefined;
  let primaryPort = '0';

  const startPrimaryApp = async (dataDir?: string) => {
    primary = await startApp({ ...appEnv(nodes.a), PORT: primaryPort }, { dataDir, ownBuild });
    primaryPort = new URL(primary.origin).port;
  };
  const stop = async () => {
    await replica?.stop();
    await primary?.stop();
    await nodes.b.stop();
    await nodes.a.stop();
    await mail.stop();
    rmSync(base, { recursive: true, force: true });
  };

  try {
    await nodes.a.start();
    await nodes.b.start();
    await startPrimaryApp();
    // The replica opens the database once the primary's migrations reached it.
    await waitFor(() => existsSync(join(nodes.b.fuseDir, 'sqlite.db')));
    replica = await startApp({ ...appEnv(nodes.b), PRIMARY_APP_URL: primary!.origin }, { ownBuild });
  } catch (error) {
    await stop();
    throw error;
  }

  let browsers = 0;
  let members = 0;
  const browser = (app: AppProcess) => new Browser(app, `203.0.113.${(browsers++ % 254) + 1}`);
  return {
    get primary() {
      return primary!;
    },
    get replica() {
      return replica!;
    },
    nodes,
    mail,
    browser,
    async member(app, email = `member${++members}-${Date.now()}@example.com`) {
      const signedIn = browser(app);
      await signInWithCode(signedIn, mail, email);
      return signedIn;
    },
    async stopPrimary() {
      await primary!.stop('SIGKILL', { keepData: true });
      await nodes.a.stop();
    },
    async startPrimary() {
      await nodes.a.start();
      await startPrimaryApp(primary!.dataDir);
    },
    stop,
  };
}

/** `startLiteFsCluster` for a whole test file: up before its first test, down (and unmounted) after its last. */
export function sharedLiteFsCluster(env: Record<string, string> = {}, options: { ownBuild?: boolean } = {}): LiteFsCluster {
  return sharedForFile('cluster', () => startLiteFsCluster(env, options));
}
