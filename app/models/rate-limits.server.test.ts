import { describe, expect, it } from 'vitest';
import { db } from '~/services/db.server';
import type { RateLimit } from '~/domain/rate-limits';
import { rateLimitHits } from '../../db/schema';
import { consumeRateLimit, peekRateLimit, pruneRateLimitHits, releaseReservation, reserveRateLimits } from './rate-limits.server';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

const threePerMinute: RateLimit = { bucket: 'test:three-per-minute', limit: 3, windowMs: MINUTE };

const hitCount = () => db().select().from(rateLimitHits).all().length;

describe('consumeRateLimit', () => {
  it('allows `limit` events in the window, then refuses', () => {
    expect(consumeRateLimit(threePerMinute, 'a', NOW)).toEqual({ allowed: true });
    expect(consumeRateLimit(threePerMinute, 'a', NOW + 1 * SECOND)).toEqual({ allowed: true });
    expect(consumeRateLimit(threePerMinute, 'a', NOW + 2 * SECOND)).toEqual({ allowed: true });
    expect(consumeRateLimit(threePerMinute, 'a', NOW + 3 * SECOND).allowed).toBe(false);
  });

  it('says to wait until the oldest event leaves the window', () => {
    consumeRateLimit(threePerMinute, 'a', NOW);
    consumeRateLimit(threePerMinute, 'a', NOW + 10 * SECOND);
    consumeRateLimit(threePerMinute, 'a', NOW + 20 * SECOND);

    expect(consumeRateLimit(threePerMinute, 'a', NOW + 30 * SECOND)).toEqual({ allowed: false, retryAfterMs: 30 * SECOND });
    expect(consumeRateLimit(threePerMinute, 'a', NOW + 45 * SECOND)).toEqual({ allowed: false, retryAfterMs: 15 * SECOND });
  });

  it('does not count refused events', () => {
    for (let index = 0; index < 3; index++) consumeRateLimit(threePerMinute, 'a', NOW);
    for (let index = 0; index < 5; index++) expect(consumeRateLimit(threePerMinute, 'a', NOW + SECOND).allowed).toBe(false);
    expect(hitCount()).toBe(3);
    // Once the three events have left the window, three more are allowed.
    const later = NOW + MINUTE + 1;
    expect(consumeRateLimit(threePerMinute, 'a', later)).toEqual({ allowed: true });
    expect(consumeRateLimit(threePerMinute, 'a', later)).toEqual({ allowed: true });
    expect(consumeRateLimit(threePerMinute, 'a', later)).toEqual({ allowed: true });
    expect(consumeRateLimit(threePerMinute, 'a', later).allowed).toBe(false);
  });

  it('does not count events older than the window', () => {
    consumeRateLimit(threePerMinute, 'a', NOW - 5 * MINUTE);
    consumeRateLimit(threePerMinute, 'a', NOW - 2 * MINUTE);
    consumeRateLimit(threePerMinute, 'a', NOW - MINUTE - 1);

    expect(consumeRateLimit(threePerMinute, 'a', NOW)).toEqual({ allowed: true });
    expect(consumeRateLimit(threePerMinute, 'a', NOW)).toEqual({ allowed: true });
    expect(consumeRateLimit(threePerMinute, 'a', NOW)).toEqual({ allowed: true });
    expect(consumeRateLimit(threePerMinute, 'a', NOW).allowed).toBe(false);
  });

  it('allows again as soon as the oldest event has left the window', () => {
    consumeRateLimit(threePerMinute, 'a', NOW);
    consumeRateLimit(threePerMinute, 'a', NOW + 10 * SECOND);
    consumeRateLimit(threePerMinute, 'a', NOW + 20 * SECOND);

    expect(consumeRateLimit(threePerMinute, 'a', NOW + MINUTE + 1)).toEqual({ allowed: true });
    // The second event is now the oldest of three again.
    expect(consumeRateLimit(threePerMinute, 'a', NOW + MINUTE + 2)).toEqual({
      allowed: false,
      retryAfterMs: 10 * SECOND - 2,
    });
  });

  // Bug: the window counts events `at >= now - windowMs`, so an event is still
  // counted at exactly `at + windowMs`, the moment retryAfterMs points to.
  // Events at NOW, NOW+10s, NOW+20s (3/minute): at NOW+30s the answer is
  // retryAfterMs 30000, but at NOW+60s the event is refused again with
  // retryAfterMs 1000 (expected: allowed).
  it('allows the event when retried exactly retryAfterMs later', () => {
    consumeRateLimit(threePerMinute, 'a', NOW);
    consumeRateLimit(threePerMinute, 'a', NOW + 10 * SECOND);
    consumeRateLimit(threePerMinute, 'a', NOW + 20 * SECOND);

    const refused = consumeRateLimit(threePerMinute, 'a', NOW + 30 * SECOND);
    expect(refused.allowed).toBe(false);
    const retryAfterMs = refused.allowed ? 0 : refused.retryAfterMs;
    expect(consumeRateLimit(threePerMinute, 'a', NOW + 30 * SECOND + retryAfterMs)).toEqual({ allowed: true });
  });

  it('asks for at least a second', () => {
    consumeRateLimit(threePerMinute, 'a', NOW);
    consumeRateLimit(threePerMinute, 'a', NOW);
    consumeRateLimit(threePerMinute, 'a', NOW);
    expect(consumeRateLimit(threePerMinute, 'a', NOW + MINUTE - 10)).toEqual({ allowed: false, retryAfterMs: SECOND });
  });

  it('keeps keys apart', () => {
    for (let index = 0; index < 3; index++) consumeRateLimit(threePerMinute, 'a', NOW);
    expect(consumeRateLimit(threePerMinute, 'a', NOW).allowed).toBe(false);
    expect(consumeRateLimit(threePerMinute, 'b', NOW)).toEqual({ allowed: true });
    expect(consumeRateLimit(threePerMinute, 'A', NOW)).toEqual({ allowed: true });
  });

  it('keeps buckets apart, even for the same key', () => {
    const other: RateLimit = { ...threePerMinute, bucket: 'test:other' };
    for (let index = 0; index < 3; index++) consumeRateLimit(threePerMinute, 'a', NOW);
    expect(consumeRateLimit(threePerMinute, 'a', NOW).allowed).toBe(false);
    expect(consumeRateLimit(other, 'a', NOW)).toEqual({ allowed: true });
    expect(consumeRateLimit(other, 'a', NOW)).toEqual({ allowed: true });
    expect(consumeRateLimit(other, 'a', NOW)).toEqual({ allowed: true });
    expect(consumeRateLimit(other, 'a', NOW).allowed).toBe(false);
  });

  it('refuses everything with a limit of one after the first event', () => {
    const once: RateLimit = { bucket: 'test:once', limit: 1, windowMs: 30 * SECOND };
    expect(consumeRateLimit(once, 'a', NOW)).toEqual({ allowed: true });
    expect(consumeRateLimit(once, 'a', NOW + 5 * SECOND)).toEqual({ allowed: false, retryAfterMs: 25 * SECOND });
  });
});

