import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { useMemo, useState } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { TextField } from '~/components/ui/text-field';
import { Modal } from '~/components/ui/modal';
import { useZodForm } from '~/components/ui/use-zod-form';
import { USERNAME_MAX_LENGTH } from '~/utils/constants';

/** A save the server refused: what was typed and why (see usernamePrompt). */
type Retry = { username: string; error: string };

/**
 * "Choose your username", shown once per session to members whose name was
 * generated (it ends in four digits). It posts to the profile's action. A name
 * the rules refuse keeps it open with the reason under the field: checked in the
 * browser with JavaScript, and otherwise the server sends the visitor back to
 * the same page with the dialog open again (`retry`).
 */
export function UsernameDialog({ username, retry }: { username: string; retry: Retry | null }) {
  const [open, setOpen] = useState(true);
  const fetcher = useFetcher();
  const location = useLocation();
  const here = location.pathname + location.search;
  // Conform applies a result once per object, so it is made again only for a new refusal.
  const lastResult = useMemo<SubmissionResult<string[]> | null>(
    () => (retry ? { status: 'error', initialValue: { username: retry.username }, error: { username: [retry.error] } } : null),
    [retry],
  );
  const [form, fields] = useZodForm('usernameSchema', { id: 'username-dialog', lastResult, shouldValidate: 'onSubmit' });
  if (!open) return null;
  const busy = fetcher.state !== 'idle';
  return (
    <Modal labelledBy="username-dialog-title" describedBy="username-dialog-text" onClose={() => setOpen(false)}>
      <fetcher.Form method="post" action="/profile" {...getFormProps(form)} noValidate className="grid gap-5 p-6 sm:p-7">
        <div>
          <h2 id="username-dialog-title" className="display text-2xl">
            Choose your username
          </h2>
          <p id="username-dialog-text" className="mt-2 text-sm text-muted">
            You're <strong className="text-ink">@{username}</strong> for now. Pick the name the community will know you by.
          </p>
        </div>
        <input type="hidden" name="intent" value="username" />
        <input type="hidden" name="source" value="username-dialog" />
        <input type="hidden" name="redirectTo" value={here} />
        <TextField field={fields.username} label="Username" type="text" maxLength={USERNAME_MAX_LENGTH} autoComplete="username" />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          <Link
            to={here}
            replace
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              setOpen(false);
            }}
            className={buttonClass('quiet', 'md')}
          >
            Maybe later
          </Link>
          <button type="submit" className={buttonClass('hot', 'md')} disabled={busy}>
            {busy ? 'Saving...' : 'Save username'}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
