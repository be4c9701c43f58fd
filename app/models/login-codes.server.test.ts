import { describe, expect, it, vi } from 'vitest';
import { db } from '~/services/db.server';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { LOGIN_CODE_TTL_MS } from '~/utils/constants';
import { loginCodes, rateLimitHits } from '../../db/schema';
import {
  findMagicLink,
  releaseLoginCode,
  reserveLoginCode,
  pruneLoginCodes,
  redeemMagicLink,
  saveLoginCode,
  verifyLoginCode,
  type PreparedCode,
} from './login-codes.server';

const LOGIN_CODE_RESEND_COOLDOWN_MS = RATE_LIMITS.signInCode.resend.windowMs;

// Codes are hashed with the cookie secret; with SESSION_SECRET set nothing is written to ./data.
vi.stubEnv('SESSION_SECRET', 'x'.repeat(40));

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const IP = '203.0.113.7';
const OTHER_IP = '198.51.100.23';
const BROWSER = 'browser-id-0123456789abcdefghij';
const OTHER_BROWSER = 'browser-id-zyxwvutsrqponmlkjihg';
/** Just past the resend cooldown. */
const AFTER_COOLDOWN = LOGIN_CODE_RESEND_COOLDOWN_MS + 1;

type SendOptions = { ip?: string; browserId?: string; now?: number; code?: string };

/** Reserves a code (which must be allowed) for `email`, optionally with a chosen code. */
function reserve(email: string, { ip = IP, browserId = BROWSER, now = NOW, code }: SendOptions = {}): PreparedCode {
  const result = reserveLoginCode({ email, ip, browserId }, now);
  if (!result.ok) throw new Error(`sending to ${email} was refused: ${result.reason}`);
  return code === undefined ? result.prepared : { ...result.prepared, code };
}

/** Reserves and saves a code, as after its e-mail went out. */
function send(email: string, options: SendOptions = {}): PreparedCode {
  const prepared = reserve(email, options);
  saveLoginCode(prepared, options.now ?? NOW);
  return prepared;
}

/** A code that is certainly not `code`. */
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

const codeRows = () => db().select().from(loginCodes).all();
const hitCount = () => db().select().from(rateLimitHits).all().length;

describe('prepareLoginCode', () => {
  it('makes a 6-digit code and a URL-safe link token for the normalised address', () => {
    const result = reserveLoginCode({ email: '  Foo@Example.COM ', ip: IP, browserId: BROWSER }, NOW);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.prepared.code).toMatch(/^\d{6}$/);
    expect(result.prepared.linkToken).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(result.prepared).toMatchObject({ email: 'foo@example.com', ip: IP, browserId: BROWSER });
  });

  it('counts the code against every limit at once, and stores no code yet', () => {
    expect(reserveLoginCode({ email: 'foo@example.com', ip: IP, browserId: BROWSER }, NOW).ok).toBe(true);
    expect(codeRows()).toEqual([]);
    expect(hitCount()).toBe(3);
  });

  it('lets only the first of many requests at once through the cooldown', () => {
    const results = Array.from({ length: 10 }, (_, index) =>
      reserveLoginCode({ email: 'foo@example.com', ip: `192.0.2.${index}`, browserId: BROWSER }, NOW),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === 'cooldown')).toHaveLength(9);
    expect(hitCount()).toBe(3);
  });

  it('gives the limits back when the code was not sent', () => {
    releaseLoginCode(reserve('foo@example.com'));
    expect(hitCount()).toBe(0);
    expect(reserveLoginCode({ email: 'foo@example.com', ip: IP, browserId: BROWSER }, NOW).ok).toBe(true);
  });

  it('makes a different link token each time', () => {
    const tokens = new Set(Array.from({ length: 20 }, (_, index) => reserve(`foo${index}@example.com`).linkToken));
    expect(tokens.size).toBe(20);
  });
});

