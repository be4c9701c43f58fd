import { getFormProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { Form, Link } from 'react-router';
import { EmailPreferencesForm } from '~/components/profile/email-preferences-form';
import { SuspendedNotice } from '~/components/suspended-notice';
import { buttonClass } from '~/components/ui/button';
import { Field, FieldErrors, inputClass } from '~/components/ui/field';
import { TextField } from '~/components/ui/text-field';
import { usePosting } from '~/components/ui/use-posting';
import { useZodForm } from '~/components/ui/use-zod-form';
import { BIO_MAX_LENGTH, USERNAME_MAX_LENGTH } from '~/utils/constants';
import type { ProfileAction } from '~/utils/schemas';
import { useTypedValue } from '~/components/use-typed-value';
import type { SuspensionNotice } from '~/domain/member-moderation';
import { PLACES } from '~/utils/places';

type Profile = {
  username: string;
  bio: string;
  email: string;
  hasPassword: boolean;
  emailPreferences: { notifications: boolean; weeklyDigest: boolean; marketing: boolean };
  marketingOptedInAt: number | null;
};
type ActionData = { intent: ProfileAction; error: string; result?: SubmissionResult<string[]> } | undefined;

type Props = {
  profile: Profile;
  editing: 'username' | 'bio' | null;
  confirmingDeletion: boolean;
  /** "Your account is suspended until …": what others see of the member is not theirs to change meanwhile. */
  suspension: SuspensionNotice | null;
  actionData: ActionData;
};

const settingsUrl = '/profile?tab=settings';

/**
 * Settings: inline edits of username and bio, the e-mail address, the e-mail switches,
 * a password, downloading one's data and deleting the account.
 */
export function SettingsTab({ profile, editing, confirmingDeletion, suspension, actionData }: Props) {
  // With JavaScript, Edit and Cancel switch in place; without, they are links (?edit=…).
  const [localEdit, setLocalEdit] = useState<'username' | 'bio' | null | undefined>(undefined);
  const current = localEdit === undefined ? editing : localEdit;
  const failedIntent = actionData?.intent;
  const isEditing = (field: 'username' | 'bio') => current === field || failedIntent === field;
  const toggle = (field: 'username' | 'bio' | null) => (event: MouseEvent) => {
    event.preventDefault();
    setLocalEdit(field);
  };

  return (
    <div className="grid gap-4">
      {suspension ? (
        <SuspendedNotice notice={suspension}>Your e-mail switches, your password and your data stay yours to change.</SuspendedNotice>
      ) : (
        <>
          <Setting title="Username">
            {isEditing('username') ? (
              <UsernameForm
                current={profile.username}
                result={failedIntent === 'username' ? actionData?.result : undefined}
                onCancel={toggle(null)}
              />
            ) : (
              <ViewRow
                value={`@${profile.username}`}
                editHref={`${settingsUrl}&edit=username`}
                onEdit={toggle('username')}
                label="username"
              />
            )}
          </Setting>
          <Setting title="Bio">
            {isEditing('bio') ? (
              <BioForm current={profile.bio} result={failedIntent === 'bio' ? actionData?.result : undefined} onCancel={toggle(null)} />
            ) : (
              <ViewRow
                value={profile.bio || 'No bio yet. Tell everyone what you run.'}
                muted={!profile.bio}
                editHref={`${settingsUrl}&edit=bio`}
                onEdit={toggle('bio')}
                label="bio"
              />
            )}
          </Setting>
          <Setting title="E-mail address">
            <EmailForm current={profile.email} result={failedIntent === 'email' ? actionData?.result : undefined} />
          </Setting>
        </>
      )}
      <Setting title="E-mails from RigRoast">
        <EmailPreferencesForm
          preferences={profile.emailPreferences}
          marketingOptedInAt={profile.marketingOptedInAt}
          error={failedIntent === 'email-preferences' ? actionData?.error : undefined}
        />
      </Setting>
      <Setting title="Password">
        <Form method="post" className="grid gap-3">
          <p className="text-sm text-muted">
            {profile.hasPassword
              ? 'You can sign in with your password or an e-mailed code. We can e-mail you a link to change it.'
              : 'You sign in with e-mailed codes. Set a password if you would rather use one: we will e-mail you a link.'}
          </p>
          <input type="hidden" name="intent" value="password-link" />
          <button type="submit" className={`${buttonClass('ghost', 'sm')} justify-self-start`}>
            {profile.hasPassword ? 'E-mail me a link to change it' : 'E-mail me a link to set one'}
          </button>
          <FieldErrors id="password-link-error" errors={failedIntent === 'password-link' ? [actionData!.error] : undefined} />
        </Form>
      </Setting>
      <Setting title="Your data">
        <div className="grid gap-3">
          <p className="text-sm text-muted">
            A ZIP of everything you put on RigRoast: your profile and e-mail settings, your builds with their photos, your comments, the
            ratings you gave and your achievements.
          </p>
          {/* A plain link: the archive comes as an attachment, which the browser saves and stays on the page; a refusal
              is a redirect back here with its reason (a download attribute would save that page as a file instead). */}
          <a href="/profile/export" className={`${buttonClass('ghost', 'sm')} justify-self-start`}>
            Download my data
          </a>
        </div>
      </Setting>
      <Setting title="Delete my account" id={PLACES.deleteAccount}>
        <DeleteAccount
          email={profile.email}
          confirming={confirmingDeletion || failedIntent === 'delete-account'}
          error={failedIntent === 'deletion-code' ? actionData?.error : undefined}
          result={failedIntent === 'delete-account' ? actionData?.result : undefined}
        />
      </Setting>
    </div>
  );
}

/** Two plain forms: one mails a code to the member, the other takes it and deletes the account. */
function DeleteAccount(props: { email: string; confirming: boolean; error?: string; result?: SubmissionResult<string[]> }) {
  const [form, fields] = useZodForm('codeSchema', { id: 'delete-account-form', lastResult: props.result });
  const sending = usePosting('deletion-code');
  const deleting = usePosting('delete-account');
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted">
        Your builds and their photos are deleted, your ratings are taken out of every score, and your comments stay as “[deleted]” where
        others replied to them. This cannot be undone: download your data first if you want to keep it.
      </p>
      <Form method="post" action="/profile?tab=settings" className="grid gap-2">
        <input type="hidden" name="intent" value="deletion-code" />
        <button type="submit" className={`${buttonClass('ghost', 'sm')} justify-self-start`} disabled={sending}>
          {sending ? 'Sending...' : props.confirming ? 'E-mail me a new code' : 'E-mail me a code to delete my account'}
        </button>
        <FieldErrors id="deletion-code-error" errors={props.error ? [props.error] : undefined} />
      </Form>
      {props.confirming ? (
        <Form method="post" action="/profile?tab=settings" {...getFormProps(form)} noValidate className="grid gap-3">
          <input type="hidden" name="intent" value="delete-account" />
          <TextField
            field={fields.code}
            label={`Code from the e-mail to ${props.email}`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
          <button type="submit" disabled={deleting} className={`${buttonClass('hot', 'sm')} justify-self-start`}>
            {deleting ? 'Deleting...' : 'Delete my account for good'}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function Setting({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section className="panel p-5 sm:p-6" aria-label={title} id={id}>
      <h2 className="text-xs font-bold uppercase tracking-widest text-muted">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function ViewRow(props: { value: string; muted?: boolean; editHref: string; onEdit: (event: MouseEvent) => void; label: string }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <p className={`min-w-0 whitespace-pre-line ${props.muted ? 'text-muted' : 'text-ink'}`}>{props.value}</p>
      <Link to={props.editHref} replace preventScrollReset onClick={props.onEdit} className={buttonClass('ghost', 'sm')}>
        Edit<span className="sr-only"> {props.label}</span>
      </Link>
    </div>
  );
}

function EditButtons({ onCancel, saving, disabled }: { onCancel: (event: MouseEvent) => void; saving: boolean; disabled?: boolean }) {
  return (
    <div className="flex gap-2">
      <button type="submit" className={buttonClass('primary', 'sm')} disabled={disabled || saving}>
        {saving ? 'Saving...' : 'Save'}
      </button>
      <Link to={settingsUrl} replace preventScrollReset onClick={onCancel} className={buttonClass('quiet', 'sm')}>
        Cancel
      </Link>
    </div>
  );
}

type FormProps = { current: string; result?: SubmissionResult<string[]>; onCancel: (event: MouseEvent) => void };

function UsernameForm({ current, result, onCancel }: FormProps) {
  const [form, fields] = useZodForm('usernameSchema', { id: 'username-form', lastResult: result, defaultValue: { username: current } });
  const value = useTypedValue(fields.username.id, current);
  const saving = usePosting('username');
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-3">
      <input type="hidden" name="intent" value="username" />
      <TextField
        field={fields.username}
        label="New username"
        type="text"
        maxLength={USERNAME_MAX_LENGTH}
        autoComplete="username"
        autoFocus
      />
      <EditButtons onCancel={onCancel} saving={saving} disabled={value.trim() === ''} />
    </Form>
  );
}

function BioForm({ current, result, onCancel }: FormProps) {
  const [form, fields] = useZodForm('bioSchema', { id: 'bio-form', lastResult: result, defaultValue: { bio: current } });
  const bio = useTypedValue(fields.bio.id, current);
  const saving = usePosting('bio');
  const counterId = `${fields.bio.id}-hint`;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-3">
      <input type="hidden" name="intent" value="bio" />
      <Field
        label="About you"
        id={fields.bio.id}
        errors={fields.bio.errors}
        hint={
          <span aria-live="polite">
            {bio.length}/{BIO_MAX_LENGTH} characters
          </span>
        }
      >
        <textarea
          dir="auto"
          {...getTextareaProps(fields.bio)}
          maxLength={BIO_MAX_LENGTH}
          rows={4}
          autoFocus
          className={`${inputClass} resize-y`}
          aria-describedby={[counterId, fields.bio.errors?.length ? `${fields.bio.id}-error` : ''].filter(Boolean).join(' ')}
          aria-invalid={fields.bio.errors?.length ? true : undefined}
        />
      </Field>
      <EditButtons onCancel={onCancel} saving={saving} />
    </Form>
  );
}

function EmailForm({ current, result }: Omit<FormProps, 'onCancel'>) {
  const [form, fields] = useZodForm('emailChangeSchema', { id: 'email-change-form', lastResult: result });
  const saving = usePosting('email');
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-3">
      <p className="text-sm text-muted">
        Currently <strong className="text-ink">{current}</strong>. A new address must be confirmed from its inbox.
      </p>
      <input type="hidden" name="intent" value="email" />
      <TextField field={fields.email} label="New e-mail address" type="email" autoComplete="email" />
      <button type="submit" className={`${buttonClass('ghost', 'sm')} justify-self-start`} disabled={saving}>
        {saving ? 'Sending...' : 'Send confirmation link'}
      </button>
    </Form>
  );
}
