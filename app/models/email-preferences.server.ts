import { eq } from 'drizzle-orm';
import { type EmailPreferences, users } from '../../db/schema';
import { keyedHash, safeEqual } from '~/services/crypto.server';
import { db } from '~/services/db.server';
import { EMAIL_LISTS, type EmailList, emailSettings, type NewsConsent } from '~/domain/email-lists';

export type { EmailPreferences };

const storedSettings = {
  emailPreferences: users.emailPreferences,
  marketingOptedInAt: users.marketingOptedInAt,
  marketingOptedOutAt: users.marketingOptedOutAt,
};

/** The member's e-mail lists as they are in force (news only with a standing yes: `emailSettings`). */
export function emailPreferences(userId: number): EmailPreferences | undefined {
  const row = db().select(storedSettings).from(users).where(eq(users.id, userId)).get();
  return row && emailSettings(row).emailPreferences;
}

/**
 * Turns some lists on or off (the others stay as they are); answers the preferences now in
 * force. Turning "News and offers" on when it is off is the member's yes, recorded with its
 * date; turning it off when it is on is their no, recorded too. Sending the switch as it
 * already is records nothing, so a second yes keeps the date of the first.
 */
export function updateEmailPreferences(userId: number, changes: Partial<EmailPreferences>, now = new Date()): EmailPreferences {
  return db().transaction((tx) => {
    const row = tx.select(storedSettings).from(users).where(eq(users.id, userId)).get();
    if (!row) throw new Error(`No member ${userId}`);
    const before = emailSettings(row).emailPreferences;
    const next = { ...before, ...definedOnly(changes) };
    const consent = next.marketing === before.marketing ? {} : next.marketing ? { marketingOptedInAt: now } : { marketingOptedOutAt: now };
    tx.update(users)
      .set({ emailPreferences: next, ...consent })
      .where(eq(users.id, userId))
      .run();
    return next;
  });
}

/** When the member last said yes and no to "News and offers", whether or not that yes stands. */
export function marketingConsent(userId: number): NewsConsent | undefined {
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
