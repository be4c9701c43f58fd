import { describe, expect, it } from 'vitest';
import { contestOrder, contestSeed } from './contest-order';

const entries = Array.from({ length: 20 }, (_, index) => ({ id: index + 1 }));
const ids = (seed: string) => contestOrder(entries, seed).map((entry) => entry.id);

describe('contest order', () => {
  const morning = new Date('2026-05-04T06:00:00Z');
  const evening = new Date('2026-05-04T23:59:59Z');
  const nextDay = new Date('2026-05-05T00:00:00Z');

  it('is the same for a visitor all day, and holds every entry once', () => {
    const order = ids(contestSeed('member:7', 3, morning));
    expect(ids(contestSeed('member:7', 3, evening))).toEqual(order);
    expect([...order].sort((a, b) => a - b)).toEqual(entries.map((entry) => entry.id));
  });

  it('differs between visitors, competitions and days', () => {
    const order = ids(contestSeed('member:7', 3, morning));
    expect(ids(contestSeed('member:8', 3, morning))).not.toEqual(order);
    expect(ids(contestSeed('guest:203.0.113.9', 3, morning))).not.toEqual(order);
    expect(ids(contestSeed('member:7', 4, morning))).not.toEqual(order);
    expect(ids(contestSeed('member:7', 3, nextDay))).not.toEqual(order);
  });

  it('puts every entry first for some visitors: no entry is favoured by its id or entry time', () => {
    const firsts = new Set(Array.from({ length: 400 }, (_, visitor) => ids(contestSeed(`member:${visitor}`, 3, morning))[0]));
    expect(firsts.size).toBe(entries.length);
  });
});
