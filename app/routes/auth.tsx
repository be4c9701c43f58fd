import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/auth';
import { HoneypotField, isBotSubmission } from '~/components/honeypot';
import { buttonClass } from '~/components/ui/button';
import { FieldErrors, TextField } from '~/components/ui/field';
import { useZodForm } from '~/components/ui/use-zod-form';
import { authenticate, readAuthFlow, sendLoginCode } from '~/web/auth.server';
import { requireAnonymous } from '~/web/session.server';
import { completeSignIn } from '~/web/sign-in.server';
import { dataWithToast, redirectWithToast } from '~/web/toast.server';
import { LOGIN_CODE_DIGITS } from '~/utils/constants';
import { pageMeta } from '~/utils/meta';
import { safeRedirect } from '~/utils/redirects';
import { codeField, emailField } from '~/utils/schemas';

export const emailSchema = z.object({ email: emailField });
export const codeSchema = z.object({ code: codeField });
export const passwordSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password'),
});

type Tab = 'login' | 'register';

function authUrl({ tab, step, method, redirectTo }: { tab: Tab; step?: 'code'; method?: 'password'; redirectTo: string }) {
  const params = new URLSearchParams();
  if (tab === 'register') params.set('tab', tab);
  if (step) params.set('step', step);
  if (method) params.set('method', method);
  if (redirectTo) params.set('redirectTo', redirectTo);
  return params.size ? `/auth?${params}` : '/auth';
}

export const meta = () => pageMeta('Log in or register', 'Sign in to RigRoast with your e-mail address and a 6-digit code.');

export async function loader(args: Route.LoaderArgs) {
  requireAnonymous(args);
  const { url, request } = args;
  const flow = await readAuthFlow(request);
  const step = url.searchParams.get('step') === 'code' && flow ? 'code' : 'email';
  return {
    tab: (url.searchParams.get('tab') === 'register' ? 'register' : 'login') as Tab,
    method: url.searchParams.get('method') === 'password' ? ('password' as const) : ('code' as const),
    step,
    email: step === 'code' ? flow?.email : undefined,
    redirectTo: safeRedirect(url.searchParams.get('redirectTo'), ''),
  };
}

type Intent = 'request-code' | 'resend' | 'verify' | 'password';
type ActionResult = { intent: Intent; result: SubmissionResult<string[]> };

export async function action(args: Route.ActionArgs) {
  requireAnonymous(args);
  const { request } = args;
  const formData = await request.clone().formData();
  const intent = String(formData.get('intent')) as Intent;
  const tab: Tab = formData.get('tab') === 'register' ? 'register' : 'login';
  const redirectTo = safeRedirect(formData.get('redirectTo'), '');
  const reply = (result: SubmissionResult<string[]>): ActionResult => ({ intent, result });

  const codeSentOrError = async (
    sent: Awaited<ReturnType<typeof sendLoginCode>>,
    result: (message: string) => SubmissionResult<string[]>,
  ) => {
    if (!sent.ok) {
      return dataWithToast(
        args,
        reply(result(sent.message)),
        { kind: 'error', title: 'Failed to send verification code', description: sent.message },
        { status: 429 },
      );
    }
    return redirectWithToast(
      authUrl({ tab, step: 'code', redirectTo }),
      { title: 'Verification code sent', description: 'Please check your email for a 6-digit login code' },
      { headers: { 'Set-Cookie': sent.setCookie } },
    );
  };

  switch (intent) {
    case 'request-code': {
      const submission = parseWithZod(formData, { schema: emailSchema });
      if (submission.status !== 'success') return dataWithToast(args, reply(submission.reply()), invalidToast, { status: 400 });
      // A bot filled the hidden field: it is told nothing and nothing is sent.
      if (isBotSubmission(formData)) return redirect(authUrl({ tab, redirectTo }));
      const previous = await readAuthFlow(request);
      const sent = await sendLoginCode(request, { email: submission.value.email, tab, previous });
      return codeSentOrError(sent, (message) => submission.reply({ formErrors: [message] }));
    }
    case 'resend': {
      const flow = await readAuthFlow(request);
      if (!flow) return redirect(authUrl({ tab, redirectTo }));
      const sent = await sendLoginCode(request, { email: flow.email, tab: flow.tab, previous: flow });
      return codeSentOrError(sent, (message) => ({ status: 'error', error: { '': [message] } }));
    }
    case 'verify': {
      const submission = parseWithZod(formData, { schema: codeSchema });
      if (submission.status !== 'success') return dataWithToast(args, reply(submission.reply()), invalidToast, { status: 400 });
      const outcome = await authenticate('email-code', request);
      if ('error' in outcome) {
        return dataWithToast(
          args,
          reply(submission.reply({ fieldErrors: { code: [outcome.error] }, hideFields: ['code'] })),
          { kind: 'error', title: 'Verification failed', description: outcome.error },
          { status: 400 },
        );
      }
      return completeSignIn(request, outcome.user, redirectTo);
    }
    case 'password': {
      const submission = parseWithZod(formData, { schema: passwordSchema });
      if (submission.status !== 'success') return dataWithToast(args, reply(submission.reply()), invalidToast, { status: 400 });
      const outcome = await authenticate('password', request);
      if ('error' in outcome) {
        return dataWithToast(
          args,
          reply(submission.reply({ formErrors: [outcome.error], hideFields: ['password'] })),
          { kind: 'error', title: 'Login failed', description: outcome.error },
          { status: 400 },
        );
      }
      return completeSignIn(request, outcome.user, redirectTo);
    }
    default:
      throw new Response('Unknown action', { status: 400 });
  }
}

