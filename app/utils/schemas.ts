import { z } from 'zod';

// Zod probes for `new Function` to speed up parsing; our Content-Security-Policy
// forbids eval, so the probe would only log a violation in the browser.
z.config({ jitless: true });
import { MAX_BUILD_PARTS, PART_CATEGORIES, PART_NAME_MAX } from '~/domain/build-parts';
import { BUILD_TAG_SLUGS, MAX_BUILD_TAGS } from '~/domain/build-tags';
import { DESCRIPTION_MAX_LENGTH, MAX_EXTRA_PHOTOS } from '~/domain/builds';
import { PHOTO_ALT_MAX_LENGTH } from '~/domain/photo-alt';
import { oneLine, withLines } from '~/domain/member-text';
import { DEFAULT_ROAST_INTENSITY, ROAST_INTENSITIES } from '~/domain/roast-intensity';
import {
  APPEAL_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  REASON_MAX_LENGTH,
  STRIKE_DEFAULT_DAYS,
  STRIKE_MAX_DAYS,
  SUSPENSION_MAX_DAYS,
  WARNING_MAX_LENGTH,
} from '~/domain/member-moderation';
import { isReservedUsername } from '~/domain/usernames';
import { fileTooLargeMessage, formatByteLimit } from './byte-limits';
import { positiveInt } from './query';
import {
  BIO_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  LOGIN_CODE_DIGITS,
  PASSWORD_MIN_LENGTH,
  UPLOAD_MAX_BYTES,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './constants';
import { DAY_MS } from './dates';

// Field rules shared by the forms (in the browser, through Conform) and their
// actions (on the server), with the messages of docs/product.md §5.

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
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'Username can only contain letters, numbers, dots, dashes and underscores')
  // Nobody may pass for the AI or the staff, however the name is spelt (domain/usernames).
  .refine((username) => !isReservedUsername(username), 'This username is reserved. Please choose another one.');

export const bioField = z.string().max(BIO_MAX_LENGTH, `Bio cannot exceed ${BIO_MAX_LENGTH} characters`).default('').transform(withLines);

export const newPasswordField = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .max(200, 'Password cannot exceed 200 characters')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number');

/** Reset password form (product §5): the rules, and the confirmation matching. */
export const resetPasswordSchema = z
  .object({ token: z.string().min(1), password: newPasswordField, confirmPassword: z.string({ error: 'Passwords do not match' }) })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: 'Passwords do not match',
  });

/** The sign-in page's forms (product §2, /auth): the e-mail step, the code step, the password login. */
export const emailSchema = z.object({ email: emailField });
export const codeSchema = z.object({ code: codeField });
export const passwordSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password'),
});

/** The forgot-password form (product §5). */
export const forgotPasswordSchema = z.object({ email: emailField });

/** The profile's forms (product §2, /profile Settings). */
export const usernameSchema = z.object({ username: usernameField });
export const bioSchema = z.object({ bio: bioField });
export const emailChangeSchema = z.object({ email: emailField });
/** The e-mail switches: an unticked checkbox is not sent, so a missing one is off. */
export const emailPreferencesSchema = z.object({
  notifications: z.boolean().default(false),
  weeklyDigest: z.boolean().default(false),
  marketing: z.boolean().default(false),
});
export type ProfileAction =
  'username' | 'bio' | 'avatar' | 'email' | 'password-link' | 'email-preferences' | 'deletion-code' | 'delete-account';

export const BUILD_TITLE_MAX_LENGTH = 100;

/** A build's description: optional, Markdown-lite, blank means none. */
export const buildDescriptionField = z
  .string()
  .overwrite(withLines)
  .max(DESCRIPTION_MAX_LENGTH, `Description cannot exceed ${DESCRIPTION_MAX_LENGTH} characters`)
  .optional()
  .transform((value) => value || null);