describe('saveLoginCode', () => {
  it('stores only hashes: the code, link token and browser id appear nowhere in the row', () => {
    const prepared = send('foo@example.com', { code: '739146' });
    const raw = db().$client.prepare('select * from login_codes').all();
    expect(raw).toHaveLength(1);
    const stored = JSON.stringify(raw);
    expect(stored).not.toContain('739146');
    expect(stored).not.toContain(prepared.linkToken);
    expect(stored).not.toContain(BROWSER);
  });

  it('stores the address in lower case and the expiry TTL after now', () => {
    send('  Foo@Example.COM ');
    const [row] = codeRows();
    expect(row).toMatchObject({ email: 'foo@example.com', requestIp: IP, attempts: 0, usedAt: null });
    expect(row!.expiresAt.getTime()).toBe(NOW + LOGIN_CODE_TTL_MS);
  });

  it('makes an older unused code and its link unusable', () => {
    const first = send('foo@example.com', { code: '111111' });
    const second = send('foo@example.com', { code: '222222', now: NOW + AFTER_COOLDOWN });
    const later = NOW + AFTER_COOLDOWN + SECOND;

    expect(findMagicLink(first.linkToken, later)).toBeNull();
    expect(redeemMagicLink({ token: first.linkToken, browserId: BROWSER }, later)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyLoginCode({ email: 'foo@example.com', code: '111111', ip: IP }, later).ok).toBe(false);
    expect(verifyLoginCode({ email: 'foo@example.com', code: second.code, ip: IP }, later)).toEqual({
      ok: true,
      email: 'foo@example.com',
    });
  });

  it('leaves the codes of other addresses alone', () => {
    const other = send('other@example.com', { code: '333333' });
    send('foo@example.com', { code: '444444', now: NOW + AFTER_COOLDOWN });
    expect(findMagicLink(other.linkToken, NOW + AFTER_COOLDOWN)).toEqual({ email: 'other@example.com' });
    expect(verifyLoginCode({ email: 'other@example.com', code: '333333', ip: IP }, NOW + AFTER_COOLDOWN).ok).toBe(true);
  });
});

