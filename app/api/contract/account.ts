import { z } from 'zod';
import { REVIEW_STATUSES } from '~/domain/builds';
import { buildSummarySchema, emailPreferencesSchema, messageSchema, type Operation, userSchema } from './common';
import { bioField, codeField, emailField, newPasswordField, usernameField } from '~/utils/schemas';

// Signing in, the member's own profile, and the e-mailed links (docs/product.md §7), with
// the forms' field rules and messages (product §5).

export const requestLoginCodeBody = z.object({ email: emailField });
export const verifyLoginCodeBody = z.object({ email: emailField, code: codeField });
export const usernameBody = z.object({ username: usernameField });
export const bioBody = z.object({ bio: bioField });
export const emailTokenBody = z.object({ token: z.string({ error: 'token is required' }) });
export const requestPasswordResetBody = z.object({ email: emailField });
const emailSwitch = (list: string) => z.boolean({ error: `${list} must be true or false` }).optional();
/** Any of the three switches; the ones left out stay as they are. */
export const emailPreferencesBody = z
  .strictObject(
    { notifications: emailSwitch('notifications'), weeklyDigest: emailSwitch('weeklyDigest'), marketing: emailSwitch('marketing') },
    { error: 'Only notifications, weeklyDigest and marketing can be set' },
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Send at least one of notifications, weeklyDigest and marketing',
  });
export const deleteAccountBody = z.object({ code: codeField });
export const resetPasswordBody = z.object({ token: z.string({ error: 'token is required' }), newPassword: newPasswordField });

/** One of the member's own builds: held, rejected and pending ones too, so it says which. */
export const ownBuildSchema = buildSummarySchema.extend({
  reviewStatus: z.enum(REVIEW_STATUSES).meta({ description: 'Only approved builds are listed for everyone' }),
});

export const accountOperations: Operation[] = [
  {
    method: 'post',
    path: '/api/request-login-code',
    summary: 'E-mails a 6-digit sign-in code (and a magic link); the same answer whether or not the address has an account',
    access: 'public',
    body: { type: 'json', schema: requestLoginCodeBody },
    response: { status: 200, description: 'Sent; the sign-in cookie for this browser is set', schema: messageSchema },
    errors: [400, 415, 429, 503],
  },
  {
    method: 'post',
    path: '/api/verify-login-code',
    summary: 'Signs in with the code (an unknown address gets a new account) and sets the session cookie',
    access: 'public',
    body: { type: 'json', schema: verifyLoginCodeBody },
    response: { status: 200, description: 'Signed in', schema: userSchema.pick({ id: true, username: true, isAdmin: true }) },
    errors: [400, 403, 415, 429],
  },
  {
    method: 'post',
    path: '/api/user/username',
    summary: 'Renames the member; error username_taken (409) when another member has the name, whatever its case',
    access: 'member',
    body: { type: 'json', schema: usernameBody },
    response: { status: 200, description: 'The name now in use', schema: z.object({ username: z.string() }) },
    errors: [400, 401, 409, 415],
  },
  {
    method: 'post',
    path: '/api/user/bio',
    summary: "Sets the member's bio",
    access: 'member',
    body: { type: 'json', schema: bioBody },
    response: { status: 200, description: 'The bio as saved (trimmed)', schema: z.object({ bio: z.string() }) },
    errors: [400, 401, 415],
  },
  {
    method: 'post',
    path: '/api/user/email-preferences',
    summary:
      "Turns the member's e-mail lists on or off; lists left out of the body keep their setting. marketing: true is the member's opt-in to news, recorded with its date",
    access: 'member',
    body: { type: 'json', schema: emailPreferencesBody },
    response: { status: 200, description: 'The preferences now in force', schema: emailPreferencesSchema },
    errors: [400, 401, 415],
  },
  {
    method: 'post',
    path: '/api/user/avatar',
    summary: "Sets the member's avatar: JPEG, PNG or WebP under 10 MB and 40 megapixels, stored as a 256×256 WebP",
    access: 'member',
    body: { type: 'multipart', schema: z.object({ avatar: z.file() }) },
    response: { status: 200, description: 'The new avatar', schema: z.object({ avatarUrl: z.string() }) },
    errors: [400, 401, 413],
  },
  {
    method: 'get',
    path: '/api/user/builds',
    summary: "The member's builds, newest first, whatever their review status",
    access: 'member',
    response: { status: 200, description: 'The builds', schema: z.array(ownBuildSchema) },
    errors: [401],
  },
  {
    method: 'get',
    path: '/api/user/export',
    summary:
      "Downloads the member's data as a ZIP: profile.json (profile, e-mail settings, level and achievements), avatar.webp, builds/{id}/build.json with each build's photos (the largest JPEG kept) and their descriptions, comments.json and ratings.json. At most 5 an hour, one at a time",
    access: 'member',
    response: {
      status: 200,
      description: 'The archive, streamed',
      schema: z.string().meta({ format: 'binary' }),
      contentType: 'application/zip',
    },
    errors: [401, 429, 503],
  },
  {
    method: 'post',
    path: '/api/user/deletion-code',
    summary:
      "E-mails the member a 6-digit code that confirms deleting their account (valid 15 minutes); error 409 for the site's only admin",
    access: 'member',
    response: { status: 200, description: 'Sent', schema: messageSchema },
    errors: [401, 409, 429, 503],
  },
  {
    method: 'post',
    path: '/api/user/delete',
    summary:
      'Deletes the account with the e-mailed code: builds and photos, ratings (out of every score), comments kept as "[deleted]" where others replied; ends every session',
    access: 'member',
    body: { type: 'json', schema: deleteAccountBody },
    response: { status: 200, description: 'Deleted; the session cookie is cleared', schema: messageSchema },
    errors: [400, 401, 409, 415, 429],
  },
  {
    method: 'get',
    path: '/api/verify-email',
    summary: 'Checks an e-mail change link without using it; POST the token to confirm the new address',
    access: 'public',
    query: z.object({ token: z.string().optional() }),
    response: { status: 200, description: 'The link can confirm the address', schema: messageSchema },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/verify-email',
    summary: 'Confirms the new e-mail address the link was mailed to; the link then stops working',
    access: 'public',
    body: { type: 'json', schema: emailTokenBody },
    response: { status: 200, description: 'The address changed', schema: messageSchema },
    errors: [400, 415],
  },
  {
    method: 'post',
    path: '/api/request-password-reset',
    summary: 'E-mails a password reset link to the address if it has an account',
    access: 'public',
    body: { type: 'json', schema: requestPasswordResetBody },
    response: {
      status: 200,
      description: 'Done',
      schema: z.object({
        resetEmailSent: z
          .boolean()
          .meta({ description: 'Always true: whether the address has an account, and so whether a mail went out, is never revealed' }),
      }),
    },
    errors: [400, 415, 429],
  },
  {
    method: 'post',
    path: '/api/reset-password',
    summary: "Sets a new password with the reset link's token and signs the member out everywhere",
    access: 'public',
    body: { type: 'json', schema: resetPasswordBody },
    response: { status: 200, description: 'The password changed', schema: messageSchema },
    errors: [400, 415, 429],
  },
];