/** A build's tags from the curated list, at most five; none is fine. */
export const buildTagsField = z
  .array(z.enum(BUILD_TAG_SLUGS, { error: 'Choose tags from the list' }))
  .max(MAX_BUILD_TAGS, `Choose at most ${MAX_BUILD_TAGS} tags`)
  .optional()
  .transform((tags) => [...new Set(tags ?? [])]);

/** The upload form's title (product §5): required and not blank. */
export const buildTitleField = z
  .string({ error: 'Title is required' })
  .overwrite(oneLine)
  .min(1, 'Title is required')
  .max(BUILD_TITLE_MAX_LENGTH, `Title cannot exceed ${BUILD_TITLE_MAX_LENGTH} characters`);

/** What a build's photo may be: the formats the image pipeline reads (images/sharp.server's signatureFormat). */
export const BUILD_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * A build's photo (product §5), as the browser declares it: checked before it is sent,
 * and again by the action; the image pipeline then reads what the bytes really are.
 */
export const buildPhotoField = z
  .file({ error: 'File type must be an image' })
  .mime(BUILD_PHOTO_TYPES, 'File type must be an image')
  .max(UPLOAD_MAX_BYTES, fileTooLargeMessage(UPLOAD_MAX_BYTES));

/** How hard the roast goes: Medium when the form or call does not say. */
export const roastIntensityField = z
  .enum(ROAST_INTENSITIES, { error: 'Choose Gentle, Medium or Savage' })
  .optional()
  .transform((intensity) => intensity ?? DEFAULT_ROAST_INTENSITY);

/** The owner's "Get a fresh roast", with the intensity they choose for it. */
export const freshRoastSchema = z.object({ roastIntensity: roastIntensityField });

/**
 * A further photo's refusal, naming it: several are chosen in one field, and a
 * browser that shows the form again has forgotten them, so the message says which.
 */
export function aboutPhoto(file: File, message: string): string {
  const size = file.size > UPLOAD_MAX_BYTES ? ` (${formatByteLimit(file.size)})` : '';
  return `${file.name}${size}: ${message}`;
}

/**
 * The further photos sent with a new build: each a build's photo, at most four;
 * none is fine. A refused one is told on the field itself, by name, where the
 * visitor chose it (Conform shows a field's own messages, not its items').
 */
export const extraPhotosField = z
  .array(z.unknown())
  .max(MAX_EXTRA_PHOTOS, `Choose at most ${MAX_EXTRA_PHOTOS} more photos`)
  .optional()
  .transform((photos, context) => {
    const files: File[] = [];
    for (const photo of photos ?? []) {
      const checked = buildPhotoField.safeParse(photo);
      if (checked.success) files.push(checked.data);
      else {
        const message = checked.error.issues[0]?.message ?? 'File type must be an image';
        context.addIssue({ code: 'custom', message: photo instanceof File ? aboutPhoto(photo, message) : message });
      }
    }
    return files;
  });

/**
 * The upload page's form: the title, the photo unless one is already waiting (a
 * pending upload), and optionally a description, tags and up to four more photos.
 */
/** The empty part rows the glow-up form offers after the earlier build's parts, for the ones added. */
export const GLOW_UP_BLANK_PARTS = 3;

/**
 * The earlier build a glow-up follows (decision 028): its id as every link writes it
 * (positiveInt), or none for a build of its own.
 */
export const glowUpOfField = z
  .string({ error: 'That build does not exist' })
  .optional()
  .transform((value, context) => {
    if (value === undefined) return null;
    const id = positiveInt(value);
    if (id === null) {
      context.addIssue({ code: 'custom', message: 'That build does not exist' });
      return z.NEVER;
    }
    return id;
  });

/**
 * A glow-up's parts list as the upload form sends it, a row per part: the earlier
 * build's confirmed parts to keep, change or clear, and empty rows to add to. A row
 * without a name is no part.
 */
