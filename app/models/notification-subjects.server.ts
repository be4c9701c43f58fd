// What a notification names (a comment, a build, a measure, the digest's week), as it reads now: shared by the mail and the in-site list.
import { and, eq } from 'drizzle-orm';
import {
  achievementTypes,
  builds,
  comments,
  competitionEntries,
  competitions,
  memberAppeals,
  memberStrikes,
  memberSuspensions,
  memberWarnings,
  type notifications,
  users,
} from '../../db/schema';
import { db } from '~/services/db.server';
import type { NotificationMailItem } from '~/services/mail-templates.server';
import { weekOnRigRoast } from './week-digest.server';
import { digestHasNews } from '~/domain/digest';

const EXCERPT_LENGTH = 160;

export type NotificationItem = NotificationMailItem;

/** What a notification names, as it reads now: null when that is gone or no longer shown. */
export function describeNotification(row: typeof notifications.$inferSelect): NotificationItem | null {
  switch (row.kind) {
    case 'comment':
    case 'reply':
    case 'roastbot': {
      if (row.commentId === null) return null;
      const comment = db()
        .select({
          content: comments.content,
          deletedAt: comments.deletedAt,
          parentCommentId: comments.parentCommentId,
          author: users.username,
          buildId: builds.id,
          buildTitle: builds.title,
          reviewStatus: builds.reviewStatus,
        })
        .from(comments)
        .innerJoin(builds, eq(builds.id, comments.buildId))
        .leftJoin(users, eq(users.id, comments.userId))
        .where(eq(comments.id, row.commentId))
        .get();
      // A comment deleted meanwhile, or a build hidden since, is not news to send.
      if (!comment || comment.deletedAt || comment.reviewStatus !== 'approved') return null;
      const base = {
        buildId: comment.buildId,
        buildTitle: comment.buildTitle,
        commentId: row.commentId,
        excerpt: excerpt(comment.content),
      };
      const author = comment.author ?? 'member';
      if (row.kind === 'roastbot') return { kind: 'roastbot', ...base };
      if (row.kind === 'reply') return { kind: 'reply', ...base, author };
      return { kind: 'comment', ...base, author, reply: comment.parentCommentId !== null };
    }
    case 'milestone': {
      if (row.buildId === null) return null;
      const build = db()
        .select({ title: builds.title, reviewStatus: builds.reviewStatus })
        .from(builds)
        .where(eq(builds.id, row.buildId))
        .get();
      if (!build || build.reviewStatus !== 'approved') return null;
      return { kind: 'milestone', buildId: row.buildId, buildTitle: build.title, ratings: Number(row.ref.split(':')[2]) };
    }
    case 'achievement': {
      const code = row.ref.replace(/^achievement:/, '');
      const type = db().select({ name: achievementTypes.name }).from(achievementTypes).where(eq(achievementTypes.code, code)).get();
      return type ? { kind: 'achievement', code, name: type.name } : null;
    }
    case 'warning': {
      const warningId = Number(row.ref.replace(/^warning:/, ''));
      const warning = db().select({ message: memberWarnings.message }).from(memberWarnings).where(eq(memberWarnings.id, warningId)).get();
      return warning ? { kind: 'warning', warningId, message: warning.message } : null;
    }
    case 'strike': {
      const strikeId = refId(row.ref);
      const strike = db()
        .select({ reason: memberStrikes.reason, expiresAt: memberStrikes.expiresAt, liftedAt: memberStrikes.liftedAt })
        .from(memberStrikes)
        .where(eq(memberStrikes.id, strikeId))
        .get();
      if (!strike) return null;
      return {
        kind: 'strike',
        strikeId,
        reason: strike.reason,
        expiresAt: strike.expiresAt.toISOString(),
        lifted: strike.liftedAt !== null,
      };
    }
    case 'suspension': {
      const suspensionId = refId(row.ref);
      const suspension = db()
        .select({ reason: memberSuspensions.reason, until: memberSuspensions.until, liftedAt: memberSuspensions.liftedAt })
        .from(memberSuspensions)
        .where(eq(memberSuspensions.id, suspensionId))
        .get();
      if (!suspension) return null;
      return {
        kind: 'suspension',
        suspensionId,
        reason: suspension.reason,
        until: suspension.until.toISOString(),
        lifted: suspension.liftedAt !== null,
      };
    }
    case 'appeal': {
      const appealId = refId(row.ref);
      const appeal = db()
        .select({ status: memberAppeals.status, suspensionId: memberAppeals.suspensionId, reply: memberAppeals.reply })
        .from(memberAppeals)
        .where(eq(memberAppeals.id, appealId))
        .get();
      if (!appeal || appeal.status === 'open') return null;
      return {
        kind: 'appeal',
        appealId,
        about: appeal.suspensionId === null ? 'strike' : 'suspension',
        outcome: appeal.status,
        reply: appeal.reply,
      };
    }
    case 'competition': {
      if (row.competitionId === null) return null;
      const competition = db().select({ title: competitions.title }).from(competitions).where(eq(competitions.id, row.competitionId)).get();
      if (!competition) return null;
      const entry = db()
        .select({ placement: competitionEntries.placement, juryPlacement: competitionEntries.juryPlacement })
        .from(competitionEntries)
        .where(and(eq(competitionEntries.competitionId, row.competitionId), eq(competitionEntries.userId, row.userId)))
        .get();
      return {
        kind: 'competition',
        competitionId: row.competitionId,
        title: competition.title,
        placement: entry?.placement ?? null,
        juryWinner: entry?.juryPlacement === 1,
      };
    }
    case 'digest': {
      const week = weekOnRigRoast(row.ref.replace(/^digest:/, ''));
      // A week with nothing to tell sends no digest rather than an empty one.
      return digestHasNews(week) ? { kind: 'digest', ...week } : null;
    }
  }
}

/** The id a ref names after its kind ("strike:12", "suspension:3:1764201600000"). */
const refId = (ref: string) => Number(ref.split(':')[1]);

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}
