/** Where a waiting roast stands: its place among the roasts to write, and roughly how long until it is written. */
export type RoastQueue = { place: number; estimateS: number | null };

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** A wait in words a person reads at a glance: never more precise than the median it comes from. */
export function waitInWords(seconds: number): string {
  if (seconds < 45) return 'less than a minute';
  if (seconds < 90) return 'about a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} minutes`;
  const hours = Math.round(seconds / 3600);
  return hours === 1 ? 'about an hour' : `about ${hours} hours`;
}

/** "2nd in line, about 3 minutes": what the owner's waiting view says. */
export function roastQueueText({ place, estimateS }: RoastQueue): string {
  const line = place === 1 ? 'Next in line' : `${ordinal(place)} in line`;
  return estimateS === null ? line : `${line}, ${waitInWords(estimateS)}`;
}
