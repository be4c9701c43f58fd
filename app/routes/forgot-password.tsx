import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/forgot-password';
import { HoneypotField, isBotSubmission } from '~/components/honeypot';
import { buttonClass } from '~/components/ui/button';
import { FieldErrors } from '~/components/ui/field';
import { TextField } from '~/components/ui/text-field';
import { useZodForm } from '~/components/ui/use-zod-form';
import { requestPasswordReset } from '~/models/password-resets.server';
import { clientAddressOf } from '~/web/client-address.server';
import { rejectForm } from '~/web/reject-form.server';
import { pageMeta } from '~/utils/meta';
import { forgotPasswordSchema } from '~/utils/schemas';

export const meta = () => pageMeta('Forgot password', 'Request a link to reset your RigRoast password.');

export function loader({ url }: Route.LoaderArgs) {
  return { sent: url.searchParams.get('sent') === '1' };
}

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== 'success') return rejectForm(args, { result: submission.reply() });
  if (isBotSubmission(formData)) return redirect('/forgot-password?sent=1');
  const requested = await requestPasswordReset({ email: submission.value.email, ip: clientAddressOf(args.request) });
  if (!requested.ok) {
    return rejectForm(
      args,
      { result: submission.reply({ formErrors: [requested.message] }) },
      { status: 429, toast: { kind: 'error', title: 'Request Failed', description: requested.message } },
    );
  }
  return redirect('/forgot-password?sent=1');
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm('forgotPasswordSchema', { id: 'forgot-form', lastResult: actionData?.result });
  const busy = navigation.state === 'submitting';
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <h1 className="display text-center text-3xl">Forgot password</h1>
      <div className="panel mt-8 p-6 sm:p-8">
        {loaderData.sent ? (
          <div className="grid gap-4 text-center" role="status">
            <p className="text-lg font-bold">Check your email for reset instructions</p>
            <p className="text-sm text-muted">
              If an account uses that address, a link to reset your password is on its way. It works once, within an hour. Nothing there?
              Check your spam folder.
            </p>
            <Link to="/auth" className={`${buttonClass('primary', 'md')} mt-2`}>
              Back to Login
            </Link>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} noValidate className="relative grid gap-5">
            <p className="text-sm text-muted">Enter your account's e-mail address and we'll send you a reset link.</p>
            <HoneypotField />
            <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
            <FieldErrors id={form.errorId} errors={form.errors} />
            <button type="submit" className={buttonClass('hot', 'lg')} disabled={busy}>
              {busy ? 'Sending Reset Link...' : 'Send Reset Link'}
            </button>
            <Link to="/auth" className="text-center text-sm text-muted hover:text-ink">
              Back to Login
            </Link>
          </Form>
        )}
      </div>
    </div>
  );
}
