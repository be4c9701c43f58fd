import { LRUCache } from 'lru-cache';
import { dataVersion, db } from '~/services/db.server';

/** As long as the page cache keeps a page: relative dates and rolling leaderboard windows move on. */
export const VERSION_CACHE_MAX_AGE_MS = 30_000;

type Options = { max?: number; maxAgeMs?: number };

/**
 * `read(key)`, remembered until the database changes — any write on this
 * connection, or a commit by another process or LiteFS replaying the primary's —
 * or `maxAgeMs` passes. For what every visitor sees alike but every signed-in
 * member's page reads again: a write, the member's own included, is seen by the
 * next read. The value is shared by every caller: never change it.
 */
export function perDataVersion<K extends string | number, T>(
  read: (key: K) => T,
  { max = 500, maxAgeMs = VERSION_CACHE_MAX_AGE_MS }: Options = {},
): (key: K) => T {
  const kept = new LRUCache<K, { connection: object; version: string; value: T }>({ max, ttl: maxAgeMs });
  return (key) => {
    // The connection too: tests open a fresh database whose version may read the same.
    const connection = db().$client;
    const version = dataVersion();
    const hit = kept.get(key);
    if (hit && hit.connection === connection && hit.version === version) return hit.value;
    const value = read(key);
    kept.set(key, { connection, version, value });
    return value;
  };
}

/**
 * When the data of this version was first read: pages drawn from shared reads
 * measure "3m ago" from it, so every visitor's copy of such a part is the same
 * (as old as a page kept for guests at most).
 */
export const dataNow = perDataVersion((_moment: 'now') => Date.now(), { max: 1 });
