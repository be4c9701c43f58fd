import { getFormProps } from '@conform-to/react';
import { Form, Link, useNavigation } from 'react-router';
import type { ActionResult } from './actions.server';
import { authUrl, type Intent, type Tab } from './auth-url';
import { HoneypotField } from '~/components/honeypot';
import { buttonClass } from '~/components/ui/button';
import { FieldErrors } from '~/components/ui/field';
import { TextField } from '~/components/ui/text-field';
import { useZodForm } from '~/components/ui/use-zod-form';
import { LOGIN_CODE_DIGITS } from '~/utils/constants';

// The sign-in page's three forms: e-mail for a code, the code, or e-mail and password.

type StepProps = { redirectTo: string; actionData: ActionResult | undefined };

function resultFor(actionData: ActionResult | undefined, ...intents: Intent[]) {
  return actionData && intents.includes(actionData.intent) ? actionData.result : undefined;
}

function useBusy(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

export function EmailStep({ tab, redirectTo, actionData }: StepProps & { tab: Tab }) {
  const [form, fields] = useZodForm('emailSchema', { id: 'email-form', lastResult: resultFor(actionData, 'request-code') });
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
          <Link to={authUrl({ tab, method: 'password', redirectTo })} replace className="text-neon-cyan underline-offset-4 hover:underline">
            Use a password instead
          </Link>
        </p>
      ) : null}
    </>
  );
}

export function CodeStep({ tab, email, redirectTo, actionData }: StepProps & { tab: Tab; email: string }) {
  const [form, fields] = useZodForm('codeSchema', {
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
        We sent a 6-digit code to <strong className="text-ink">{email}</strong>. It expires in 15 minutes.
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

export function PasswordStep({ redirectTo, actionData }: StepProps) {
  const [form, fields] = useZodForm('passwordSchema', { id: 'password-form', lastResult: resultFor(actionData, 'password') });
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
