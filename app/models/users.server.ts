import { and, eq, ne, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { db } from '~/services/db.server';
import { env } from '~/services/env.server';
import { releaseAvatarFiles } from '~/images/avatar-files.server';
import { AvatarError, processAvatar } from '~/images/avatars.server';
import { generateUsername, usernameKey } from '~/domain/usernames';
import { emailSettings, NEW_MEMBER_EMAIL_PREFERENCES } from '~/domain/email-lists';
import type { CurrentUser } from '~/domain/users';
import { recordFormerUsername } from './members.server';

export const currentUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  avatarUrl: users.avatarUrl,
  isAdmin: users.isAdmin,
  isModerator: users.isModerator,
  suspendedUntil: users.suspendedUntil,
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const byEmail = (email: string) => eq(sql`lower(${users.email})`, normalizeEmail(email));

export function findUserByEmail(email: string) {
  return db()
    .select({ ...currentUserColumns, isDisabled: users.isDisabled, passwordHash: users.passwordHash })
    .from(users)
    .where(byEmail(email))
    .get();
}

export function findUserById(id: number): CurrentUser | undefined {
  return db().select(currentUserColumns).from(users).where(eq(users.id, id)).get();
}

export type SignInResult = { ok: true; user: CurrentUser; created: boolean } | { ok: false; reason: 'disabled' };

/**
 * The account for an address that just proved it receives our mail: found, or
 * created with a generated username (the address counts as verified). Admin
 * rights follow ADMIN_EMAILS at every sign-in.
 */
export function signInByEmail(email: string, { adminEmails }: { adminEmails: string[] }, now = new Date()): SignInResult {
  const address = normalizeEmail(email);
  const makeAdmin = adminEmails.includes(address);
  return db().transaction((tx) => {
    const existing = tx.select({ id: users.id, isDisabled: users.isDisabled }).from(users).where(byEmail(address)).get();
    if (existing?.isDisabled) return { ok: false, reason: 'disabled' } as const;
    if (existing) {
      tx.update(users)
        .set({ lastLogin: now, emailVerified: true, ...(makeAdmin ? { isAdmin: true } : {}) })
        .where(eq(users.id, existing.id))
        .run();
      return { ok: true, user: tx.select(currentUserColumns).from(users).where(eq(users.id, existing.id)).get()!, created: false } as const;
    }
    let username = generateUsername();
    while (
      tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.usernameKey, usernameKey(username)))
        .get()
    ) {
      username = generateUsername();
    }
    const user = tx
      .insert(users)
      .values({
        email: address,
        username,
        usernameKey: usernameKey(username),
        emailVerified: true,
        isAdmin: makeAdmin,
        lastLogin: now,
        emailPreferences: { ...NEW_MEMBER_EMAIL_PREFERENCES },
      })
      .returning(currentUserColumns)
      .get();
    return { ok: true, user, created: true } as const;
  });
}

export type UsernameChange = 'updated' | 'unchanged' | 'taken';

/**
 * Renames a member; names are unique whatever their case. The old name is kept
 * for a while, so links to their public page still find them.
 */
export function changeUsername(userId: number, username: string, now = new Date()): UsernameChange {
  return db().transaction((tx) => {
    const current = tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).get();
    if (current?.username === username) return 'unchanged';
    const clash = tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.usernameKey, usernameKey(username)), ne(users.id, userId)))
      .get();
    if (clash) return 'taken';
    tx.update(users)
      .set({ username, usernameKey: usernameKey(username) })
      .where(eq(users.id, userId))
      .run();
    // A change of case only is the same name: nothing to lead anywhere.
    if (current && usernameKey(current.username) !== usernameKey(username)) recordFormerUsername(tx, userId, current.username, now);
    return 'updated';
  });
}

export function changeBio(userId: number, bio: string): void {
  db().update(users).set({ bio }).where(eq(users.id, userId)).run();
}

/** Sets the member's avatar URL; answers the one it replaced ('' for none), whose file releaseAvatarFiles may then delete. */
export function changeAvatar(userId: number, avatarUrl: string): string {
  return db().transaction((tx) => {
    const previous = tx.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId)).get();
    tx.update(users).set({ avatarUrl }).where(eq(users.id, userId)).run();
    return previous?.avatarUrl ?? '';
  });
}

/**
 * Makes the uploaded `file` (the form's `avatar` field) the member's avatar,
 * for the profile page and the JSON API alike, and answers its URL; the file of the
 * one it replaces is deleted unless another member shows the same picture. Throws an
 * AvatarError with the message of docs/product.md §5 when there is no file or the image is refused.
 */
export async function replaceAvatar(userId: number, file: FormDataEntryValue | null): Promise<string> {
  if (!(file instanceof File)) throw new AvatarError('Choose an image to upload.');
  const avatar = await processAvatar(new Uint8Array(await file.arrayBuffer()), { uploadsDir: env().UPLOADS_DIR });
  const replaced = changeAvatar(userId, avatar.url);
  if (replaced !== avatar.url) await releaseAvatarFiles([replaced]);
  return avatar.url;
}

export function setPasswordHash(userId: number, passwordHash: string): void {
  db().update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
}

export type EmailChange = 'updated' | 'taken';

export function changeEmail(userId: number, email: string): EmailChange {
  const address = normalizeEmail(email);
  return db().transaction((tx) => {
    const clash = tx
      .select({ id: users.id })
      .from(users)
      .where(and(byEmail(address), ne(users.id, userId)))
      .get();
    if (clash) return 'taken';
    tx.update(users).set({ email: address, emailVerified: true }).where(eq(users.id, userId)).run();
    return 'updated';
  });
}

/** Everything the profile page shows about its owner, the e-mail lists as they are in force. */
export function findProfile(userId: number) {
  const row = db()
    .select({
      ...currentUserColumns,
      bio: users.bio,
      createdAt: users.createdAt,
      emailPreferences: users.emailPreferences,
      marketingOptedInAt: users.marketingOptedInAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row && { ...row, ...emailSettings(row) };
}

type NewUser = Pick<typeof users.$inferInsert, 'username' | 'email'> &
  Partial<Pick<typeof users.$inferInsert, 'emailVerified' | 'isAdmin' | 'isModerator' | 'isDisabled' | 'bio' | 'avatarUrl' | 'createdAt'>>;

/** Creates a member directly, with a chosen name (demo data, admin tools, tests). */
export function insertUser(values: NewUser): CurrentUser {
  return db()
    .insert(users)
    .values({
      emailPreferences: { ...NEW_MEMBER_EMAIL_PREFERENCES },
      ...values,
      email: normalizeEmail(values.email),
      usernameKey: usernameKey(values.username),
    })
    .returning(currentUserColumns)
    .get();
}
