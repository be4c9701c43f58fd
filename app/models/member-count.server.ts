import { count, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { db } from '~/services/db.server';

/**
 * Below this many members the home page claims no number: "Join 12 gamers" tells
 * a newcomer the site is empty rather than inviting them in.
 */
export const MEMBER_CLAIM_THRESHOLD = 50;

/**
 * The home page's "Join N+ gamers": the members whose account is not disabled,
 * rounded down to two significant figures (1,234 → 1,200), so the claim is true
 * and does not change (and redraw the cached home page) with every sign-up; null
 * below MEMBER_CLAIM_THRESHOLD.
 */
export function memberCountClaim(): number | null {
  const members = db().select({ n: count() }).from(users).where(eq(users.isDisabled, false)).get()?.n ?? 0;
  if (members < MEMBER_CLAIM_THRESHOLD) return null;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(members)) - 1);
  return Math.floor(members / step) * step;
}
