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
