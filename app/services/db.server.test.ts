import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, preparedOnce, setDatabase } from './db.server';

afterEach(() => closeDatabase());

describe('openDatabase', () => {
  it('compiles each statement once and hands it out again with its result mode reset', () => {
    const sqlite = setDatabase(openDatabase(':memory:')).$client;
    const first = sqlite.prepare('select 1 as x, 2 as y');
    expect(first.raw().get()).toEqual([1, 2]);
    const again = sqlite.prepare('select 1 as x, 2 as y');
    expect(again).toBe(first);
    expect(again.get()).toEqual({ x: 1, y: 2 });
    expect(sqlite.prepare('select 1 as x, 2 as y').pluck().get()).toBe(1);
    expect(sqlite.prepare('select 1 as x, 2 as y').get()).toEqual({ x: 1, y: 2 });
  });

  it('keeps statements that write working, and their results fresh', () => {
    const sqlite = setDatabase(openDatabase(':memory:')).$client;
    sqlite.exec('create table t (n integer)');
    for (const n of [1, 2]) sqlite.prepare('insert into t (n) values (?)').run(n);
    expect(sqlite.prepare('select sum(n) as total from t').get()).toEqual({ total: 3 });
    sqlite.prepare('insert into t (n) values (?)').run(4);
    expect(sqlite.prepare('select sum(n) as total from t').get()).toEqual({ total: 7 });
  });

  it('keeps at most 4 MB of database pages in memory, not the 16 MB better-sqlite3 builds in', () => {
    const sqlite = setDatabase(openDatabase(':memory:')).$client;
    expect(sqlite.pragma('cache_size', { simple: true })).toBe(-4096);
  });

  it('builds a prepared query once per connection, and again for the next connection', () => {
    let built = 0;
    const query = preparedOnce((connection) => {
      built += 1;
      return connection.$client.prepare('select ? * 2 as doubled');
    });
    setDatabase(openDatabase(':memory:'));
    expect(query().get(2)).toEqual({ doubled: 4 });
    expect(query().get(5)).toEqual({ doubled: 10 });
    expect(built).toBe(1);
    closeDatabase();
    setDatabase(openDatabase(':memory:'));
    expect(query().get(3)).toEqual({ doubled: 6 });
    expect(built).toBe(2);
  });
});

describe('a transaction', () => {
  it('waits for another process’s write to end, where it reads first and then writes', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'rigroast-db-'));
    try {
      const path = join(folder, 'sqlite.db');
      const database = setDatabase(openDatabase(path));
      database.$client.exec('create table t (n integer)');
      // Another connection (the admin command, a test) holds the write lock for 300 ms.
      const other = new Worker(
        `const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
        const { parentPort, workerData } = require('node:worker_threads');
        const other = new Database(workerData);
        other.exec('begin immediate; insert into t (n) values (1)');
        parentPort.postMessage('writing');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
        other.exec('commit');
        other.close();`,
        { eval: true, workerData: path },
      );
      await new Promise((resolve) => other.once('message', resolve));
      const total = database.transaction((tx) => {
        const { sum } = tx.get<{ sum: number | null }>(sql`select sum(n) as sum from t`);
        tx.run(sql`insert into t (n) values (${(sum ?? 0) + 1})`);
        return tx.get<{ sum: number }>(sql`select sum(n) as sum from t`).sum;
      });
      expect(total).toBe(3);
      await new Promise((resolve) => other.once('exit', resolve));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
