import { describe, expect, it } from 'vitest';
import { isoWeek, startOfIsoWeek } from './iso-week';

describe('isoWeek', () => {
  it('numbers weeks from the one holding the first Thursday, in UTC', () => {
    expect(isoWeek(Date.parse('2026-11-23T00:00:00Z'))).toBe('2026-W48');
    expect(isoWeek(Date.parse('2026-11-22T23:59:59Z'))).toBe('2026-W47');
    // 1 January 2027 is a Friday: it still belongs to the last week of 2026.
    expect(isoWeek(Date.parse('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    // 29 December 2025 is a Monday whose Thursday is in 2026.
    expect(isoWeek(Date.parse('2025-12-29T08:00:00Z'))).toBe('2026-W01');
  });
});

describe('startOfIsoWeek', () => {
  it('is Monday midnight UTC, also for a Sunday night', () => {
    expect(startOfIsoWeek(Date.parse('2026-11-29T23:30:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfIsoWeek(Date.parse('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});
