import { describe, expect, it } from 'vitest';
import { currentStreak, experienceForLevel, levelFor, levelProgress, nextStreak, utcDay } from './progression';

describe('the level curve', () => {
  it('starts at level 1 with no experience and asks 50 more for each next level', () => {
    expect([1, 2, 3, 4, 5, 10].map(experienceForLevel)).toEqual([0, 50, 150, 300, 500, 2250]);
    expect(levelFor(0)).toBe(1);
    expect(levelFor(49)).toBe(1);
    expect(levelFor(50)).toBe(2);
    expect(levelFor(149)).toBe(2);
    expect(levelFor(150)).toBe(3);
    expect(levelFor(2250)).toBe(10);
    expect(levelFor(2249)).toBe(9);
  });

  it('is exact at every threshold up to level 200', () => {
    for (let level = 1; level <= 200; level++) {
      expect(levelFor(experienceForLevel(level))).toBe(level);
      if (level > 1) expect(levelFor(experienceForLevel(level) - 1)).toBe(level - 1);
    }
  });

  it('says how far the member is towards the next level', () => {
    expect(levelProgress(100)).toEqual({ level: 2, experience: 100, levelStartsAt: 50, nextLevelAt: 150, percent: 50 });
    expect(levelProgress(0)).toMatchObject({ level: 1, nextLevelAt: 50, percent: 0 });
  });
});

describe('the daily streak', () => {
  const midnight = Date.UTC(2026, 10, 23);

  it('counts UTC days, so a minute before and a minute after midnight UTC are two days', () => {
    const before = utcDay(midnight - 60_000);
    const after = utcDay(midnight + 60_000);
    expect(after - before).toBe(1);
    const first = nextStreak({ streak: 0, streakDay: null }, before);
    expect(first).toBe(1);
    expect(nextStreak({ streak: first, streakDay: before }, after)).toBe(2);
  });

  it('keeps the day on a second action the same day', () => {
    const today = utcDay(midnight);
    expect(nextStreak({ streak: 3, streakDay: today }, today)).toBe(3);
  });

  it('starts again at 1 after a day without an action, and shows 0 once the gap is there', () => {
    const today = utcDay(midnight);
    expect(nextStreak({ streak: 6, streakDay: today - 2 }, today)).toBe(1);
    expect(currentStreak({ streak: 6, streakDay: today - 1 }, today)).toBe(6);
    expect(currentStreak({ streak: 6, streakDay: today - 2 }, today)).toBe(0);
    expect(currentStreak({ streak: 0, streakDay: null }, today)).toBe(0);
  });
});