const invalidToast = { kind: 'error', title: 'Please check the form', description: 'Some fields need your attention.' } as const;


export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, step, method, email, redirectTo } = loaderData;
  const tabLink = (to: Tab) => authUrl({ tab: to, redirectTo });
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="display text-center text-3xl sm:text-4xl">
        {tab === 'login' ? 'Log in' : 'Join'} <span className="text-gradient">RigRoast</span>
      </h1>
      <nav aria-label="Log in or register" className="mt-8 grid grid-cols-2 gap-1 rounded-xl border border-line bg-panel p-1">
        {(['login', 'register'] as const).map((name) => (
          <Link
            key={name}
            to={tabLink(name)}
            replace
            aria-current={tab === name ? 'page' : undefined}
            className={`rounded-lg py-2.5 text-center text-sm font-bold uppercase tracking-wide ${
              tab === name ? 'bg-neon-cyan text-void' : 'text-muted hover:text-ink'
            }`}
          >
            {name === 'login' ? 'Login' : 'Register'}
          </Link>
        ))}
      </nav>
      <div className="panel mt-4 p-6 sm:p-8">
        {step === 'code' && email ? (
          <CodeStep tab={tab} email={email} redirectTo={redirectTo} actionData={actionData} />
        ) : method === 'password' && tab === 'login' ? (
          <PasswordStep redirectTo={redirectTo} actionData={actionData} />
        ) : (
          <EmailStep tab={tab} redirectTo={redirectTo} actionData={actionData} />
        )}
      </div>
      <p className="mt-6 text-center">
        <Link to="/" className="text-sm text-muted underline-offset-4 hover:text-ink hover:underline">
          Back to Home
        </Link>
      </p>
    </div>
  );
}

type StepProps = { redirectTo: string; actionData: ActionResult | undefined };

function resultFor(actionData: ActionResult | undefined, ...intents: Intent[]) {
  return actionData && intents.includes(actionData.intent) ? actionData.result : undefined;
}

