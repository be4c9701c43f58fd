import { and, eq, ne } from 'drizzle-orm';
import { builds, comments, loginCodes, rateLimitHits, ratings, users } from '../../db/schema';
import { recordAudit } from './audit.server';
import { imagesOfBuilds } from './build-photos.server';
import { recountComments } from './builds.server';
import { eraseCommentsOf } from './comments.server';
import { type CodeCheck, releaseLoginCode, reserveLoginCode, saveLoginCode, verifyLoginCode } from './login-codes.server';
import { recomputeScores } from './scores.server';
import { releaseAvatarFiles } from '~/images/avatar-files.server';
import { deleteImagesIfUnused } from '~/images/storage.server';
import { randomToken } from '~/services/crypto.server';
import { db, type Writer } from '~/services/db.server';
import { sendMail } from '~/services/mail.server';
import { accountDeletionCodeEmail } from '~/services/mail-templates.server';
import { waitText } from '~/utils/dates';
import { counted } from '~/utils/count';

/** What erasing a member left to do once its transaction committed: files nothing uses any more. */
export type ErasedMember = { imageIds: number[]; avatarUrl: string; buildCount: number };

/**
 * Deletes a member in `tx`: their builds (with those builds' photos' rows, ratings,
 * comments, competition entries and share links), their ratings of other builds and
 * everything else that is theirs (sessions, codes, notifications, reports,
 * achievements); the scores their ratings counted in are recomputed. Their comments
 * on other builds go with them, unless `keepComments`, which leaves each as
 * "[deleted]" where others replied (as when they delete one). Call finishErasing
 * with the answer after the transaction commits.
 */
export function eraseMember(
  tx: Writer,
  memberId: number,
  { keepComments, now }: { keepComments: boolean; now: Date },
): ErasedMember | null {
  const member = tx.select({ email: users.email, avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, memberId)).get();
  if (!member) return null;
  const owned = tx
    .select({ id: builds.id })
    .from(builds)
    .where(eq(builds.userId, memberId))
    .all()
    .map((row) => row.id);
  const imageIds = imagesOfBuilds(tx, owned);
  const rated = tx
    .select({ buildId: ratings.buildId })
    .from(ratings)
    .innerJoin(builds, eq(builds.id, ratings.buildId))
    .where(and(eq(ratings.userId, memberId), ne(builds.userId, memberId)))
    .all()
    .map((row) => row.buildId);
  const commented = keepComments
    ? eraseCommentsOf(tx, memberId, now)
    : [
        ...new Set(
          tx
            .select({ buildId: comments.buildId })
            .from(comments)
            .where(eq(comments.userId, memberId))
            .all()
            .map((row) => row.buildId),
        ),
      ];
  // The rest follows the member's row (foreign keys cascade), except what is keyed by their address.
  tx.delete(users).where(eq(users.id, memberId)).run();
  tx.delete(loginCodes).where(eq(loginCodes.email, member.email.toLowerCase())).run();
  tx.delete(rateLimitHits).where(eq(rateLimitHits.key, member.email.toLowerCase())).run();
  const gone = new Set(owned);
  recomputeScores(
    tx,
    rated.filter((id) => !gone.has(id)),
    now.getTime(),
  );
  recountComments(
    tx,
    commented.filter((id) => !gone.has(id)),
  );
  return { imageIds, avatarUrl: member.avatarUrl, buildCount: owned.length };
}

/** Removes the photos and avatar of an erased member that nothing else uses (avatars are named by their content: two members may share one). */
export async function finishErasing(erased: ErasedMember): Promise<void> {
  await deleteImagesIfUnused(erased.imageIds);
  await releaseAvatarFiles([erased.avatarUrl]);
}

type Member = { id: number; email: string; isAdmin: boolean };

export type DeletionRefusal = { ok: false; reason: 'last_admin' | 'limited' | 'unsent' | 'invalid_code'; message: string };

const LAST_ADMIN = 'You are the only admin: make another member an admin first (npm run admin), or the site would have nobody to run it.';

function isLastAdmin(member: Member): boolean {
  return (
    member.isAdmin &&
    !db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), ne(users.id, member.id)))
      .get()
  );
}

/**
 * Mails the member a code that confirms deleting their account: a sign-in code's
 * mechanism (models/login-codes.server.ts) with its own purpose and limits, so it
 * neither signs anyone in nor counts against signing in.
 */
export async function requestAccountDeletion(member: Member, ip: string): Promise<{ ok: true } | DeletionRefusal> {
  if (isLastAdmin(member)) return { ok: false, reason: 'last_admin', message: LAST_ADMIN };
  const reserved = reserveLoginCode({ email: member.email, ip, browserId: randomToken(), purpose: 'delete-account' });
  if (!reserved.ok) {
    return { ok: false, reason: 'limited', message: `Too many codes were sent. Try again in ${waitText(reserved.retryAfterMs)}.` };
  }
  try {
    await sendMail({ to: reserved.prepared.email, ...accountDeletionCodeEmail({ code: reserved.prepared.code }) });
  } catch {
    // The mailer has logged why.
    releaseLoginCode(reserved.prepared);
    return { ok: false, reason: 'unsent', message: 'We could not send the e-mail. Please try again later.' };
  }
  saveLoginCode(reserved.prepared);
  return { ok: true };
}

const CODE_MESSAGES: Record<Exclude<CodeCheck, { ok: true }>['reason'], string> = {
  invalid: 'That code is not right. Check the e-mail and try again.',
  expired: 'This code has expired or was already used. Ask for a new one.',
  locked: 'Too many wrong codes. Ask for a new one.',
  ip: 'Too many wrong codes from your network. Try again later.',
};

/**
 * What deleting one's own account does once confirmed (deleteOwnAccount; the demo data
 * calls it directly): erases the member, keeping their answered comments as "[deleted]",
 * with an audit row that says only that an account deleted itself and how many builds
 * went with it; then removes the files nothing else uses.
 */
export async function eraseOwnAccount(memberId: number, now = new Date()): Promise<void> {
  const erased = db().transaction((tx) => {
    const done = eraseMember(tx, memberId, { keepComments: true, now });
    if (done) {
      const builds = `${counted(done.buildCount, 'build', 'builds')} deleted with it`;
      recordAudit(
        tx,
        { id: null, username: 'the member' },
        { action: 'delete-own-account', targetType: 'user', targetId: memberId, targetLabel: '', details: builds },
        now,
      );
    }
    return done;
  });
  if (erased) await finishErasing(erased);
}

/**
 * Deletes the member's account once `code` (mailed by requestAccountDeletion) checks
 * out: their builds and photos, their ratings out of every score, their comments
 * left as "[deleted]" where others replied, every session (eraseOwnAccount).
 */
export async function deleteOwnAccount(
  member: Member,
  { code, ip }: { code: string; ip: string },
  now = new Date(),
): Promise<{ ok: true } | DeletionRefusal> {
  if (isLastAdmin(member)) return { ok: false, reason: 'last_admin', message: LAST_ADMIN };
  const checked = verifyLoginCode({ email: member.email, code, ip, purpose: 'delete-account' }, now.getTime());
  if (!checked.ok)
    return { ok: false, reason: checked.reason === 'ip' ? 'limited' : 'invalid_code', message: CODE_MESSAGES[checked.reason] };
  await eraseOwnAccount(member.id, now);
  return { ok: true };
}
