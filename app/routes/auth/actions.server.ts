import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { redirect } from 'react-router';
import type { Route } from './+types/route';
import { authUrl, type Intent, type Tab } from './auth-url';
import { isBotSubmission } from '~/components/honeypot';
import { authenticate, readAuthFlow, sendLoginCode } from '~/web/auth.server';
import { rejectForm } from '~/web/reject-form.server';
import { completeSignIn } from '~/web/sign-in.server';
import { redirectWithToast } from '~/web/toast.server';
import { codeSchema, emailSchema, passwordSchema } from '~/utils/schemas';

export type ActionResult = { intent: Intent; result: SubmissionResult<string[]> };

/** What every intent reads from the posted form. */
export type Posted = { args: Route.ActionArgs; formData: FormData; tab: Tab; redirectTo: string };

const invalidToast = { kind: 'error', title: 'Please check the form', description: 'Some fields need your attention.' } as const;

const reply = (intent: Intent, result: SubmissionResult<string[]>): ActionResult => ({ intent, result });

/** On to the code step once the code is on its way; the form's message and a 429 when it may not be sent. */
function codeSentOrError(
  { args, tab, redirectTo }: Posted,
  intent: Intent,
  sent: Awaited<ReturnType<typeof sendLoginCode>>,
  result: (message: string) => SubmissionResult<string[]>,
) {
  if (!sent.ok) {
    return rejectForm(args, reply(intent, result(sent.message)), {
      status: 429,
      toast: { kind: 'error', title: 'Failed to send verification code', description: sent.message },
    });
  }
  return redirectWithToast(
    authUrl({ tab, step: 'code', redirectTo }),
    { title: 'Verification code sent', description: 'Please check your email for a 6-digit login code' },
    { headers: { 'Set-Cookie': sent.setCookie } },
  );
}

export async function requestCode(posted: Posted) {
  const { args, formData, tab, redirectTo } = posted;
  const submission = parseWithZod(formData, { schema: emailSchema });
  if (submission.status !== 'success') return rejectForm(args, reply('request-code', submission.reply()), { toast: invalidToast });
  // A bot filled the hidden field: it is told nothing and nothing is sent.
  if (isBotSubmission(formData)) return redirect(authUrl({ tab, redirectTo }));
  const previous = await readAuthFlow(args.request);
  const sent = await sendLoginCode(args.request, { email: submission.value.email, tab, previous });
  return codeSentOrError(posted, 'request-code', sent, (message) => submission.reply({ formErrors: [message] }));
}

export async function resend(posted: Posted) {
  const { args, tab, redirectTo } = posted;
  const flow = await readAuthFlow(args.request);
  if (!flow) return redirect(authUrl({ tab, redirectTo }));
  const sent = await sendLoginCode(args.request, { email: flow.email, tab: flow.tab, previous: flow });
  return codeSentOrError(posted, 'resend', sent, (message) => ({ status: 'error', error: { '': [message] } }));
}

export async function verify({ args, formData, redirectTo }: Posted) {
  const submission = parseWithZod(formData, { schema: codeSchema });
  if (submission.status !== 'success') return rejectForm(args, reply('verify', submission.reply()), { toast: invalidToast });
  const outcome = await authenticate('email-code', args.request);
  if ('error' in outcome) {
    return rejectForm(args, reply('verify', submission.reply({ fieldErrors: { code: [outcome.error] }, hideFields: ['code'] })), {
      toast: { kind: 'error', title: 'Verification failed', description: outcome.error },
    });
  }
  return completeSignIn(args.request, outcome.user, redirectTo);
}

export async function logInWithPassword({ args, formData, redirectTo }: Posted) {
  const submission = parseWithZod(formData, { schema: passwordSchema });
  if (submission.status !== 'success') return rejectForm(args, reply('password', submission.reply()), { toast: invalidToast });
  const outcome = await authenticate('password', args.request);
  if ('error' in outcome) {
    return rejectForm(args, reply('password', submission.reply({ formErrors: [outcome.error], hideFields: ['password'] })), {
      toast: { kind: 'error', title: 'Login failed', description: outcome.error },
    });
  }
  return completeSignIn(args.request, outcome.user, redirectTo);
}
