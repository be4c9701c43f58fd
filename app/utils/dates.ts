import { counted } from './count';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A day in milliseconds, for everything that counts whole days. */
export const DAY_MS = 24 * HOUR;
const WEEK = 7 * DAY_MS;
const MONTH = 30 * DAY_MS;
const YEAR = 365 * DAY_MS;

/**
 * "just now", "5m ago", "3h ago", "2d ago", "1w ago" (under 4 weeks),
 * "2mo ago" (under 12 months), "1y ago" — docs/product.md §9.
 */
export function relativeTime(date: Date | number, now: Date | number = Date.now()): string {
  const elapsed = Math.max(0, Number(now) - Number(date));
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY_MS)}d ago`;
  if (elapsed < 4 * WEEK) return `${Math.floor(elapsed / WEEK)}w ago`;
  const months = Math.floor(elapsed / MONTH);
  if (months < 12 && elapsed < YEAR) return `${Math.max(1, months)}mo ago`;
  return `${Math.max(1, Math.floor(elapsed / YEAR))}y ago`;
}

/** Whole days left until `end`, a started day counting as a day; 0 once it has passed. */
export function daysRemaining(end: Date | number, now: Date | number = Date.now()): number {
  return Math.max(0, Math.ceil((Number(end) - Number(now)) / DAY_MS));
}

/** "Starts in 3 days": how long until a competition opens, in days as `daysRemaining` counts them. */
export function startsInText(start: Date | number, now: Date | number): string {
  return `Starts in ${counted(daysRemaining(start, now), 'day', 'days')}`;
}

/** "1 day left": how long a competition still runs, in days as `daysRemaining` counts them. */
export function daysLeftText(end: Date | number, now: Date | number): string {
  return `${counted(daysRemaining(end, now), 'day', 'days')} left`;
}

/** "45 seconds", "3 minutes", "5 hours": how long to wait, for messages; rounded up, hours past 90 minutes. */
export function waitText(ms: number): string {
  const unit = (count: number, name: string) => counted(count, name, `${name}s`);
  if (ms < MINUTE) return unit(Math.ceil(ms / 1000), 'second');
  if (ms <= 90 * MINUTE) return unit(Math.ceil(ms / MINUTE), 'minute');
  return unit(Math.ceil(ms / HOUR), 'hour');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

// Written out rather than through Intl.DateTimeFormat: a browser building its first
// formatter loads locale data, 20–50 ms of a phone's main thread as the page starts,
// and browsers' locale data differ ("Sep" or "Sept"), which would make a page's text
// differ from the server's.

/** "22 Nov 2026": the same on the server and in every browser (UTC). */
export function shortDate(date: Date | number): string {
  const day = new Date(date);
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** "22 Nov 2026, 14:05 UTC". */
export function shortDateTime(date: Date | number): string {
  const time = new Date(date);
  return `${shortDate(time)}, ${twoDigits(time.getUTCHours())}:${twoDigits(time.getUTCMinutes())} UTC`;
}

/** "2d 04:05:09", "04:05:09": a countdown's time left, never below zero. */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const clock = [Math.floor(seconds / 3600) % 24, Math.floor(seconds / 60) % 60, seconds % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return days > 0 ? `${days}d ${clock}` : clock;
}
