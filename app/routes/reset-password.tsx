import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/reset-password';
import { buttonClass } from '~/components/ui/button';
import { TextField } from '~/components/ui/text-field';
import { useZodForm } from '~/components/ui/use-zod-form';
import { resetPassword } from '~/models/password-resets.server';
import { findUserToken } from '~/models/user-tokens.server';
import { clientAddressOf } from '~/web/client-address.server';
import { rejectForm } from '~/web/reject-form.server';
import { redirectWithToast } from '~/web/toast.server';
import { pageMeta } from '~/utils/meta';
import { resetPasswordSchema } from '~/utils/schemas';

export const meta = () => pageMeta('Reset password', 'Choose a new password for your RigRoast account.');

export function loader({ url }: Route.LoaderArgs) {
  if (url.searchParams.get('done') === '1') return { state: 'done' as const, token: '' };
  const token = url.searchParams.get('token') ?? '';
  return { state: token && findUserToken(token, 'reset_password') ? ('form' as const) : ('invalid' as const), token };
}

export async function action(args: Route.ActionArgs) {
  const submission = parseWithZod(await args.request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== 'success') {
    return rejectForm(args, { result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) });
  }
  const reset = await resetPassword({
    token: submission.value.token,
    password: submission.value.password,
    ip: clientAddressOf(args.request),
  });
  if (!reset.ok) {
    return rejectForm(
      args,
      { result: submission.reply({ formErrors: [reset.message], hideFields: ['password', 'confirmPassword'] }) },
      {
        status: reset.reason === 'limited' ? 429 : 400,
        toast: { kind: 'error', title: 'Password Reset Failed', description: reset.message },
      },
    );
  }
  return redirectWithToast('/reset-password?done=1', { title: 'Password Reset Successful' });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <h1 className="display text-center text-3xl">Reset password</h1>
      <div className="panel mt-8 p-6 sm:p-8">
        {loaderData.state === 'done' ? (
          <div className="grid gap-4 text-center" role="status">
            <p className="text-lg font-bold">Password Reset Successful</p>
            <p className="text-sm text-muted">Your new password is set. Log in with it, or with an e-mailed code.</p>
            <Link to="/auth?method=password" className={`${buttonClass('primary', 'md')} mt-2`}>
              Go to Login
            </Link>
          </div>
        ) : loaderData.state === 'invalid' ? (
          <div className="grid gap-4 text-center" role="alert">
            <p className="text-lg font-bold">Invalid Reset Link</p>
            <p className="text-sm text-muted">The password reset link is invalid or expired. Please request a new one.</p>
            <Link to="/forgot-password" className={`${buttonClass('primary', 'md')} mt-2`}>
              Request a new link
            </Link>
          </div>
        ) : (
          <ResetForm token={loaderData.token} result={actionData?.result} />
        )}
      </div>
    </div>
  );
}

function ResetForm({ token, result }: { token: string; result?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm('resetPasswordSchema', { id: 'reset-form', lastResult: result });
  const busy = navigation.state === 'submitting';
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5">
      <input type="hidden" name="token" value={token} />
      <TextField
        field={fields.password}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
      />
      <TextField field={fields.confirmPassword} label="Confirm password" type="password" autoComplete="new-password" />
      {form.errors?.length ? (
        <p role="alert" className="text-sm text-danger">
          {form.errors[0]}{' '}
          <Link to="/forgot-password" className="underline">
            Request a new link
          </Link>
        </p>
      ) : null}
      <button type="submit" className={buttonClass('hot', 'lg')} disabled={busy}>
        {busy ? 'Resetting...' : 'Reset Password'}
      </button>
    </Form>
  );
}
