import { Authenticator } from 'remix-auth';
import { Strategy } from 'remix-auth/strategy';
import { z } from 'zod';
import { clientAddressOf } from './client-address.server';
import { redeemMagicLink, releaseLoginCode, reserveLoginCode, saveLoginCode, verifyLoginCode } from '~/models/login-codes.server';
import { consumeRateLimit } from '~/models/rate-limits.server';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { waitText } from '~/utils/dates';
import { findUserByEmail, signInByEmail } from '~/models/users.server';
import { type CurrentUser } from '~/domain/users';
import { LOGIN_CODE_TTL_MS } from '~/utils/constants';
import { randomToken, verifyPassword } from '~/services/crypto.server';
import { appCookie } from './cookies.server';
import { env } from '~/services/env.server';
import { sendMail } from '~/services/mail.server';
import { loginCodeEmail } from '~/services/mail-templates.server';

/**
 * A sign-in that did not work, with a message meant for the visitor and its
 * kind, which the JSON API answers as a status: a refused credential (400), too
 * many attempts (429) or a disabled account (403).
 */
export class AuthError extends Error {
  override name = 'AuthError';
  readonly kind: 'refused' | 'rate_limited' | 'disabled';

  constructor(message: string, kind: AuthError['kind'] = 'refused') {
    super(message);
    this.kind = kind;
  }
}

// Why not remix-auth-totp: docs/decisions/004-sign-in.md.

const flowSchema = z.object({
  email: z.string(),
  browserId: z.string().min(20),
  tab: z.enum(['login', 'register']),
});
export type AuthFlow = z.infer<typeof flowSchema>;

/**
 * The sign-in in progress in this browser: which address a code went to, and a
 * random browser id that the magic link must match. Signed, so it cannot be
 * edited; and the code itself is checked against the database, not this cookie.
 */
const authFlowCookie = appCookie('rr_auth_flow', { maxAge: LOGIN_CODE_TTL_MS / 1000 });

export async function readAuthFlow(request: Request): Promise<AuthFlow | null> {
  const parsed = flowSchema.safeParse(await authFlowCookie().parse(request.headers.get('Cookie')));
  return parsed.success ? parsed.data : null;
}

export function clearAuthFlow(): Promise<string> {
  return authFlowCookie().serialize('', { maxAge: 0 });
}

export type CodeSent = { ok: true; setCookie: string } | { ok: false; reason: 'limited' | 'mail_failed'; message: string };

/**
 * E-mails a new code and magic link to `email`, within the sending limits.
 * The limits are counted before sending, so parallel requests cannot all pass
 * them; the code is stored only after the mail went out, and a mail failure
 * gives the limits back, so it changes nothing. Whether the address has an account is never revealed.
 */
export async function sendLoginCode(
  request: Request,
  { email, tab, previous }: { email: string; tab: AuthFlow['tab']; previous: AuthFlow | null },
): Promise<CodeSent> {
  const browserId = previous?.browserId ?? randomToken();
  const prepared = reserveLoginCode({ email, ip: clientAddressOf(request), browserId });
  if (!prepared.ok) {
    const wait = waitText(prepared.retryAfterMs);
    const message =
      prepared.reason === 'cooldown'
        ? `Please wait ${wait} before asking for another code.`
        : prepared.reason === 'address'
          ? `Too many codes were sent to this address. Try again in ${wait}.`
          : `Too many codes were requested from your network. Try again in ${wait}.`;
    return { ok: false, reason: 'limited', message };
  }
  const { code, linkToken } = prepared.prepared;
  const magicLink = `${env().PUBLIC_ORIGIN}/auth/magic?token=${encodeURIComponent(linkToken)}`;
  try {
    await sendMail({ to: prepared.prepared.email, ...loginCodeEmail({ code, magicLink }) });
  } catch {
    releaseLoginCode(prepared.prepared);
    // The mailer has logged why; the visitor gets the words of docs/product.md §8.
    return { ok: false, reason: 'mail_failed', message: 'Failed to send login code' };
  }
  saveLoginCode(prepared.prepared);
  const setCookie = await authFlowCookie().serialize({ email: prepared.prepared.email, browserId, tab } satisfies AuthFlow);
  return { ok: true, setCookie };
}

type VerifyParams = { email: string };

async function formOf(request: Request): Promise<FormData> {
  // remix-auth strategies read the body; a clone leaves it for the action.
  return request.clone().formData();
}

/**
 * Checks a typed code against the latest one sent to `email`, and answers the
 * address it proves. Throws an AuthError with the visitor's message.
 */
