import { afterEach, describe, expect, it, vi } from 'vitest';
import { daysLeftText, daysRemaining, relativeTime, shortDate, shortDateTime, startsInText, waitText } from './dates';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const ago = (ms: number) => relativeTime(NOW - ms, NOW);

describe('relativeTime', () => {
  it.each([
    ['0 seconds', 0, 'just now'],
    ['59 seconds', 59 * SECOND, 'just now'],
    ['60 seconds', 60 * SECOND, '1m ago'],
    ['59 minutes', 59 * MINUTE, '59m ago'],
    ['1 hour', HOUR, '1h ago'],
    ['23 hours', 23 * HOUR, '23h ago'],
    ['23 hours 59 minutes', 23 * HOUR + 59 * MINUTE, '23h ago'],
    ['1 day', DAY, '1d ago'],
    ['6 days', 6 * DAY, '6d ago'],
    ['7 days', 7 * DAY, '1w ago'],
    ['13 days', 13 * DAY, '1w ago'],
    ['14 days', 14 * DAY, '2w ago'],
    ['27 days', 27 * DAY, '3w ago'],
    ['28 days', 28 * DAY, '1mo ago'],
    ['45 days', 45 * DAY, '1mo ago'],
    ['60 days', 60 * DAY, '2mo ago'],
    ['365 days', 365 * DAY, '1y ago'],
    ['3 years', 3 * 365 * DAY, '3y ago'],
  ])('shows %s ago as "%s"', (_label, elapsed, expected) => {
    expect(ago(elapsed)).toBe(expected);
  });

  it('shows a date eleven calendar months back as "11mo ago"', () => {
    const now = new Date('2025-12-15T12:00:00Z');
    const date = new Date('2025-01-15T12:00:00Z');
    expect(relativeTime(date, now)).toBe('11mo ago');
  });

  it('never shows twelve months or more as months', () => {
    const now = new Date('2025-12-15T12:00:00Z');
    expect(relativeTime(new Date('2024-12-15T12:00:00Z'), now)).toBe('1y ago');
    for (let days = 330; days <= 400; days++) {
      expect(ago(days * DAY)).not.toMatch(/^1[2-9]mo ago$/);
    }
  });

  it('shows a date in the future (clock skew) as "just now"', () => {
    expect(relativeTime(NOW + 5 * SECOND, NOW)).toBe('just now');
    expect(relativeTime(NOW + 3 * DAY, NOW)).toBe('just now');
  });

  it('accepts Date objects and millisecond numbers alike', () => {
    const date = NOW - 5 * HOUR;
    expect(relativeTime(new Date(date), new Date(NOW))).toBe('5h ago');
    expect(relativeTime(date, NOW)).toBe('5h ago');
    expect(relativeTime(new Date(date), NOW)).toBe('5h ago');
    expect(relativeTime(date, new Date(NOW))).toBe('5h ago');
  });

  it('measures against the current time when no "now" is given', () => {
    expect(relativeTime(Date.now() - 2 * DAY)).toBe('2d ago');
    expect(relativeTime(new Date())).toBe('just now');
  });
});

describe("a competition's days, in words", () => {
  it('says how long until it opens and how long it still runs, a started day counting as a day', () => {
    expect(startsInText(NOW + 2 * DAY + 1, NOW)).toBe('Starts in 3 days');
    expect(startsInText(NOW + HOUR, NOW)).toBe('Starts in 1 day');
    expect(daysLeftText(NOW + DAY, NOW)).toBe('1 day left');
    expect(daysLeftText(NOW + 1_000 * DAY, NOW)).toBe('1,000 days left');
  });
});

describe('daysRemaining', () => {
  it('counts whole days left', () => {
    expect(daysRemaining(NOW + 3 * DAY, NOW)).toBe(3);
    expect(daysRemaining(NOW + DAY, NOW)).toBe(1);
  });

  it('counts a started day as a full day', () => {
    expect(daysRemaining(NOW + 1, NOW)).toBe(1);
    expect(daysRemaining(NOW + 2 * DAY + 1, NOW)).toBe(3);
    expect(daysRemaining(NOW + 2 * DAY + 23 * HOUR, NOW)).toBe(3);
  });

  it('is 0 at the end and once it has passed', () => {
    expect(daysRemaining(NOW, NOW)).toBe(0);
    expect(daysRemaining(NOW - 1, NOW)).toBe(0);
    expect(daysRemaining(NOW - 10 * DAY, NOW)).toBe(0);
  });

  it('accepts Date objects and millisecond numbers alike', () => {
    expect(daysRemaining(new Date(NOW + 5 * DAY), new Date(NOW))).toBe(5);
    expect(daysRemaining(NOW + 5 * DAY, new Date(NOW))).toBe(5);
    expect(daysRemaining(new Date(NOW + 5 * DAY), NOW)).toBe(5);
  });
});

describe('waitText', () => {
  it.each([
    [1000, '1 second'],
    [1, '1 second'],
    [1001, '2 seconds'],
    [45_000, '45 seconds'],
    [60_000, '1 minute'],
    [61_000, '2 minutes'],
    [120_000, '2 minutes'],
    [3_600_000, '60 minutes'],
    [90 * 60_000 + 1, '2 hours'],
    [23 * 3_600_000 + 1, '24 hours'],
    [3_600_000 * 5, '5 hours'],
  ])('says %i ms is "%s"', (ms, text) => {
    expect(waitText(ms)).toBe(text);
  });
});

describe('shortDate and shortDateTime', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('write the day, the month and the year in UTC, whatever the local time zone', () => {
    vi.stubEnv('TZ', 'Pacific/Kiritimati');
    expect(shortDate(Date.UTC(2026, 10, 22, 23, 59))).toBe('22 Nov 2026');
    expect(shortDate(new Date(Date.UTC(2027, 0, 1, 0, 0)))).toBe('1 Jan 2027');
  });

  it('name every month with the same three letters in every browser', () => {
    const months = Array.from({ length: 12 }, (_, month) => shortDate(Date.UTC(2026, month, 5)).split(' ')[1]);
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });

  it('add the time of day on a 24-hour clock with two-digit hours and minutes', () => {
    expect(shortDateTime(Date.UTC(2026, 8, 5, 4, 7, 59))).toBe('5 Sep 2026, 04:07 UTC');
    expect(shortDateTime(Date.UTC(2026, 11, 31, 23, 59))).toBe('31 Dec 2026, 23:59 UTC');
  });
});
