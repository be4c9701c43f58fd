import { count, eq, gte } from 'drizzle-orm';
import { buildPhotos, builds, memberAppeals, reports, users } from '../../db/schema';
import { db } from '~/services/db.server';
import { DAY_MS } from '~/utils/dates';

/** What waits in the moderation queue (/admin/moderation), part by part, and in all: the Moderation tab's badge. */
export type ModerationQueue = {
  openReports: number;
  heldBuilds: number;
  /** Extra photos screening held. */
  heldPhotos: number;
  /** Members' appeals against a suspension or a strike. */
  openAppeals: number;
  total: number;
};

export type AdminOverview = ModerationQueue & {
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
    newMembersToday: counted(db().select({ n: count() }).from(users).where(gte(users.createdAt, today))),
    newBuildsToday: counted(db().select({ n: count() }).from(builds).where(gte(builds.createdAt, today))),
  };
}

/**
 * The moderation queue's open items, counted as the queue lists them: open reports,
 * held builds, held extra photos and open appeals. The one count the badge on
 * Moderation, the overview, the queue's own heading and the API read.
 */
export function moderationQueue(): ModerationQueue {
  const openReports = counted(db().select({ n: count() }).from(reports).where(eq(reports.status, 'open')));
  const heldBuilds = counted(db().select({ n: count() }).from(builds).where(eq(builds.reviewStatus, 'held')));
  const heldPhotos = counted(db().select({ n: count() }).from(buildPhotos).where(eq(buildPhotos.reviewStatus, 'held')));
  const openAppeals = counted(db().select({ n: count() }).from(memberAppeals).where(eq(memberAppeals.status, 'open')));
  return { openReports, heldBuilds, heldPhotos, openAppeals, total: openReports + heldBuilds + heldPhotos + openAppeals };
}
