import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { redirect } from 'react-router';
import type { Route } from './+types/route';
import { deleteOwnAccount, requestAccountDeletion } from '~/models/account-deletion.server';
import { mailPasswordResetLink } from '~/models/password-resets.server';
import { consumeRateLimit } from '~/models/rate-limits.server';
import { requestEmailChange } from '~/models/email-changes.server';
import { updateEmailPreferences } from '~/models/email-preferences.server';
import { changeBio, changeUsername, replaceAvatar } from '~/models/users.server';
import { type CurrentUser } from '~/domain/users';
import { AvatarError } from '~/images/avatars.server';
import { clientAddressOf } from '~/web/client-address.server';
import { rejectForm } from '~/web/reject-form.server';
import { endSession, redirectToUsernameRetry } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { waitText } from '~/utils/dates';
import { safeRedirect } from '~/utils/redirects';
import { bioSchema, codeSchema, emailChangeSchema, emailPreferencesSchema, type ProfileAction, usernameSchema } from '~/utils/schemas';
import { atPlace, PLACES } from '~/utils/places';

// The profile's intents; each redirects back with a toast, or answers the page with the form's message.

const SETTINGS = '/profile?tab=settings';

/** The toast's title for each refused intent: what did not happen. */
const FAILED_TITLE: Record<ProfileAction, string> = {
  username: 'Failed to update username',
  bio: 'Update failed',
  avatar: 'Update failed',
  email: 'Update failed',
  'email-preferences': 'Update failed',
  'password-link': 'E-mail not sent',
  'deletion-code': 'Code not sent',
  'delete-account': 'Account not deleted',
};

/** A refused change: the message for the settings form it came from, and a toast. */
export function failed(
  args: Route.ActionArgs,
  intent: ProfileAction,
  message: string,
  status: number,
  result?: SubmissionResult<string[]>,
) {
  const title = FAILED_TITLE[intent];
  return rejectForm(args, { intent, error: message, result }, { status, toast: { kind: 'error', title, description: message } });
}

export function username(args: Route.ActionArgs, user: CurrentUser, formData: FormData) {
  const back = safeRedirect(formData.get('redirectTo'), SETTINGS);
  const fromDialog = formData.get('source') === 'username-dialog';
  // Saving an empty or unchanged name just leaves edit mode (docs/product.md §4), also
  // for a member whose name predates today's rules (e.g. a reserved one).
  // The dialog has no edit mode to leave: an empty name there is refused.
  const typed = String(formData.get('username') ?? '').trim();
  if ((typed === '' && !fromDialog) || typed === user.username) return redirect(back);
  const submission = parseWithZod(formData, { schema: usernameSchema });
  const outcome = submission.status === 'success' ? changeUsername(user.id, submission.value.username) : 'invalid';
  if (outcome === 'updated') return redirectWithToast(back, { title: 'Username updated' });
  if (outcome === 'unchanged') return redirect(back);
  const message =
    submission.status !== 'success'
      ? (submission.error?.username?.[0] ?? 'Failed to update username. Please try again.')
      : 'This username is already taken. Please choose another one.';
  if (fromDialog) return redirectToUsernameRetry(back, { username: typed, error: message });
  if (outcome === 'taken') return failed(args, 'username', message, 409, submission.reply({ fieldErrors: { username: [message] } }));
  return failed(args, 'username', message, 400, submission.reply());
}

export function bio(args: Route.ActionArgs, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: bioSchema });
  if (submission.status !== 'success') {
    return failed(args, 'bio', submission.error?.bio?.[0] ?? 'Bio is too long', 400, submission.reply());
  }
  changeBio(user.id, submission.value.bio);
  return redirectWithToast(SETTINGS, { title: 'Bio updated' });
}

