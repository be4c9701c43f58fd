import { type FieldMetadata, getFormProps, getInputProps, getTextareaProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/admin.competition';
import { buttonClass } from '~/components/ui/button';
import { describedBy, Field, inputClass } from '~/components/ui/field';
import { TextField } from '~/components/ui/text-field';
import { useZodForm } from '~/components/ui/use-zod-form';
import { findCompetitionForAdmin, saveCompetition } from '~/models/competitions.server';
import { AvatarError, processAvatar } from '~/images/avatars.server';
import { env } from '~/services/env.server';
import { readUploadForm, UploadError } from '~/services/multipart.server';
import { requireAdmin } from '~/web/session.server';
import { rejectForm } from '~/web/reject-form.server';
import { redirectWithToast } from '~/web/toast.server';
import { positiveInt } from '~/utils/query';
import { competitionSchema } from '~/utils/schemas';

/** `/admin/competitions/new`, or `/admin/competitions/ID` to edit one. */
function competitionId(param: string | undefined): number | null | undefined {
  return param === 'new' ? null : (positiveInt(param) ?? undefined);
}

export function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const id = competitionId(args.params.id);
  if (id === undefined) throw data(null, { status: 404 });
  if (id === null) return { competition: null };
  const competition = findCompetitionForAdmin(id);
  if (!competition) throw data(null, { status: 404 });
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    competition: {
      id: competition.id,
      title: competition.title,
      theme: competition.theme,
      description: competition.description,
      rules: competition.rules,
      prizes: competition.prizes.join('\n'),
      startDate: day(competition.startDate),
      endDate: day(competition.endDate),
      badgeUrl: competition.badgeUrl,
      series: competition.series ?? '',
      jurors: competition.jurors.join(', '),
    },
  };
}

/** Validates with the form's own schema, stores a new badge through the avatar pipeline, then saves. */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const id = competitionId(args.params.id);
  if (id === undefined) throw data(null, { status: 404 });
  let formData: FormData;
  try {
    formData = await readUploadForm(args.request);
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    return rejectForm(args, { result: { status: 'error', error: { badge: [error.message] } } }, { status: error.status });
  }
  const submission = parseWithZod(formData, { schema: competitionSchema });
  if (submission.status !== 'success') return rejectForm(args, { result: submission.reply() });
  const { badge, removeBadge, ...values } = submission.value;
  let badgeUrl: string | null | undefined = removeBadge ? null : undefined;
  if (badge) {
    try {
      badgeUrl = (await processAvatar(new Uint8Array(await badge.arrayBuffer()), { uploadsDir: env().UPLOADS_DIR, folder: 'badges' })).url;
    } catch (error) {
      if (!(error instanceof AvatarError)) throw error;
      return rejectForm(args, { result: submission.reply({ fieldErrors: { badge: [error.message] } }) });
    }
  }
  const saved = saveCompetition(admin, id, { ...values, badgeUrl });
  if (!saved.ok && saved.reason === 'unknown_jurors') {
    const message = `No member is named ${saved.unknown.map((name) => `“${name}”`).join(', ')}.`;
    return rejectForm(args, { result: submission.reply({ fieldErrors: { jurors: [message] } }) });
  }
  if (!saved.ok) throw data(null, { status: saved.reason === 'forbidden' ? 403 : 404 });
  return redirectWithToast(
    '/admin/competitions',
    { title: id === null ? 'Competition created' : 'Competition saved', description: values.title },
    { status: 303 },
  );
}

export default function AdminCompetition({ loaderData, actionData }: Route.ComponentProps) {
  const { competition } = loaderData;
  const [form, fields] = useZodForm('competitionSchema', {
    id: 'competition-form',
    lastResult: actionData?.result ?? null,
    defaultValue: competition ?? undefined,
  });
  const saving = useNavigation().state === 'submitting';
  return (
    <section aria-labelledby="competition-title" className="max-w-2xl">
      <h2 id="competition-title" className="display text-2xl">
        {competition ? (
          <>
            Edit “<span className="wrap-anywhere">{competition.title}</span>”
          </>
        ) : (
          'New competition'
        )}
      </h2>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="mt-6 grid gap-5">
        <TextField field={fields.title} label="Title" type="text" maxLength={100} />
        <TextField
          field={fields.theme}
          label="Theme"
          type="text"
          maxLength={100}
          hint="What builds should show, e.g. “All-white builds”."
        />
        <TextArea field={fields.description} label="Description" rows={3} />
        <TextArea field={fields.rules} label="Rules" rows={4} />
        <TextArea field={fields.prizes} label="Prizes" rows={3} hint="One prize per line." />
        <TextField
          field={fields.series}
          label="Series (optional)"
          type="text"
          maxLength={100}
          hint="Competitions with the same series name, e.g. “Setup of the Month”: a build that won one cannot win another (a new build can)."
        />
        <TextArea
          field={fields.jurors}
          label="Jurors (optional)"
          rows={2}
          hint="Members’ usernames, separated by commas. Their stars make a jury prize of its own and do not count for the community vote."
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField field={fields.startDate} label="Starts on (UTC)" type="date" />
          <TextField field={fields.endDate} label="Ends after (UTC)" type="date" hint="It runs to the end of this day." />
        </div>
        <Field
          label="Badge image (optional)"
          id={fields.badge.id}
          errors={fields.badge.errors}
          hint="JPEG, PNG or WebP; shown as a 256×256 square."
        >
          <input
            {...getInputProps(fields.badge, { type: 'file' })}
            accept="image/jpeg,image/png,image/webp"
            className="text-sm text-muted file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-panel-2 file:px-4 file:font-bold file:text-ink"
            {...describedBy(fields.badge.id, { errors: fields.badge.errors, hint: true })}
          />
        </Field>
        {competition?.badgeUrl ? (
          <div className="flex items-center gap-4">
            <img src={competition.badgeUrl} alt="Current badge" width={64} height={64} className="size-16 rounded-lg" />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={fields.removeBadge.name} className="size-5 accent-neon-cyan" />
              Remove the badge
            </label>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={saving} className={buttonClass('hot', 'md')}>
            {saving ? 'Saving...' : competition ? 'Save changes' : 'Create competition'}
          </button>
          <Link to="/admin/competitions" className={buttonClass('ghost', 'md')}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

function TextArea({ field, label, rows, hint }: { field: FieldMetadata<string | undefined>; label: string; rows: number; hint?: string }) {
  return (
    <Field label={label} id={field.id} errors={field.errors} hint={hint}>
      <textarea
        dir="auto"
        {...getTextareaProps(field)}
        required={false}
        rows={rows}
        className={`${inputClass} resize-y`}
        {...describedBy(field.id, { errors: field.errors, hint: Boolean(hint) })}
      />
    </Field>
  );
}
