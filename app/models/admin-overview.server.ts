import { count, eq, gte } from 'drizzle-orm';
import { buildPhotos, builds, reports, users } from '../../db/schema';
import { db } from '~/services/db.server';

const DAY_MS = 24 * 3600_000;

export type AdminOverview = {
  openReports: number;
  heldBuilds: number;
  /** Extra photos screening held: they show on their owner's media view, not in the queue. */
  heldPhotos: number;
  /** Since 00:00 UTC. */
  newMembersToday: number;
  newBuildsToday: number;
};

const counted = (query: { get(): { n: number } | undefined }) => query.get()?.n ?? 0;

/** What waits for staff and what arrived today. */
export function adminOverview(now = new Date()): AdminOverview {
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  return {
    ...moderationQueue(),
    heldPhotos: counted(db().select({ n: count() }).from(buildPhotos).where(eq(buildPhotos.reviewStatus, 'held'))),
    newMembersToday: counted(db().select({ n: count() }).from(users).where(gte(users.createdAt, today))),
    newBuildsToday: counted(db().select({ n: count() }).from(builds).where(gte(builds.createdAt, today))),
  };
}

/** The moderation queue's open items: reports and held builds (the badge on Moderation). */
export function moderationQueue(): { openReports: number; heldBuilds: number } {
  return {
    openReports: counted(db().select({ n: count() }).from(reports).where(eq(reports.status, 'open'))),
    heldBuilds: counted(db().select({ n: count() }).from(builds).where(eq(builds.reviewStatus, 'held'))),
  };
}