export const glowUpPartsField = z
  .array(
    z.object({
      category: z.enum(PART_CATEGORIES, { error: 'Choose a category' }),
      name: z.string().overwrite(oneLine).max(PART_NAME_MAX, `Part name cannot exceed ${PART_NAME_MAX} characters`).optional(),
    }),
  )
  .max(MAX_BUILD_PARTS + GLOW_UP_BLANK_PARTS, `A build lists at most ${MAX_BUILD_PARTS} parts`)
  .optional()
  .transform((rows) => (rows ?? []).flatMap(({ category, name }) => (name ? [{ category, name }] : [])))
  .pipe(
    z
      .array(z.object({ category: z.enum(PART_CATEGORIES), name: z.string() }))
      .max(MAX_BUILD_PARTS, `A build lists at most ${MAX_BUILD_PARTS} parts`),
  );

export const uploadSchema = z.object({
  title: buildTitleField,
  roastIntensity: roastIntensityField,
  image: buildPhotoField.optional(),
  description: buildDescriptionField,
  tags: buildTagsField,
  photos: extraPhotosField,
  glowUpOf: glowUpOfField,
  parts: glowUpPartsField,
});

/** The owner's description and tags of a build (the edit page; the upload form sends them too). */
export const buildDetailsSchema = z.object({ description: buildDescriptionField, tags: buildTagsField });

/** A part the owner adds or corrects: its category and its name. */
export const partSchema = z.object({
  category: z.enum(PART_CATEGORIES, { error: 'Choose a category' }),
  name: z
    .string({ error: 'Part name is required' })
    .overwrite(oneLine)
    .min(1, 'Part name is required')
    .max(PART_NAME_MAX, `Part name cannot exceed ${PART_NAME_MAX} characters`),
});

/**
 * The owner's alt text for one photo of their build: `photo` is "main" or the extra
 * photo's id, `alt` what a screen reader says of it.
 */
export const photoAltSchema = z.object({
  photo: z.union([z.literal('main'), z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)], { error: 'Choose a photo' }),
  alt: z
    .string({ error: 'Describe the photo in a few words' })
    .overwrite(oneLine)
    .min(1, 'Describe the photo in a few words')
    .max(PHOTO_ALT_MAX_LENGTH, `A photo description cannot exceed ${PHOTO_ALT_MAX_LENGTH} characters`),
});

/** A comment or reply (product §5: "Comment cannot be empty"). */
export const commentSchema = z.object({
  content: z
    .string({ error: 'Comment cannot be empty' })
    .overwrite(withLines)
    .min(1, 'Comment cannot be empty')
    .max(COMMENT_MAX_LENGTH, `Comment cannot exceed ${COMMENT_MAX_LENGTH} characters`),
  parentCommentId: z.coerce.number().int().positive().optional(),
});

