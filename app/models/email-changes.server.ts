import { db } from '~/services/db.server';
import { env } from '~/services/env.server';
import { sendMail } from '~/services/mail.server';
import { emailChangedNoticeEmail, emailChangeEmail } from '~/services/mail-templates.server';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { EMAIL_CHANGE_TTL_MS } from '~/utils/constants';
import { waitText } from '~/utils/dates';
import { consumeRateLimit } from './rate-limits.server';
import { deleteOtherUserSessions } from './sessions.server';
import { findUserToken, issueUserToken, redeemUserToken } from './user-tokens.server';
import { changeEmail, findUserByEmail, findUserById } from './users.server';

// Changing a member's e-mail address (docs/product.md §2, /verify-email): the request from
// the profile mails a link to the new address; opening it (/verify-email or the JSON
// API) confirms the change. With the words of product §8.

const NO_TOKEN = 'No verification token found. Please check your email link or request a new verification email.';
const INVALID = 'Failed to verify email. The link may be expired or invalid.';

export type EmailChangeRefusal = { ok: false; reason: 'unchanged' | 'limited' | 'unsent'; message: string };

/**
 * Mails a confirmation link to the member's new address (`newEmail`, already a valid,
 * lower-cased address); the address changes once the link is opened. Each request
 * counts against the member's account mails. An address that already has an account
 * gets nothing, but the answer is the same, so this cannot tell anyone who is registered.
 */
export async function requestEmailChange(
  member: { id: number; email: string },
  newEmail: string,
): Promise<{ ok: true } | EmailChangeRefusal> {
  if (newEmail === member.email.toLowerCase()) return { ok: false, reason: 'unchanged', message: 'That is already your e-mail address.' };
  const limit = consumeRateLimit(RATE_LIMITS.accountMail.perMember, String(member.id));
  if (!limit.allowed)
    return { ok: false, reason: 'limited', message: `Too many e-mails sent. Try again in ${waitText(limit.retryAfterMs)}.` };
  if (findUserByEmail(newEmail)) return { ok: true };
  const token = issueUserToken({ userId: member.id, purpose: 'verify_email', email: newEmail, ttlMs: EMAIL_CHANGE_TTL_MS });
  const link = `${env().PUBLIC_ORIGIN}/verify-email?token=${encodeURIComponent(token)}`;
  try {
    await sendMail({ to: newEmail, ...emailChangeEmail({ link, newEmail }) });
  } catch {
    // The mailer has logged why.
    return { ok: false, reason: 'unsent', message: 'We could not send the e-mail. Please try again later.' };
  }
  return { ok: true };
}

/** Whether the link's token can still confirm an address; reads only, so opening the link changes nothing. */
export function checkEmailChangeToken(token: string | null): { ok: true; token: string } | { ok: false; message: string } {
  if (!token) return { ok: false, message: NO_TOKEN };
  return findUserToken(token, 'verify_email') ? { ok: true, token } : { ok: false, message: INVALID };
}

/**
 * Spends the token and moves its member to the address it was mailed to, unless
 * another account took it meanwhile. Whoever holds a session of that member
 * (other than `sessionId`, the browser confirming) is signed out, and the old
 * address is told, so a taken-over account cannot quietly change hands.
 */
export async function confirmEmailChange(
  token: string,
  { sessionId }: { sessionId: string | null },
): Promise<{ ok: true } | { ok: false; message: string }> {
  const changed = db().transaction(() => {
    const redeemed = redeemUserToken(token, 'verify_email');
    const previousEmail = redeemed && findUserById(redeemed.userId)?.email;
    if (!redeemed?.email || !previousEmail) return { ok: false, message: INVALID } as const;
    if (changeEmail(redeemed.userId, redeemed.email) === 'taken') {
      return { ok: false, message: 'That e-mail address now belongs to another account.' } as const;
    }
    deleteOtherUserSessions(redeemed.userId, sessionId);
    return { ok: true, previousEmail, newEmail: redeemed.email } as const;
  });
  if (!changed.ok) return changed;
  // The change stands if this notice cannot go out; the mailer logs why.
  await sendMail({ to: changed.previousEmail, ...emailChangedNoticeEmail({ newEmail: changed.newEmail }) }).catch(() => undefined);
  return { ok: true };
}