function useBusy(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

function EmailStep({ tab, redirectTo, actionData }: StepProps & { tab: Tab }) {
  const [form, fields] = useZodForm(emailSchema, { id: 'email-form', lastResult: resultFor(actionData, 'request-code') });
  const busy = useBusy('request-code');
  return (
    <>
      <h2 className="text-xl font-bold">{tab === 'login' ? 'Welcome back' : 'Create your account'}</h2>
      <p className="mt-1 text-sm text-muted">
        {tab === 'login'
          ? "Enter your e-mail address and we'll send you a 6-digit code."
          : "No password needed: we'll e-mail you a 6-digit code to confirm it's you."}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="relative mt-6 grid gap-5">
        <HoneypotField />
        <input type="hidden" name="tab" value={tab} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
        <FieldErrors id={form.errorId} errors={form.errors} />
        <button type="submit" name="intent" value="request-code" className={buttonClass('hot', 'lg')} disabled={busy}>
          {busy ? 'Sending code...' : 'Send code'}
        </button>
      </Form>
      {tab === 'login' ? (
        <p className="mt-5 text-center text-sm">
          <Link
            to={authUrl({ tab, method: 'password', redirectTo })}
            replace
            className="text-neon-cyan underline-offset-4 hover:underline"
          >
            Use a password instead
          </Link>
        </p>
      ) : null}
    </>
  );
}

function CodeStep({ tab, email, redirectTo, actionData }: StepProps & { tab: Tab; email: string }) {
  const [form, fields] = useZodForm(codeSchema, {
    id: 'code-form',
    lastResult: resultFor(actionData, 'verify'),
    shouldValidate: 'onSubmit',
  });
  const resendResult = resultFor(actionData, 'resend');
  const resendErrors = resendResult?.error?.[''] ?? undefined;
  const verifying = useBusy('verify');
  const resending = useBusy('resend');
  return (
    <>
      <h2 className="text-xl font-bold">Check your inbox</h2>
      <p className="mt-1 text-sm text-muted">
        We sent a 6-digit code to <strong className="break-words text-ink">{email}</strong>. It expires in 15 minutes.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 grid gap-5">
        <input type="hidden" name="tab" value={tab} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          field={fields.code}
          label="Verification code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LOGIN_CODE_DIGITS}
          placeholder="123456"
          className="text-center font-mono text-2xl tracking-[0.5em]"
        />
        <button type="submit" name="intent" value="verify" className={buttonClass('hot', 'lg')} disabled={verifying}>
          {verifying ? 'Verifying...' : tab === 'login' ? 'Verify and Login' : 'Verify and Continue'}
        </button>
      </Form>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Link to={authUrl({ tab, redirectTo })} replace className="text-muted underline-offset-4 hover:text-ink hover:underline">
          Back to email entry
        </Link>
        <Form method="post">
          <input type="hidden" name="tab" value={tab} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            name="intent"
            value="resend"
            disabled={resending}
            className="text-neon-cyan underline-offset-4 hover:underline disabled:opacity-60"
          >
            {resending ? 'Sending...' : 'Resend verification code'}
          </button>
        </Form>
      </div>
      <FieldErrors id="resend-error" errors={resendErrors} />
    </>
  );
}

function PasswordStep({ redirectTo, actionData }: StepProps) {
  const [form, fields] = useZodForm(passwordSchema, { id: 'password-form', lastResult: resultFor(actionData, 'password') });
  const busy = useBusy('password');
  return (
    <>
      <h2 className="text-xl font-bold">Log in with your password</h2>
      <p className="mt-1 text-sm text-muted">For members who set a password through a reset link.</p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 grid gap-5">
        <input type="hidden" name="tab" value="login" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <FieldErrors id={form.errorId} errors={form.errors} />
        <button type="submit" name="intent" value="password" className={buttonClass('hot', 'lg')} disabled={busy}>
          {busy ? 'Logging in...' : 'Log in'}
        </button>
      </Form>
      <div className="mt-5 flex flex-wrap justify-between gap-3 text-sm">
        <Link to={authUrl({ tab: 'login', redirectTo })} replace className="text-neon-cyan underline-offset-4 hover:underline">
          Use an e-mail code instead
        </Link>
        <Link to="/forgot-password" className="text-muted underline-offset-4 hover:text-ink hover:underline">
          Forgot your password?
        </Link>
      </div>
    </>
  );
}