/** A competition's whole UTC days, `YYYY-MM-DD`, as its window: from the start of the first to the end of the last. */
export function competitionDays(startDate: string, endDate: string): { startDate: Date; endDate: Date } {
  return { startDate: new Date(`${startDate}T00:00:00Z`), endDate: new Date(Date.parse(`${endDate}T00:00:00Z`) + DAY_MS - 1) };
}
const isoDay = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${label} must be a date`);

/** A required text of an admin's or a member's form: line breaks kept, what hides text removed (domain/member-text). */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(withLines)
    .min(1, `${label} is required`)
    .max(max, `${label} cannot exceed ${max} characters`);

/**
 * An admin's competition (product §3): dates are whole UTC days, from the start of
 * the first to the end of the last; prizes are one per line.
 */
export const competitionSchema = z
  .object({
    title: requiredText('Title', 100),
    theme: requiredText('Theme', 100),
    description: requiredText('Description', 2000),
    rules: z.string().trim().max(4000, 'Rules cannot exceed 4000 characters').optional(),
    prizes: z.string().trim().max(2000, 'Prizes cannot exceed 2000 characters').optional(),
    startDate: isoDay('Start date'),
    endDate: isoDay('End date'),
    series: z.string().trim().max(100, 'Series cannot exceed 100 characters').optional(),
    jurors: z.string().trim().max(1000, 'Jurors cannot exceed 1000 characters').optional(),
    badge: z.instanceof(File).optional(),
    removeBadge: z.literal('on').optional(),
  })
  .refine((value) => value.endDate >= value.startDate, { path: ['endDate'], message: 'The end date must be on or after the start date' })
  .transform(({ startDate, endDate, prizes, rules, removeBadge, series, jurors, ...rest }) => ({
    ...rest,
    series: series || null,
    // Usernames separated by commas, spaces or lines.
    jurors: (jurors ?? '').split(/[\s,]+/).filter(Boolean),
    rules: rules ?? '',
    prizes: (prizes ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    ...competitionDays(startDate, endDate),
    removeBadge: removeBadge === 'on',
  }));

/** "Enter a build" on a competition's page: one of the member's own listed builds. */
export const competitionEntrySchema = z.object({
  buildId: z.coerce.number({ error: 'Choose one of your builds' }).int().positive('Choose one of your builds'),
});

const reasonField = requiredText('Reason', REASON_MAX_LENGTH);

/** Whether a suspension may end at `until`: later than now and at most SUSPENSION_MAX_DAYS ahead (else disable the member). */
export function suspensionEndProblem(until: Date, now = Date.now()): string | null {
  if (until.getTime() <= now) return 'The suspension must end in the future';
  if (until.getTime() > now + SUSPENSION_MAX_DAYS * DAY_MS)
    return `A suspension lasts at most ${SUSPENSION_MAX_DAYS} days: disable the member instead`;
  return null;
}

// Staff's measures on a member's staff page (/admin/users/:id); the admin API takes the same fields.
export const warnSchema = z.object({ message: requiredText('Message', WARNING_MAX_LENGTH) });
export const strikeSchema = z.object({
  reason: reasonField,
  days: z.coerce
    .number({ error: `Days must be a whole number from 1 to ${STRIKE_MAX_DAYS}` })
    .int(`Days must be a whole number from 1 to ${STRIKE_MAX_DAYS}`)
    .min(1, `Days must be a whole number from 1 to ${STRIKE_MAX_DAYS}`)
    .max(STRIKE_MAX_DAYS, `Days must be a whole number from 1 to ${STRIKE_MAX_DAYS}`)
    .default(STRIKE_DEFAULT_DAYS),
});
/** Suspended until the start (00:00 UTC) of the day chosen. */
export const suspendSchema = z.object({
  reason: reasonField,
  until: isoDay('End date')
    .transform((day) => new Date(`${day}T00:00:00Z`))
    .superRefine((until, context) => {
      const problem = suspensionEndProblem(until);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});
export const liftSuspensionSchema = z.object({ reason: reasonField });

/**
 * A member asks a moderator to look again at their suspension, or at one of their
 * strikes (`strikeId`), in their own words; the page's form and POST /api/user/appeals.
 */
export const appealSchema = z
  .object({
    about: z.enum(['suspension', 'strike'], { error: 'Say what to look at again: suspension or strike' }),
    strikeId: z.coerce.number({ error: 'strikeId must be the id of one of your strikes' }).int().positive().optional(),
    message: requiredText('Your message', APPEAL_MAX_LENGTH),
  })
  .refine((value) => value.about !== 'strike' || value.strikeId !== undefined, {
    path: ['strikeId'],
    message: 'Say which strike: strikeId',
  });

/** Staff's answer to an appeal, which the member reads; whether the measure stays is the button (or the API's `decision`). */
export const appealReplySchema = z.object({ reply: requiredText('Reply', REASON_MAX_LENGTH) });
export const noteSchema = z.object({ note: requiredText('Note', NOTE_MAX_LENGTH) });
