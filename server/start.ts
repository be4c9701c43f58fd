import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { startBackgroundWork } from '~/jobs/background-work.server';
import { closeDatabase, migrateDatabase, openDatabase, setDatabase } from '~/services/db.server';
import { env } from '~/services/env.server';
import { primaryStatus } from '~/services/litefs.server';
import { log, setLogFormat, setLogLevel } from '~/services/log.server';
import { createApp } from './app';
import { continueWithinLimit } from './body-limit';

type StartOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  vite?: ViteDevServer;
};

/** Grace period for requests in flight when asked to stop. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How often a stopping server closes the connections that have gone idle since. */
const IDLE_SWEEP_MS = 100;
const DATABASE_POLL_MS = 250;

/**
 * Starts RigRoast: validates the configuration, opens and migrates the
 * database, serves HTTP, and stops cleanly on SIGINT/SIGTERM.
 */
export async function start({ build, mode, vite }: StartOptions): Promise<Server> {
  const config = env();
  setLogLevel(config.LOG_LEVEL);
  setLogFormat(config.LOG_FORMAT);

  const role = await primaryStatus({ litefsDir: config.LITEFS_DIR, infoUrl: config.LITEFS_INFO_URL });
  // A replica cannot create the database: on a first deploy it waits for the primary's.
  if (role.role !== 'primary' && !existsSync(config.DATABASE_PATH)) {
    log.info(`Waiting for the primary to create ${config.DATABASE_PATH}`);
    while (!existsSync(config.DATABASE_PATH)) await sleep(DATABASE_POLL_MS);
  }
  const db = setDatabase(openDatabase(config.DATABASE_PATH));
  const primary = role.role === 'primary';
  if (primary) migrateDatabase(db);
  else log.info(`Not the LiteFS primary (${role.role}): leaving migrations to the primary`);

  const app = createApp({ build, mode, config, vite });
  const server = createServer(app);
  server.on('checkContinue', continueWithinLimit(app));
  // Longer than a proxy's idle timeout, so the proxy closes idle connections first.
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  // Roasts, screening, leaderboards, housekeeping and mail; the recurring ones are queued on the primary only.
  const backgroundWork = startBackgroundWork(db, config, { primary });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing requests in flight, then stopping`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    // A kept-alive connection whose response ends after close() would otherwise stay open until the grace period ends.
    const idle = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    const jobsStopped = backgroundWork.stop();
    server.close(async () => {
      clearTimeout(force);
      clearInterval(idle);
      await jobsStopped;
      await vite?.close();
      closeDatabase();
      log.info('Stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  // Announced only once a signal would stop it cleanly: until a listener exists, SIGTERM kills outright.
  log.info(`RigRoast is listening on http://localhost:${port} (${mode}, database ${config.DATABASE_PATH})`);

  return server;
}
