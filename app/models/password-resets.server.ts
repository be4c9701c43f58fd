import { hashPassword } from '~/services/crypto.server';
import { env } from '~/services/env.server';
import { sendMail } from '~/services/mail.server';
import { passwordResetEmail } from '~/services/mail-templates.server';
import { PASSWORD_RESET_TTL_MS } from '~/utils/constants';
import { waitText } from '~/utils/dates';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { consumeRateLimit, reserveRateLimits } from './rate-limits.server';
import { deleteUserSessions } from './sessions.server';
import { findUserToken, issueUserToken, redeemUserToken } from './user-tokens.server';
import { findUserByEmail, setPasswordHash } from './users.server';

// The password reset (docs/product.md §2, §7), shared by /forgot-password, /reset-password,
// the profile's "set a password" link and the JSON API.

export type ResetRefusal = { ok: false; reason: 'invalid' | 'limited'; message: string };

const INVALID_LINK: ResetRefusal = {
  ok: false,
  reason: 'invalid',
  message: 'The password reset link is invalid or expired. Please request a new one.',
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
export async function requestPasswordReset({
  email,
  ip,
}: {
  email: string;
  ip: string;
}): Promise<{ ok: true } | { ok: false; message: string }> {
  const limit = reserveRateLimits([
    [RATE_LIMITS.passwordReset.perAddress, email],
    [RATE_LIMITS.passwordReset.perIp, ip],
  ]);
  if (!limit.allowed) return { ok: false, message: `Too many reset requests. Try again in ${waitText(limit.retryAfterMs)}.` };
  const user = findUserByEmail(email);
  if (user && !user.isDisabled) await mailPasswordResetLink({ userId: user.id, email }).catch(() => undefined);
  return { ok: true };
}

/**
 * Sets the password of the reset link's member (the link then stops working)
 * and signs them out everywhere, since whoever knew the old password may be
 * signed in. `password` has passed newPasswordField's rules. The token is checked
 * before the password is hashed, so a made-up token costs no scrypt, and every
 * try counts against the network's limit.
 */
export async function resetPassword({
  token,
  password,
  ip,
}: {
  token: string;
  password: string;
  ip: string;
}): Promise<{ ok: true } | ResetRefusal> {
  const network = consumeRateLimit(RATE_LIMITS.passwordReset.attemptPerIp, ip);
  if (!network.allowed) {
    return { ok: false, reason: 'limited', message: `Too many attempts. Try again in ${waitText(network.retryAfterMs)}.` };
  }
  if (!findUserToken(token, 'reset_password')) return INVALID_LINK;
  const passwordHash = await hashPassword(password);
  // Spent only now that the new password is ready; a parallel try may have spent it meanwhile.
  const redeemed = redeemUserToken(token, 'reset_password');
  if (!redeemed) return INVALID_LINK;
  setPasswordHash(redeemed.userId, passwordHash);
  deleteUserSessions(redeemed.userId);
  return { ok: true };
}
