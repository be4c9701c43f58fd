import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { loginCodes } from '../../db/schema';
import { keyedHash, randomDigits, randomToken, safeEqual, sha256 } from '~/services/crypto.server';
import { db } from '~/services/db.server';
import { RATE_LIMITS, type RateLimit } from '~/domain/rate-limits';
import { LOGIN_CODE_DIGITS, LOGIN_CODE_MAX_ATTEMPTS, LOGIN_CODE_TTL_MS } from '~/utils/constants';
import { consumeRateLimit, peekRateLimit, type Reservation, releaseReservation, reserveRateLimits } from './rate-limits.server';
import { normalizeEmail } from './users.server';

/** What a code is for: signing in (with a magic link too), or confirming the deletion of the account (models/account-deletion.server.ts). */
export type CodePurpose = (typeof loginCodes.$inferSelect)['purpose'];

export type CodeRequest = { email: string; ip: string; browserId: string; purpose?: CodePurpose };

export type PreparedCode = CodeRequest & { purpose: CodePurpose; code: string; linkToken: string; reservation: Reservation };

export type Refusal = { ok: false; reason: 'cooldown' | 'address' | 'ip'; retryAfterMs: number };

const SENDING_LIMITS: Record<CodePurpose, { resend: RateLimit; perAddress: RateLimit; perIp: RateLimit }> = {
  'sign-in': RATE_LIMITS.signInCode,
  'delete-account': RATE_LIMITS.deletionCode,
};

/**
 * Checks the sending limits and counts this code against them in the same
 * synchronous step, so ten parallel requests for one address send one mail; then
 * makes a code and link. The code is saved once its e-mail went out
 * (`saveLoginCode`); if sending fails, `releaseLoginCode` gives the limits back.
 */
export function reserveLoginCode(request: CodeRequest, now = Date.now()): { ok: true; prepared: PreparedCode } | Refusal {
  const email = normalizeEmail(request.email);
  const purpose = request.purpose ?? 'sign-in';
  const limits = SENDING_LIMITS[purpose];
  const checks: [Refusal['reason'], RateLimit, string][] = [
    ['cooldown', limits.resend, email],
    ['address', limits.perAddress, email],
    ['ip', limits.perIp, request.ip],
  ];
  const reserved = reserveRateLimits(
    checks.map(([, rule, key]) => [rule, key] as const),
    now,
  );
  if (!reserved.allowed) return { ok: false, reason: checks[reserved.refusedBy]![0], retryAfterMs: reserved.retryAfterMs };
  return {
    ok: true,
    prepared: {
      ...request,
      email,
      purpose,
      code: randomDigits(LOGIN_CODE_DIGITS),
      linkToken: randomToken(),
      reservation: reserved.reservation,
    },
  };
}

/** A code whose e-mail could not be sent: it does not count against the limits. */
export function releaseLoginCode(prepared: PreparedCode): void {
  releaseReservation(prepared.reservation);
}

/** Stores a sent code; any older unused code for the address and purpose stops working. */
export function saveLoginCode(prepared: PreparedCode, now = Date.now()): void {
  db().transaction(() => {
    db()
      .update(loginCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(loginCodes.email, prepared.email), eq(loginCodes.purpose, prepared.purpose), isNull(loginCodes.usedAt)))
      .run();
    db()
      .insert(loginCodes)
      .values({
        email: prepared.email,
        purpose: prepared.purpose,
        codeHash: keyedHash(prepared.code),
        linkTokenHash: sha256(prepared.linkToken),
        browserHash: sha256(prepared.browserId),
        requestIp: prepared.ip,
        expiresAt: new Date(now + LOGIN_CODE_TTL_MS),
        createdAt: new Date(now),
      })
      .run();
  });
}

export type CodeCheck = { ok: true; email: string } | { ok: false; reason: 'invalid' | 'expired' | 'locked' | 'ip'; retryAfterMs?: number };

/**
 * Checks a typed code against the address's latest code for `purpose`. Each wrong try
 * counts on that code; the fifth burns it, so guessing has five chances in a million.
 */
export function verifyLoginCode(
  { email, code, ip, purpose = 'sign-in' }: { email: string; code: string; ip: string; purpose?: CodePurpose },
  now = Date.now(),
): CodeCheck {
  const address = normalizeEmail(email);
  const ipCheck = peekRateLimit(RATE_LIMITS.signInCode.verifyPerIp, ip, now);
  if (!ipCheck.allowed) return { ok: false, reason: 'ip', retryAfterMs: ipCheck.retryAfterMs };
  return db().transaction(() => {
    const row = db()
      .select()
      .from(loginCodes)
      .where(and(eq(loginCodes.email, address), eq(loginCodes.purpose, purpose), isNull(loginCodes.usedAt)))
      .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
      .get();
    if (!row || row.expiresAt.getTime() <= now) return { ok: false, reason: 'expired' } as const;
    if (safeEqual(row.codeHash, keyedHash(code))) {
      db()
        .update(loginCodes)
        .set({ usedAt: new Date(now) })
        .where(eq(loginCodes.id, row.id))
        .run();
      return { ok: true, email: address } as const;
    }
    consumeRateLimit(RATE_LIMITS.signInCode.verifyPerIp, ip, now);
    const attempts = row.attempts + 1;
    const burnt = attempts >= LOGIN_CODE_MAX_ATTEMPTS;
    db()
      .update(loginCodes)
      .set({ attempts, ...(burnt ? { usedAt: new Date(now) } : {}) })
      .where(eq(loginCodes.id, row.id))
      .run();
    return { ok: false, reason: burnt ? 'locked' : 'invalid' } as const;
  });
}

/** Whether a magic link is still good, and for which address; reads only. */
export function findMagicLink(token: string, now = Date.now()): { email: string } | null {
  const row = db()
    .select({ email: loginCodes.email })
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.linkTokenHash, sha256(token)),
        eq(loginCodes.purpose, 'sign-in'),
        isNull(loginCodes.usedAt),
        gt(loginCodes.expiresAt, new Date(now)),
      ),
    )
    .get();
  return row ?? null;
}

export type LinkCheck = { ok: true; email: string } | { ok: false; reason: 'invalid' | 'other-browser' };

/** Uses a magic link: only in the browser that asked for the code, and only once. */
export function redeemMagicLink({ token, browserId }: { token: string; browserId: string | null }, now = Date.now()): LinkCheck {
  return db().transaction(() => {
    const row = db()
      .select()
      .from(loginCodes)
      .where(and(eq(loginCodes.linkTokenHash, sha256(token)), eq(loginCodes.purpose, 'sign-in')))
      .get();
    if (!row || row.usedAt || row.expiresAt.getTime() <= now) return { ok: false, reason: 'invalid' } as const;
    if (!browserId || !safeEqual(row.browserHash, sha256(browserId))) return { ok: false, reason: 'other-browser' } as const;
    db()
      .update(loginCodes)
      .set({ usedAt: new Date(now) })
      .where(eq(loginCodes.id, row.id))
      .run();
    return { ok: true, email: row.email } as const;
  });
}

/** Deletes codes that can no longer be used (housekeeping). */
export function pruneLoginCodes(now = Date.now()): number {
  return db()
    .delete(loginCodes)
    .where(or(lt(loginCodes.expiresAt, new Date(now)), sql`${loginCodes.usedAt} is not null`))
    .run().changes;
}
