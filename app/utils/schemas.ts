import { z } from 'zod';

// Zod probes for `new Function` to speed up parsing; our Content-Security-Policy
// forbids eval, so the probe would only log a violation in the browser.
z.config({ jitless: true });
import { BIO_MAX_LENGTH, COMMENT_MAX_LENGTH, LOGIN_CODE_DIGITS, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './constants';

// Field rules shared by the forms (in the browser, through Conform) and their
// actions (on the server), with the spec's messages (§5).

export const emailField = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address' }).max(254, 'Please enter a valid email address'));

export const codeField = z
  .string({ error: 'Verification code must be 6 digits' })
  .trim()
  .regex(new RegExp(`^\\d{${LOGIN_CODE_DIGITS}}$`), 'Verification code must be 6 digits');

export const usernameField = z
  .string({ error: 'Username must be at least 3 characters long' })
  .trim()
  .min(USERNAME_MIN_LENGTH, 'Username must be at least 3 characters long')
  .max(USERNAME_MAX_LENGTH, 'Username cannot exceed 30 characters')
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'Username can only contain letters, numbers, dots, dashes and underscores');

export const bioField = z
  .string()
  .max(BIO_MAX_LENGTH, `Bio cannot exceed ${BIO_MAX_LENGTH} characters`)
  .default('')
  .transform((bio) => bio.trim());

export const newPasswordField = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .max(200, 'Password cannot exceed 200 characters')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number');

/** Reset password form (§5): the rules, and the confirmation matching. */
export const resetPasswordSchema = z
  .object({ token: z.string().min(1), password: newPasswordField, confirmPassword: z.string({ error: 'Passwords do not match' }) })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: 'Passwords do not match',
  });

/** The profile's forms (spec §2 Profile, Settings). */
export const usernameSchema = z.object({ username: usernameField });
export const bioSchema = z.object({ bio: bioField });
export const emailChangeSchema = z.object({ email: emailField });
export type ProfileAction = 'username' | 'bio' | 'avatar' | 'email' | 'password-link';

export const BUILD_TITLE_MAX_LENGTH = 100;

/** The upload form's title (§5): required and not blank. */
export const buildTitleField = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(BUILD_TITLE_MAX_LENGTH, `Title cannot exceed ${BUILD_TITLE_MAX_LENGTH} characters`);

/** A comment or reply (spec §8 "Comment cannot be empty"). */
export const commentSchema = z.object({
  content: z
    .string({ error: 'Comment cannot be empty' })
    .trim()
    .min(1, 'Comment cannot be empty')
    .max(COMMENT_MAX_LENGTH, `Comment cannot exceed ${COMMENT_MAX_LENGTH} characters`),
  parentCommentId: z.coerce.number().int().positive().optional(),
});
