import { db } from '~/services/db.server';
import { sendMail } from '~/services/mail.server';
import { emailChangedNoticeEmail } from '~/services/mail-templates.server';
import { deleteOtherUserSessions } from './sessions.server';
import { findUserToken, redeemUserToken } from './user-tokens.server';
import { changeEmail, findUserById } from './users.server';

// Confirming a new e-mail address with the link mailed to it (spec §2 "E-mail
// verification"), shared by /verify-email and the JSON API, with the spec's words (§8).

const NO_TOKEN = 'No verification token found. Please check your email link or request a new verification email.';
const INVALID = 'Failed to verify email. The link may be expired or invalid.';

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
