import { DAY_MS } from './dates';

/** Monday 00:00 UTC of the week holding `date`. */
export function startOfIsoWeek(date: Date | number): Date {
  const day = new Date(date);
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** The ISO 8601 week of `date` in UTC, e.g. "2026-W48"; a week belongs to the year of its Thursday. */
export function isoWeek(date: Date | number): string {
  const thursday = new Date(startOfIsoWeek(date).getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}
