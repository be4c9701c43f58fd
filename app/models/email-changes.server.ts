import { findUserToken, redeemUserToken } from './user-tokens.server';
import { changeEmail } from './users.server';

// Confirming a new e-mail address with the link mailed to it (spec §2 "E-mail
// verification"), shared by /verify-email and the JSON API, with the spec's words (§8).

const NO_TOKEN = 'No verification token found. Please check your email link or request a new verification email.';
const INVALID = 'Failed to verify email. The link may be expired or invalid.';


/** Whether the link's token can still confirm an address; reads only, so opening the link changes nothing. */
export function checkEmailChangeToken(token: string | null): { ok: true; token: string } | { ok: false; message: string } {
  if (!token) return { ok: false, message: NO_TOKEN };
  return findUserToken(token, 'verify_email') ? { ok: true, token } : { ok: false, message: INVALID };
}

/** Spends the token and moves its member to the address it was mailed to, unless another account took it meanwhile. */
export function confirmEmailChange(token: string): { ok: true } | { ok: false; message: string } {
  const redeemed = redeemUserToken(token, 'verify_email');
  const outcome = redeemed?.email ? changeEmail(redeemed.userId, redeemed.email) : null;
  if (outcome === 'updated') return { ok: true };
  return { ok: false, message: outcome === 'taken' ? 'That e-mail address now belongs to another account.' : INVALID };
}
