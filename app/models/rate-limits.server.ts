import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm';
import { rateLimitHits } from '../../db/schema';
import { type Db, db } from '~/services/db.server';
import type { RateLimit } from '~/domain/rate-limits';
import { DAY_MS } from '~/utils/dates';

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterMs: number };

type Reader = Pick<Db, 'select'>;

function check(reader: Reader, rule: RateLimit, key: string, now: number): RateLimitResult {
  const [row] = reader
    .select({ hits: count(), oldest: min(rateLimitHits.at) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.at, new Date(now - rule.windowMs))))
    .all();
  if (!row || row.hits < rule.limit) return { allowed: true };
  const oldest = row.oldest ? row.oldest.getTime() : now;
  return { allowed: false, retryAfterMs: Math.max(1000, oldest + rule.windowMs - now) };
}

/** Whether one more event for `key` would stay within the limit; counts nothing. */
export function peekRateLimit(rule: RateLimit, key: string, now = Date.now()): RateLimitResult {
  return check(db(), rule, key, now);
}

const memoryHits = new Map<string, number[]>();

/**
 * consumeRateLimit counted in this process's memory, for a request that must not write
 * (a GET, which a replica may serve): each server counts its own, and a restart forgets.
 */
export function consumeMemoryRateLimit(rule: RateLimit, key: string, now = Date.now()): RateLimitResult {
  // Counters of keys gone quiet are dropped now and then; no window is longer than a day.
  if (memoryHits.size > 1000) for (const [name, hits] of memoryHits) if (hits.at(-1)! < now - DAY_MS) memoryHits.delete(name);
  const name = `${rule.bucket}:${key}`;
  const hits = (memoryHits.get(name) ?? []).filter((at) => at > now - rule.windowMs);
  if (hits.length >= rule.limit) {
    memoryHits.set(name, hits);
    return { allowed: false, retryAfterMs: Math.max(1000, hits[0]! + rule.windowMs - now) };
  }
  memoryHits.set(name, [...hits, now]);
  return { allowed: true };
}

/** Counts one event for `key` if the limit allows it; otherwise says how long to wait. */
export function consumeRateLimit(rule: RateLimit, key: string, now = Date.now()): RateLimitResult {
  return db().transaction((tx) => consumeRateLimitIn(tx, rule, key, now));
}

/** consumeRateLimit inside the caller's transaction, so the event counts only if the rest commits. */
export function consumeRateLimitIn(tx: Reader & Pick<Db, 'insert'>, rule: RateLimit, key: string, now = Date.now()): RateLimitResult {
  const result = check(tx, rule, key, now);
  if (result.allowed)
    tx.insert(rateLimitHits)
      .values({ bucket: rule.bucket, key, at: new Date(now) })
      .run();
  return result;
}

/** One event counted under several rules at once, to be given back if what it allowed did not happen. */
export type Reservation = { hitIds: number[] };

export type ReservationResult = { allowed: true; reservation: Reservation } | { allowed: false; refusedBy: number; retryAfterMs: number };

/**
 * Checks every `[rule, key]` and counts one event under each, in one synchronous
 * transaction, or counts nothing if any refuses (`refusedBy` is its index).
 * Because the check and the count are one step, parallel requests cannot all pass
 * a check that only one of them should; work that may fail afterwards (sending a
 * mail) gives the events back with `releaseReservation`.
 */
export function reserveRateLimits(checks: readonly (readonly [RateLimit, string])[], now = Date.now()): ReservationResult {
  return db().transaction((tx) => {
    for (const [index, [rule, key]] of checks.entries()) {
      const result = check(tx, rule, key, now);
      if (!result.allowed) return { allowed: false, refusedBy: index, retryAfterMs: result.retryAfterMs } as const;
    }
    const hitIds = checks.map(
      ([rule, key]) =>
        tx
          .insert(rateLimitHits)
          .values({ bucket: rule.bucket, key, at: new Date(now) })
          .returning({ id: rateLimitHits.id })
          .get().id,
    );
    return { allowed: true, reservation: { hitIds } } as const;
  });
}

/** Gives back the events of a reservation whose work did not happen. */
export function releaseReservation(reservation: Reservation): void {
  if (reservation.hitIds.length === 0) return;
  db().delete(rateLimitHits).where(inArray(rateLimitHits.id, reservation.hitIds)).run();
}

/** Removes events older than a day, longer than any window (housekeeping). */
export function pruneRateLimitHits(now = Date.now()): number {
  return db()
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.at, new Date(now - DAY_MS)))
    .run().changes;
}
