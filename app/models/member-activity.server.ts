import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { builds, comments, reports, users } from '../../db/schema';
import type { ReportReason } from './reports.server';
import { db } from '~/services/db.server';

// What a member did lately, as staff read it on the member's staff page: their builds
// (listed or not), their comments, the reports about their builds and comments, and the
// reports they filed. Each names what it is about, so the page links to it.

/** How many of each the staff page lists, newest first. */
export const RECENT_ACTIVITY = 5;
const EXCERPT_LENGTH = 140;

export type RecentBuild = { id: number; title: string; reviewStatus: 'pending' | 'approved' | 'held' | 'rejected'; createdAt: Date };
export type RecentComment = { id: number; buildId: number; buildTitle: string; excerpt: string; createdAt: Date };
export type RecentReport = {
  id: number;
  reason: ReportReason;
  status: 'open' | 'dismissed' | 'actioned';
  createdAt: Date;
  buildId: number;
  buildTitle: string;
  /** Null when the report is about the build itself. */
  commentId: number | null;
  commentExcerpt: string | null;
  /** Who filed it (reports about the member), or whose item it is about (reports by them); null for RoastBot's comments. */
  other: { id: number; username: string } | null;
};

export type MemberActivity = { builds: RecentBuild[]; comments: RecentComment[]; reportsAbout: RecentReport[]; reportsBy: RecentReport[] };

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
};

const reportedBuild = eq(builds.id, sql`coalesce(${reports.buildId}, ${comments.buildId})`);
/** The author of what a report is about: the comment's, or the build's owner. */
const authorId = sql<number | null>`case when ${reports.commentId} is null then ${builds.userId} else ${comments.userId} end`;

function recentReports(which: 'about' | 'by', memberId: number): RecentReport[] {
  const other = alias(users, 'other');
  const otherId = which === 'about' ? reports.reporterId : authorId;
  return db()
    .select({
      id: reports.id,
      reason: reports.reason,
      status: reports.status,
      createdAt: reports.createdAt,
      buildId: builds.id,
      buildTitle: builds.title,
      commentId: reports.commentId,
      commentText: comments.content,
      otherId: other.id,
      otherName: other.username,
    })
    .from(reports)
    .leftJoin(comments, eq(comments.id, reports.commentId))
    .innerJoin(builds, reportedBuild)
    .leftJoin(other, eq(other.id, otherId))
    .where(
      which === 'by'
        ? eq(reports.reporterId, memberId)
        : or(
            and(isNotNull(reports.buildId), eq(builds.userId, memberId)),
            and(isNotNull(reports.commentId), eq(comments.userId, memberId)),
          ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(RECENT_ACTIVITY)
    .all()
    .map(({ commentText, otherId, otherName, ...report }) => ({
      ...report,
      commentExcerpt: commentText === null ? null : excerpt(commentText),
      other: otherId === null || otherName === null ? null : { id: otherId, username: otherName },
    }));
}

/** The member's latest builds, comments and reports, RECENT_ACTIVITY of each, newest first. */
export function memberActivity(memberId: number): MemberActivity {
  const recentBuilds = db()
    .select({ id: builds.id, title: builds.title, reviewStatus: builds.reviewStatus, createdAt: builds.createdAt })
    .from(builds)
    .where(eq(builds.userId, memberId))
    .orderBy(desc(builds.createdAt), desc(builds.id))
    .limit(RECENT_ACTIVITY)
    .all();
  const recentComments = db()
    .select({
      id: comments.id,
      buildId: comments.buildId,
      buildTitle: builds.title,
      content: comments.content,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(builds, eq(builds.id, comments.buildId))
    .where(eq(comments.userId, memberId))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(RECENT_ACTIVITY)
    .all()
    .map(({ content, ...comment }) => ({ ...comment, excerpt: excerpt(content) }));
  return {
    builds: recentBuilds,
    comments: recentComments,
    reportsAbout: recentReports('about', memberId),
    reportsBy: recentReports('by', memberId),
  };
}
