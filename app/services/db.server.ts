import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { LRUCache } from 'lru-cache';
import * as schema from '../../db/schema';
import { sqliteWrites } from './metrics.server';
import { migrationsFolder } from './paths.server';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** The connection or a transaction on it: what code that writes inside a caller's transaction takes. */
export type Writer = Pick<Db, 'insert' | 'update' | 'select' | 'delete' | 'run'>;

/**
 * Opens (creating file and folder on first start) a database tuned for a web server; or,
 * given a serialized database, an in-memory copy of it (the tests' migrated database).
 */
export function openDatabase(path: string | Buffer): Db {
  if (typeof path === 'string' && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  // WAL lets readers run while one writer writes; NORMAL is durable in WAL mode
  // except for the last transactions before a power cut.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // better-sqlite3 builds SQLite with a 16 MB page cache per connection, which the
  // upkeep jobs fill and the allocator then keeps. 4 MB holds every page's reads;
  // the rankings re-read the rest from the OS's cache at no measurable cost (015).
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KB}`);
  reuseStatements(sqlite);
  return immediateTransactions(drizzle({ client: sqlite, schema }));
}

/**
 * Every transaction takes the write lock as it begins (BEGIN IMMEDIATE), waiting for it up
 * to busy_timeout: they all write, or read in order to write. A deferred one that read first
 * failed at once with SQLITE_BUSY when another process (the admin command, a test) was
 * writing by then, for SQLite does not wait on a read that wants to become a write.
 * Each runs synchronously to its end, so holding the lock from the start delays no one.
 */
function immediateTransactions(database: Db): Db {
  const transaction = database.transaction.bind(database);
  database.transaction = ((run, config) => transaction(run, { behavior: 'immediate', ...config })) as Db['transaction'];
  return database;
}

/** A read-only connection of its own to the database file, for a worker thread (jobs/worker-thread.server.ts). */
export function openReadOnlyDatabase(path: string): Db {
  const sqlite = new Database(path, { readonly: true, fileMustExist: true });
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KB}`);
  return drizzle({ client: sqlite, schema });
}

/** How long a statement waits for another connection's write lock (the admin command, a worker) before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Runs `work` on the connection without waiting for another process's write lock: it
 * fails at once with SQLITE_BUSY (isBusyError) where it would have stopped the event
 * loop for up to busy_timeout. For writes that can simply be tried again later.
 */
export function withoutWaitingForLock<T>(work: () => T): T {
  const client = db().$client;
  client.pragma('busy_timeout = 0');
  try {
    return work();
  } finally {
    client.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

/** Whether SQLite refused because another connection holds the lock. */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** SQLite's page cache per connection, in KiB. */
const PAGE_CACHE_KB = 4096;

/** More than the app's distinct queries, so the hot ones are never compiled again. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Drizzle prepares every query it runs, and SQLite compiling the same SQL again
 * took about a fifth of a signed-in member's page. Statements are kept per
 * connection by their SQL; each is handed out with its result mode reset, since
 * drizzle switches `raw()` on for some calls. Every call runs synchronously to its
 * end (nothing here iterates), so one statement is never busy when asked for again.
 */
function reuseStatements(sqlite: Database.Database): void {
  const compile = sqlite.prepare.bind(sqlite);
  const statements = new LRUCache<string, Database.Statement>({ max: STATEMENT_CACHE_SIZE });
  sqlite.prepare = ((source: string) => {
    const kept = statements.get(source);
    if (!kept) {
      const statement = timeWrites(compile(source));
      statements.set(source, statement);
      return statement;
    }
    if (kept.reader) kept.raw(false).pluck(false).expand(false);
    return kept;
  }) as typeof sqlite.prepare;
}

/** A write statement's run, timed for /metrics: a long one waited for the write lock (busy_timeout) or for the disk. */
function timeWrites(statement: Database.Statement): Database.Statement {
  if (statement.reader) return statement;
  const run = statement.run.bind(statement);
  statement.run = ((...params: unknown[]) => {
    const started = performance.now();
    try {
      return run(...params);
    } finally {
      sqliteWrites.observe((performance.now() - started) / 1000);
    }
  }) as typeof statement.run;
  return statement;
}

/**
 * A drizzle query built once per connection, run with `sql.placeholder` values.
 * Drizzle builds a query's SQL again on every call, before the kept statement is
 * found: for the one read a member's build page makes per request (their rating)
 * that was 4 % of the page's CPU.
 */
export function preparedOnce<Query>(build: (connection: Db) => Query): () => Query {
  const byConnection = new WeakMap<Db, Query>();
  return () => {
    const connection = db();
    let query = byConnection.get(connection);
    if (!query) {
      query = build(connection);
      byConnection.set(connection, query);
    }
    return query;
  };
}

/** Brings the schema up to date; idempotent. Run only where this instance may write. */
export function migrateDatabase(db: Db): void {
  migrate(db, { migrationsFolder });
}

let current: Db | undefined;

/** The process-wide connection, opened by `setDatabase` at start-up. */
export function db(): Db {
  if (!current) throw new Error('The database is not open yet: call setDatabase() at start-up');
  return current;
}

export function setDatabase(instance: Db): Db {
  current = instance;
  return instance;
}

export function closeDatabase(): void {
  current?.$client.close();
  current = undefined;
}

const versionQueries = new WeakMap<Database.Database, Database.Statement>();

type VersionScope = { connection?: Database.Database; version?: string };
const versionScope = new AsyncLocalStorage<VersionScope>();

/**
 * Runs `work`, a request that only reads (GET never writes), reading the data
 * version once: a member's page asks for it once per remembered read, six or
 * seven times, each a statement of its own. What other processes or the jobs
 * commit meanwhile is seen by the next request.
 */
export function readingVersionOnce<T>(work: () => T): T {
  return versionScope.run({}, work);
}

/**
 * A value that changes whenever the database does: `total_changes()` counts this
 * connection's own writes, `data_version` every commit by another connection —
 * another process, or LiteFS replaying the primary's transactions on a replica.
 */
export function dataVersion(): string {
  const sqlite = db().$client;
  const scope = versionScope.getStore();
  if (scope?.connection === sqlite) return scope.version!;
  let query = versionQueries.get(sqlite);
  if (!query) {
    query = sqlite.prepare("select total_changes() || ':' || data_version from pragma_data_version").pluck();
    versionQueries.set(sqlite, query);
  }
  const version = query.get() as string;
  if (scope) Object.assign(scope, { connection: sqlite, version });
  return version;
}
