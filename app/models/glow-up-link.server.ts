import { eq } from 'drizzle-orm';
import { builds } from '../../db/schema';
import type { Writer } from '~/services/db.server';

/** The one check of a glow-up's link (decision 028), asked when a build is created with one. */
export type GlowUpRefusal = 'not_found' | 'not_owner';

/** What the upload form and the API say when a glow-up's link is refused. */
export const GLOW_UP_REFUSALS: Record<GlowUpRefusal, string> = {
  not_found: 'That build does not exist (any more): a glow-up follows one of your own builds.',
  not_owner: "A glow-up follows one of your own builds; that build is another member's.",
};

/** Whether `userId` may post a glow-up of `earlierId`: any build of their own, listed or not, that still exists. */
export function glowUpRefusal(reader: Writer, userId: number, earlierId: number): GlowUpRefusal | null {
  if (!Number.isSafeInteger(earlierId) || earlierId < 1) return 'not_found';
  const earlier = reader.select({ userId: builds.userId }).from(builds).where(eq(builds.id, earlierId)).get();
  if (!earlier) return 'not_found';
  return earlier.userId === userId ? null : 'not_owner';
}
