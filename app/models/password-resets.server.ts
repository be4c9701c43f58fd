import { hashPassword } from '~/services/crypto.server';
import { env } from '~/services/env.server';
import { sendMail } from '~/services/mail.server';
import { passwordResetEmail } from '~/services/mail-templates.server';
import { PASSWORD_RESET_TTL_MS } from '~/utils/constants';
import { waitText } from '~/utils/dates';
import { consumeRateLimit } from './rate-limits.server';
import { deleteUserSessions } from './sessions.server';
import { issueUserToken, redeemUserToken } from './user-tokens.server';
import { findUserByEmail, setPasswordHash } from './users.server';

// The password reset (spec §2, §7), shared by /forgot-password, /reset-password,
// the profile's "set a password" link and the JSON API.

const LIMITS = {
  perAddress: { bucket: 'reset:address', limit: 3, windowMs: 3600_000 },
  perIp: { bucket: 'reset:ip', limit: 10, windowMs: 3600_000 },
};

/**
 * E-mails `email` a single-use link to /reset-password, which makes any earlier
 * link stop working. Throws the mailer's error when the mail cannot go out.
 */
export async function mailPasswordResetLink({ userId, email }: { userId: number; email: string }): Promise<void> {
  const token = issueUserToken({ userId, purpose: 'reset_password', ttlMs: PASSWORD_RESET_TTL_MS });
  const link = `${env().PUBLIC_ORIGIN}/reset-password?token=${encodeURIComponent(token)}`;
  await sendMail({ to: email, ...passwordResetEmail({ link }) });
}

/**
 * "Forgot password" for `email`, within the per-address and per-network limits.
 * The answer is the same whether or not the address has an account, and a mail
 * failure is only logged (by the mailer): telling the visitor would reveal that
 * the account exists.
 */
export async function requestPasswordReset({ email, ip }: { email: string; ip: string }): Promise<{ ok: true } | { ok: false; message: string }> {
  for (const [rule, key] of [
    [LIMITS.perAddress, email],
    [LIMITS.perIp, ip],
  ] as const) {
    const limit = consumeRateLimit(rule, key);
    if (!limit.allowed) return { ok: false, message: `Too many reset requests. Try again in ${waitText(limit.retryAfterMs)}.` };
  }
  const user = findUserByEmail(email);
  if (user && !user.isDisabled) await mailPasswordResetLink({ userId: user.id, email }).catch(() => undefined);
  return { ok: true };
}

/**
 * Sets the password of the reset link's member (the link then stops working)
 * and signs them out everywhere, since whoever knew the old password may be
 * signed in. `password` has passed newPasswordField's rules.
 */
export async function resetPassword({ token, password }: { token: string; password: string }): Promise<{ ok: true } | { ok: false; message: string }> {
  // Hashed first: the token is spent only once the new password is ready to store.
  const passwordHash = await hashPassword(password);
  const redeemed = redeemUserToken(token, 'reset_password');
  if (!redeemed) return { ok: false, message: 'The password reset link is invalid or expired. Please request a new one.' };
  setPasswordHash(redeemed.userId, passwordHash);
  deleteUserSessions(redeemed.userId);
  return { ok: true };
}