describe('peekRateLimit', () => {
  it('answers like consumeRateLimit but never counts', () => {
    for (let index = 0; index < 10; index++) expect(peekRateLimit(threePerMinute, 'a', NOW)).toEqual({ allowed: true });
    expect(hitCount()).toBe(0);

    consumeRateLimit(threePerMinute, 'a', NOW);
    consumeRateLimit(threePerMinute, 'a', NOW + 10 * SECOND);
    expect(peekRateLimit(threePerMinute, 'a', NOW + 20 * SECOND)).toEqual({ allowed: true });
    expect(peekRateLimit(threePerMinute, 'a', NOW + 20 * SECOND)).toEqual({ allowed: true });
    expect(hitCount()).toBe(2);

    consumeRateLimit(threePerMinute, 'a', NOW + 20 * SECOND);
    expect(peekRateLimit(threePerMinute, 'a', NOW + 30 * SECOND)).toEqual({ allowed: false, retryAfterMs: 30 * SECOND });
    expect(hitCount()).toBe(3);
  });
});

describe('reserveRateLimits', () => {
  const once: RateLimit = { bucket: 'test:once', limit: 1, windowMs: 30 * SECOND };

  it('counts one event under every rule when all allow it', () => {
    const result = reserveRateLimits(
      [
        [threePerMinute, 'a'],
        [once, 'a'],
      ],
      NOW,
    );
    expect(result.allowed).toBe(true);
    expect(hitCount()).toBe(2);
    expect(peekRateLimit(once, 'a', NOW).allowed).toBe(false);
  });

  it('counts nothing when one rule refuses, and names it', () => {
    consumeRateLimit(once, 'a', NOW);
    expect(
      reserveRateLimits(
        [
          [threePerMinute, 'a'],
          [once, 'a'],
        ],
        NOW + 5 * SECOND,
      ),
    ).toEqual({
      allowed: false,
      refusedBy: 1,
      retryAfterMs: 25 * SECOND,
    });
    expect(hitCount()).toBe(1);
  });

  it('gives the events back on release, and only those', () => {
    consumeRateLimit(threePerMinute, 'a', NOW);
    const result = reserveRateLimits(
      [
        [threePerMinute, 'a'],
        [once, 'a'],
      ],
      NOW,
    );
    if (!result.allowed) throw new Error('refused');
    releaseReservation(result.reservation);
    expect(hitCount()).toBe(1);
    expect(reserveRateLimits([[once, 'a']], NOW).allowed).toBe(true);
  });
});

describe('pruneRateLimitHits', () => {
  it('removes events older than a day and keeps the rest', () => {
    consumeRateLimit(threePerMinute, 'old', NOW - 3 * DAY);
    consumeRateLimit(threePerMinute, 'old', NOW - DAY - 1);
    consumeRateLimit(threePerMinute, 'kept', NOW - DAY);
    consumeRateLimit(threePerMinute, 'kept', NOW - HOUR);
    consumeRateLimit(threePerMinute, 'kept', NOW);

    expect(pruneRateLimitHits(NOW)).toBe(2);
    expect(
      db()
        .select()
        .from(rateLimitHits)
        .all()
        .map((hit) => [hit.key, hit.at.getTime()]),
    ).toEqual([
      ['kept', NOW - DAY],
      ['kept', NOW - HOUR],
      ['kept', NOW],
    ]);
    expect(pruneRateLimitHits(NOW)).toBe(0);
  });

  it('does not change what a limit allows within its window', () => {
    for (let index = 0; index < 3; index++) consumeRateLimit(threePerMinute, 'a', NOW);
    pruneRateLimitHits(NOW);
    expect(consumeRateLimit(threePerMinute, 'a', NOW).allowed).toBe(false);
  });
});