export async function avatar(args: Route.ActionArgs, user: CurrentUser, formData: FormData) {
  try {
    await replaceAvatar(user.id, formData.get('avatar'));
  } catch (error) {
    if (!(error instanceof AvatarError)) throw error;
    return failed(args, 'avatar', error.message, 400);
  }
  return redirectWithToast('/profile', { title: 'Avatar updated' });
}

export async function email(args: Route.ActionArgs, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: emailChangeSchema });
  if (submission.status !== 'success') {
    return failed(args, 'email', submission.error?.email?.[0] ?? 'Please enter a valid email address', 400, submission.reply());
  }
  const address = submission.value.email;
  const requested = await requestEmailChange(user, address);
  if (!requested.ok) {
    if (requested.reason === 'unchanged') {
      return failed(args, 'email', requested.message, 400, submission.reply({ fieldErrors: { email: [requested.message] } }));
    }
    return failed(args, 'email', requested.message, requested.reason === 'limited' ? 429 : 503);
  }
  return redirectWithToast(SETTINGS, {
    title: 'Check your new inbox',
    description: `We sent a confirmation link to ${address}. Your address changes once you open it.`,
  });
}

export async function passwordLink(args: Route.ActionArgs, user: CurrentUser) {
  const limit = consumeRateLimit(RATE_LIMITS.accountMail.perMember, String(user.id));
  if (!limit.allowed) return failed(args, 'password-link', `Too many e-mails sent. Try again in ${waitText(limit.retryAfterMs)}.`, 429);
  if (!(await mailed(mailPasswordResetLink({ userId: user.id, email: user.email })))) {
    return failed(args, 'password-link', 'We could not send the e-mail. Please try again later.', 503);
  }
  return redirectWithToast(SETTINGS, {
    title: 'Check your email',
    description: 'We sent you a link to set your password. It works once, within an hour.',
  });
}

export function emailPreferences(args: Route.ActionArgs, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: emailPreferencesSchema });
  if (submission.status !== 'success')
    return failed(args, 'email-preferences', 'Please use the switches to choose.', 400, submission.reply());
  updateEmailPreferences(user.id, submission.value);
  return redirectWithToast(SETTINGS, { title: 'Email preferences updated' });
}

const DELETION_STATUS = { last_admin: 409, limited: 429, unsent: 503, invalid_code: 400 } as const;

/** The first step of deleting the account: a code to the member's address, then the settings ask for it. */
export async function deletionCode(args: Route.ActionArgs, user: CurrentUser) {
  const sent = await requestAccountDeletion(user, clientAddressOf(args.request));
  if (!sent.ok) return failed(args, 'deletion-code', sent.message, DELETION_STATUS[sent.reason]);
  return redirectWithToast(atPlace(`${SETTINGS}&delete=confirm`, PLACES.deleteAccount), {
    title: 'Check your email',
    description: `We sent a code to ${user.email}. Enter it below to delete your account.`,
  });
}

/** The second step: with the mailed code, the account goes, and so does this browser's session. */
export async function deleteAccount(args: Route.ActionArgs, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: codeSchema });
  if (submission.status !== 'success') {
    return failed(args, 'delete-account', submission.error?.code?.[0] ?? 'Enter the code from the e-mail', 400, submission.reply());
  }
  const deleted = await deleteOwnAccount(user, { code: submission.value.code, ip: clientAddressOf(args.request) });
  if (!deleted.ok) {
    const reply = submission.reply({ fieldErrors: { code: [deleted.message] } });
    return failed(args, 'delete-account', deleted.message, DELETION_STATUS[deleted.reason], reply);
  }
  return redirectWithToast(
    '/',
    { title: 'Your account was deleted', description: 'Your builds, photos and ratings are gone. Thanks for the roasts.' },
    { headers: { 'Set-Cookie': await endSession(args.request) } },
  );
}

/** Whether the mail went out; the mailer has logged why when it did not. */
async function mailed(sending: Promise<void>): Promise<boolean> {
  try {
    await sending;
    return true;
  } catch {
    return false;
  }
}