function checkEmailCode({ email, code, ip }: { email: string; code: string; ip: string }): string {
  if (!/^\d{6}$/.test(code)) throw new AuthError('Verification code must be 6 digits');
  const result = verifyLoginCode({ email, code, ip });
  if (result.ok) return result.email;
  if (result.reason === 'ip') {
    throw new AuthError(`Too many attempts from your network. Try again in ${waitText(result.retryAfterMs ?? 60_000)}.`, 'rate_limited');
  }
  const messages = {
    invalid: 'Invalid verification code',
    expired: 'This code has expired or was already used. Request a new one.',
    locked: 'Too many wrong codes. Request a new one.',
  };
  throw new AuthError(messages[result.reason]);
}

/**
 * Step two of the e-mail sign-in, for the JSON API, which names the address in
 * its body: the code's checks, then the account (found or created). Throws an AuthError.
 */
export async function verifyEmailCode(input: { email: string; code: string; ip: string }): Promise<CurrentUser> {
  return signIn({ email: checkEmailCode(input) });
}

/** Step two of the e-mail sign-in on the page: the typed 6-digit code, for the address in the flow cookie. */
class EmailCodeStrategy extends Strategy<CurrentUser, VerifyParams> {
  name = 'email-code';

  async authenticate(request: Request): Promise<CurrentUser> {
    const flow = await readAuthFlow(request);
    if (!flow) throw new AuthError('Your sign-in expired. Please enter your e-mail address again.');
    const code = String((await formOf(request)).get('code') ?? '').trim();
    return this.verify({ email: checkEmailCode({ email: flow.email, code, ip: clientAddressOf(request) }) });
  }
}

/** The link in the e-mail: valid once, and only in the browser that asked for it. */
class MagicLinkStrategy extends Strategy<CurrentUser, VerifyParams> {
  name = 'magic-link';

  async authenticate(request: Request): Promise<CurrentUser> {
    const token = String((await formOf(request)).get('token') ?? '');
    const flow = await readAuthFlow(request);
    const result = redeemMagicLink({ token, browserId: flow?.browserId ?? null });
    if (!result.ok) {
      throw new AuthError(
        result.reason === 'other-browser'
          ? 'This link only works in the browser where you asked for the code. Type the 6-digit code there instead.'
          : 'This sign-in link has expired or was already used.',
      );
    }
    return this.verify({ email: result.email });
  }
}

/** For members who set a password through the reset link. */
class PasswordStrategy extends Strategy<CurrentUser, VerifyParams> {
  name = 'password';

  async authenticate(request: Request): Promise<CurrentUser> {
    const form = await formOf(request);
    const email = String(form.get('email') ?? '')
      .trim()
      .toLowerCase();
    const password = String(form.get('password') ?? '');
    for (const [rule, key] of [
      [RATE_LIMITS.password.perAddress, email],
      [RATE_LIMITS.password.perIp, clientAddressOf(request)],
    ] as const) {
      const limit = consumeRateLimit(rule, key);
      if (!limit.allowed) throw new AuthError(`Too many attempts. Try again in ${waitText(limit.retryAfterMs)}.`, 'rate_limited');
    }
    const user = email ? findUserByEmail(email) : undefined;
    // The same answer whether the address is unknown or the password wrong.
    if (!user?.passwordHash || !(await verifyPassword(password, user.passwordHash))) {
      throw new AuthError('Invalid email or password');
    }
    return this.verify({ email });
  }
}

/** Every sign-in ends here: find or create the account, refuse disabled ones. */
async function signIn({ email }: VerifyParams): Promise<CurrentUser> {
  const result = signInByEmail(email, { adminEmails: env().ADMIN_EMAILS });
  if (!result.ok) throw new AuthError('This account has been disabled.', 'disabled');
  return result.user;
}

export const authenticator = new Authenticator<CurrentUser>()
  .use(new EmailCodeStrategy(signIn))
  .use(new MagicLinkStrategy(signIn))
  .use(new PasswordStrategy(signIn));

/** Runs a strategy; an AuthError becomes `{ error }`, anything else is a real failure. */
export async function authenticate(
  strategy: 'email-code' | 'magic-link' | 'password',
  request: Request,
): Promise<{ user: CurrentUser } | { error: string }> {
  try {
    return { user: await authenticator.authenticate(strategy, request) };
  } catch (error) {
    if (error instanceof AuthError) return { error: error.message };
    throw error;
  }
}
