import { useState } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { describedBy, Field, inputClass } from '~/components/ui/field';
import { Modal } from '~/components/ui/modal';
import { USERNAME_MAX_LENGTH } from '~/utils/constants';

type Reply = { intent: string; error?: string };

/**
 * "Choose your username", shown once per session to members whose name was
 * generated (it ends in four digits). It posts to the profile's action.
 */
export function UsernameDialog({ username }: { username: string }) {
  const [open, setOpen] = useState(true);
  const fetcher = useFetcher<Reply>();
  const location = useLocation();
  const here = location.pathname + location.search;
  if (!open) return null;
  const error = fetcher.data?.intent === 'username' ? fetcher.data.error : undefined;
  const busy = fetcher.state !== 'idle';
  return (
    <Modal labelledBy="username-dialog-title" describedBy="username-dialog-text" onClose={() => setOpen(false)}>
      <fetcher.Form method="post" action="/profile" className="grid gap-5 p-6 sm:p-7">
        <div>
          <h2 id="username-dialog-title" className="display text-2xl">
            Choose your username
          </h2>
          <p id="username-dialog-text" className="mt-2 text-sm text-muted">
            You're <strong className="text-ink">@{username}</strong> for now. Pick the name the community will know
            you by.
          </p>
        </div>
        <input type="hidden" name="intent" value="username" />
        <input type="hidden" name="redirectTo" value={here} />
        <Field label="Username" id="dialog-username" errors={error ? [error] : undefined}>
          <input
            id="dialog-username"
            name="username"
            defaultValue=""
            maxLength={USERNAME_MAX_LENGTH}
            autoComplete="username"
            className={inputClass}
            {...describedBy('dialog-username', { errors: error ? [error] : undefined })}
          />
        </Field>
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
