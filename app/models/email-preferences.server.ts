import { eq } from 'drizzle-orm';
import { type EmailPreferences, users } from '../../db/schema';
import { keyedHash, safeEqual } from '~/services/crypto.server';
import { db } from '~/services/db.server';
import { EMAIL_LISTS, type EmailList } from '~/domain/email-lists';

export type { EmailPreferences };

export function emailPreferences(userId: number): EmailPreferences | undefined {
  return db().select({ preferences: users.emailPreferences }).from(users).where(eq(users.id, userId)).get()?.preferences;
}

/**
 * Turns some lists on or off (the others stay as they are); answers the preferences
 * now in force. "News and offers" is on for everyone at first, which nobody chose: it may
 * be mailed only to members who opted in (`hasOptedInToNews`). Turning it on or off
 * records when; so does `optInToNews`, the member's "yes" while it is on.
 */
export function updateEmailPreferences(userId: number, changes: Partial<EmailPreferences>, now = new Date()): EmailPreferences {
  return db().transaction((tx) => {
    const row = tx.select({ preferences: users.emailPreferences }).from(users).where(eq(users.id, userId)).get();
    if (!row) throw new Error(`No member ${userId}`);
    const next = { ...row.preferences, ...definedOnly(changes) };
    const consent =
      next.marketing === row.preferences.marketing ? {} : next.marketing ? { marketingOptedInAt: now } : { marketingOptedOutAt: now };
    tx.update(users)
      .set({ emailPreferences: next, ...consent })
      .where(eq(users.id, userId))
      .run();
    return next;
  });
}

/** The member's explicit "yes, send me news and offers": the switch on and the date recorded. */
export function optInToNews(userId: number, now = new Date()): void {
  db().transaction((tx) => {
    const row = tx.select({ preferences: users.emailPreferences }).from(users).where(eq(users.id, userId)).get();
    if (!row) throw new Error(`No member ${userId}`);
    tx.update(users)
      .set({ emailPreferences: { ...row.preferences, marketing: true }, marketingOptedInAt: now })
      .where(eq(users.id, userId))
      .run();
  });
}

export type MarketingConsent = { optedInAt: Date | null; optedOutAt: Date | null };

/** When the member last opted in to and out of "News and offers" (null: never). */
export function marketingConsent(userId: number): MarketingConsent | undefined {
  return db()
    .select({ optedInAt: users.marketingOptedInAt, optedOutAt: users.marketingOptedOutAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

function definedOnly(changes: Partial<EmailPreferences>): Partial<EmailPreferences> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => typeof value === 'boolean'));
}

// An unsubscribe link names the member and the list and is signed with the
// server's secret: it needs no sign-in and cannot be made up for someone else.
// It does not expire, since mail is read long after it is sent; all it can do
// is turn one list off.

const signature = (userId: number, list: EmailList) => keyedHash(`unsubscribe:${userId}:${list}`);

export function unsubscribeToken(userId: number, list: EmailList): string {
  return `${userId}.${list}.${signature(userId, list)}`;
}

/** The member and list a token names, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(token: string | null | undefined): { userId: number; list: EmailList } | null {
  const [id, list, given, ...rest] = (token ?? '').split('.');
  if (!id || !list || !given || rest.length > 0 || !/^\d{1,12}$/.test(id)) return null;
  if (!(EMAIL_LISTS as readonly string[]).includes(list)) return null;
  const userId = Number(id);
  return safeEqual(given, signature(userId, list as EmailList)) ? { userId, list: list as EmailList } : null;
}

export type UnsubscribeCheck = { ok: true; list: EmailList; subscribed: boolean } | { ok: false; reason: 'invalid' };

/** What a token would turn off, and whether it is still on (for the page that asks before it does). */
export function checkUnsubscribeToken(token: string | null | undefined): UnsubscribeCheck {
  const named = readUnsubscribeToken(token);
  const preferences = named && emailPreferences(named.userId);
  return named && preferences ? { ok: true, list: named.list, subscribed: preferences[named.list] } : { ok: false, reason: 'invalid' };
}

export type Unsubscribed = { ok: true; list: EmailList } | { ok: false; reason: 'invalid' };

/** Turns off the list a valid token names; a forged, garbled or orphaned token changes nothing. */
export function unsubscribe(token: string | null | undefined): Unsubscribed {
  const named = readUnsubscribeToken(token);
  if (!named || !emailPreferences(named.userId)) return { ok: false, reason: 'invalid' };
  updateEmailPreferences(named.userId, { [named.list]: false });
  return { ok: true, list: named.list };
}