describe('verifyLoginCode', () => {
  it('accepts the right code once, for any spelling of the address', () => {
    const { code } = send('foo@example.com');
    expect(verifyLoginCode({ email: ' FOO@example.com', code, ip: IP }, NOW + MINUTE)).toEqual({ ok: true, email: 'foo@example.com' });
    expect(verifyLoginCode({ email: 'foo@example.com', code, ip: IP }, NOW + MINUTE)).toEqual({ ok: false, reason: 'expired' });
  });

  it('says "invalid" for a wrong code and still accepts the right one after four wrong tries', () => {
    const { code } = send('foo@example.com');
    for (let index = 0; index < 4; index++) {
      expect(verifyLoginCode({ email: 'foo@example.com', code: wrong(code), ip: IP }, NOW)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(codeRows()[0]!.attempts).toBe(4);
    expect(verifyLoginCode({ email: 'foo@example.com', code, ip: IP }, NOW).ok).toBe(true);
  });

  it('locks the code on the fifth wrong try, after which even the right code is refused', () => {
    const { code, linkToken } = send('foo@example.com');
    for (let index = 0; index < 4; index++) verifyLoginCode({ email: 'foo@example.com', code: wrong(code), ip: IP }, NOW);
    expect(verifyLoginCode({ email: 'foo@example.com', code: wrong(code), ip: IP }, NOW)).toEqual({ ok: false, reason: 'locked' });
    expect(verifyLoginCode({ email: 'foo@example.com', code, ip: IP }, NOW).ok).toBe(false);
    expect(verifyLoginCode({ email: 'foo@example.com', code, ip: OTHER_IP }, NOW).ok).toBe(false);
    // The link of a burnt code is dead too.
    expect(findMagicLink(linkToken, NOW)).toBeNull();
  });

  it('accepts a new code sent after the old one was locked', () => {
    const first = send('foo@example.com', { code: '555555' });
    for (let index = 0; index < 5; index++) verifyLoginCode({ email: 'foo@example.com', code: wrong(first.code), ip: IP }, NOW);
    const second = send('foo@example.com', { now: NOW + AFTER_COOLDOWN });
    expect(verifyLoginCode({ email: 'foo@example.com', code: second.code, ip: IP }, NOW + AFTER_COOLDOWN).ok).toBe(true);
  });

  it('says "expired" from the moment the code expires', () => {
    const { code } = send('foo@example.com');
    const expiresAt = NOW + LOGIN_CODE_TTL_MS;
    expect(verifyLoginCode({ email: 'foo@example.com', code, ip: IP }, expiresAt)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyLoginCode({ email: 'foo@example.com', code, ip: IP }, expiresAt + HOUR)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyLoginCode({ email: 'foo@example.com', code, ip: IP }, expiresAt - 1)).toEqual({ ok: true, email: 'foo@example.com' });
  });

  it('says "expired" for an address that was never sent a code', () => {
    expect(verifyLoginCode({ email: 'nobody@example.com', code: '123456', ip: IP }, NOW)).toEqual({ ok: false, reason: 'expired' });
  });

  it("never accepts one address's code for another address", () => {
    send('alice@example.com', { code: '123456' });
    expect(verifyLoginCode({ email: 'bob@example.com', code: '123456', ip: IP }, NOW).ok).toBe(false);

    send('bob@example.com', { code: '654321' });
    expect(verifyLoginCode({ email: 'bob@example.com', code: '123456', ip: IP }, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyLoginCode({ email: 'alice@example.com', code: '654321', ip: IP }, NOW)).toEqual({ ok: false, reason: 'invalid' });

    expect(verifyLoginCode({ email: 'alice@example.com', code: '123456', ip: IP }, NOW)).toEqual({ ok: true, email: 'alice@example.com' });
    expect(verifyLoginCode({ email: 'bob@example.com', code: '654321', ip: IP }, NOW)).toEqual({ ok: true, email: 'bob@example.com' });
  });

  describe('the per-IP limit on wrong codes', () => {
    const limit = RATE_LIMITS.signInCode.verifyPerIp.limit;

    /** Wrong tries from IP, five per address (each address's code burns on the fifth). */
    function guessWrong(times: number, now = NOW): void {
      for (let index = 0; index < times; index++) {
        const address = `victim${Math.floor(index / 5)}@example.com`;
        if (index % 5 === 0) send(address, { code: '123456', ip: OTHER_IP, now });
        const result = verifyLoginCode({ email: address, code: '000000', ip: IP }, now);
        expect(result.ok === false && result.reason !== 'ip').toBe(true);
      }
    }

    const SIGNED_IN = { ok: true, email: 'member@example.com' };

    /** The member's right code, sent to them from another IP, tried from `ip`. */
    function rightCode(ip: string, now = NOW) {
      send('member@example.com', { code: '246810', ip: OTHER_IP, now });
      return verifyLoginCode({ email: 'member@example.com', code: '246810', ip }, now);
    }

    it('is 30 wrong tries', () => {
      expect(limit).toBe(30);
    });

    it('refuses with reason "ip" after 30 wrong tries across many addresses, even the right code', () => {
      guessWrong(limit);
      send('member@example.com', { code: '246810', ip: OTHER_IP });

      expect(verifyLoginCode({ email: 'member@example.com', code: '246810', ip: IP }, NOW + MINUTE)).toEqual({
        ok: false,
        reason: 'ip',
        retryAfterMs: RATE_LIMITS.signInCode.verifyPerIp.windowMs - MINUTE,
      });
      expect(verifyLoginCode({ email: 'member@example.com', code: '000000', ip: IP }, NOW + MINUTE)).toMatchObject({
        ok: false,
        reason: 'ip',
      });
      // The refused tries did not touch the member's code.
      expect(codeRows().find((row) => row.email === 'member@example.com')).toMatchObject({ attempts: 0, usedAt: null });
    });

    it('still accepts the right code after 29 wrong tries', () => {
      guessWrong(limit - 1);
      expect(rightCode(IP)).toEqual(SIGNED_IN);
    });

    it('does not hold back other IPs', () => {
      guessWrong(limit);
      expect(rightCode(OTHER_IP)).toEqual(SIGNED_IN);
    });

    it('lets the IP try again once the window has passed', () => {
      guessWrong(limit);
      expect(rightCode(IP, NOW + RATE_LIMITS.signInCode.verifyPerIp.windowMs + 1)).toEqual(SIGNED_IN);
    });
  });
});

describe('sending limits', () => {
  it('refuses another code to the same address during the resend cooldown', () => {
    send('foo@example.com');
    expect(reserveLoginCode({ email: 'foo@example.com', ip: IP, browserId: BROWSER }, NOW + 10 * SECOND)).toEqual({
      ok: false,
      reason: 'cooldown',
      retryAfterMs: LOGIN_CODE_RESEND_COOLDOWN_MS - 10 * SECOND,
    });
    // Another spelling of the address is the same address.
    expect(reserveLoginCode({ email: ' FOO@Example.com', ip: OTHER_IP, browserId: OTHER_BROWSER }, NOW + 10 * SECOND)).toMatchObject({
      ok: false,
      reason: 'cooldown',
    });
    expect(reserveLoginCode({ email: 'foo@example.com', ip: IP, browserId: BROWSER }, NOW + AFTER_COOLDOWN).ok).toBe(true);
  });

  it('does not hold back other addresses during the cooldown', () => {
    send('foo@example.com');
    expect(reserveLoginCode({ email: 'bar@example.com', ip: IP, browserId: BROWSER }, NOW + SECOND).ok).toBe(true);
  });

  it('refuses a sixth code to one address within an hour', () => {
    for (let index = 0; index < RATE_LIMITS.signInCode.perAddress.limit; index++) {
      send('foo@example.com', { now: NOW + index * AFTER_COOLDOWN, ip: `192.0.2.${index}` });
    }
    const sixth = NOW + 5 * AFTER_COOLDOWN;
    expect(reserveLoginCode({ email: 'foo@example.com', ip: OTHER_IP, browserId: BROWSER }, sixth)).toEqual({
      ok: false,
      reason: 'address',
      retryAfterMs: HOUR - 5 * AFTER_COOLDOWN,
    });
    expect(reserveLoginCode({ email: 'bar@example.com', ip: OTHER_IP, browserId: BROWSER }, sixth).ok).toBe(true);
    expect(reserveLoginCode({ email: 'foo@example.com', ip: OTHER_IP, browserId: BROWSER }, NOW + HOUR + 1).ok).toBe(true);
  });

  it('refuses a 21st code from one IP within an hour, whatever the address', () => {
    for (let index = 0; index < RATE_LIMITS.signInCode.perIp.limit; index++) send(`member${index}@example.com`);
    expect(reserveLoginCode({ email: 'new@example.com', ip: IP, browserId: BROWSER }, NOW + MINUTE)).toEqual({
      ok: false,
      reason: 'ip',
      retryAfterMs: HOUR - MINUTE,
    });
    expect(reserveLoginCode({ email: 'new@example.com', ip: OTHER_IP, browserId: BROWSER }, NOW + MINUTE).ok).toBe(true);
  });
});

describe('findMagicLink', () => {
  it('finds a fresh link without using it', () => {
    const { linkToken } = send('Foo@Example.com');
    expect(findMagicLink(linkToken, NOW + MINUTE)).toEqual({ email: 'foo@example.com' });
    expect(findMagicLink(linkToken, NOW + MINUTE)).toEqual({ email: 'foo@example.com' });
    expect(redeemMagicLink({ token: linkToken, browserId: BROWSER }, NOW + MINUTE)).toEqual({ ok: true, email: 'foo@example.com' });
  });

  it('does not find an unknown token', () => {
    send('foo@example.com');
    expect(findMagicLink('not-a-real-token', NOW)).toBeNull();
    expect(findMagicLink('', NOW)).toBeNull();
  });

  it('does not find a used link', () => {
    const { linkToken } = send('foo@example.com');
    redeemMagicLink({ token: linkToken, browserId: BROWSER }, NOW);
    expect(findMagicLink(linkToken, NOW)).toBeNull();
  });

  it('does not find the link of a code that was typed in', () => {
    const { code, linkToken } = send('foo@example.com');
    verifyLoginCode({ email: 'foo@example.com', code, ip: IP }, NOW);
    expect(findMagicLink(linkToken, NOW)).toBeNull();
  });

  it('does not find an expired link', () => {
    const { linkToken } = send('foo@example.com');
    expect(findMagicLink(linkToken, NOW + LOGIN_CODE_TTL_MS - 1)).toEqual({ email: 'foo@example.com' });
    expect(findMagicLink(linkToken, NOW + LOGIN_CODE_TTL_MS)).toBeNull();
  });
});

describe('redeemMagicLink', () => {
  it('refuses another browser, and still works in the right one afterwards', () => {
    const { linkToken } = send('foo@example.com');
    expect(redeemMagicLink({ token: linkToken, browserId: OTHER_BROWSER }, NOW)).toEqual({ ok: false, reason: 'other-browser' });
    expect(findMagicLink(linkToken, NOW)).toEqual({ email: 'foo@example.com' });
    expect(redeemMagicLink({ token: linkToken, browserId: BROWSER }, NOW)).toEqual({ ok: true, email: 'foo@example.com' });
  });

  it('refuses a browser without a browser id', () => {
    const { linkToken } = send('foo@example.com');
    expect(redeemMagicLink({ token: linkToken, browserId: null }, NOW)).toEqual({ ok: false, reason: 'other-browser' });
    expect(redeemMagicLink({ token: linkToken, browserId: '' }, NOW)).toEqual({ ok: false, reason: 'other-browser' });
    expect(redeemMagicLink({ token: linkToken, browserId: BROWSER }, NOW).ok).toBe(true);
  });

  it('works once in the right browser, then says "invalid"', () => {
    const { linkToken } = send('foo@example.com');
    expect(redeemMagicLink({ token: linkToken, browserId: BROWSER }, NOW)).toEqual({ ok: true, email: 'foo@example.com' });
    expect(redeemMagicLink({ token: linkToken, browserId: BROWSER }, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('uses up the code as well', () => {
    const { code, linkToken } = send('foo@example.com');
    redeemMagicLink({ token: linkToken, browserId: BROWSER }, NOW);
    expect(verifyLoginCode({ email: 'foo@example.com', code, ip: IP }, NOW).ok).toBe(false);
  });

  it('says "invalid" for an unknown or expired link', () => {
    const { linkToken } = send('foo@example.com');
    expect(redeemMagicLink({ token: 'not-a-real-token', browserId: BROWSER }, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(redeemMagicLink({ token: linkToken, browserId: BROWSER }, NOW + LOGIN_CODE_TTL_MS)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('pruneLoginCodes', () => {
  it('deletes used and expired codes only', () => {
    const used = send('used@example.com');
    verifyLoginCode({ email: 'used@example.com', code: used.code, ip: IP }, NOW);
    send('expired@example.com', { now: NOW - LOGIN_CODE_TTL_MS - MINUTE });
    const live = send('live@example.com');
    send('replaced@example.com', { code: '111111' });
    const replacement = send('replaced@example.com', { code: '222222', now: NOW + AFTER_COOLDOWN });

    const at = NOW + 5 * MINUTE;
    expect(pruneLoginCodes(at)).toBe(3);
    expect(codeRows().map((row) => row.email)).toEqual(['live@example.com', 'replaced@example.com']);
    expect(findMagicLink(live.linkToken, at)).toEqual({ email: 'live@example.com' });
    expect(verifyLoginCode({ email: 'replaced@example.com', code: replacement.code, ip: IP }, at).ok).toBe(true);
    expect(pruneLoginCodes(at)).toBe(1);
  });
});
