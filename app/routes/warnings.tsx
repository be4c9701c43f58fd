import type { Route } from './+types/warnings';
import { Link } from 'react-router';
import { EmptyState } from '~/components/section-heading';
import { SuspendedNotice } from '~/components/suspended-notice';
import { acknowledgeWarning, ownWarnings, suspensionNotice } from '~/models/member-moderation.server';
import { STANDING_PATH } from '~/domain/member-moderation';
import { requireUser } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { shortDate } from '~/utils/dates';
import { pageMeta } from '~/utils/meta';
import { positiveInt } from '~/utils/query';
import { safeRedirect } from '~/utils/redirects';

export const meta = () => pageMeta('Warnings', 'What the moderators told you about your account.');

/** The signed-in member's warnings from staff, newest first, and their suspension while it runs. */
export function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return {
    warnings: ownWarnings(user.id).map((warning) => ({
      ...warning,
      createdAt: warning.createdAt.getTime(),
      acknowledgedAt: warning.acknowledgedAt?.getTime() ?? null,
    })),
    suspension: suspensionNotice(user),
  };
}

/** Acknowledges one of the member's warnings (`warningId`), then back to `redirectTo` (this page by default). */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const form = await args.request.formData();
  const back = safeRedirect(form.get('redirectTo'), '/warnings');
  const warningId = positiveInt(String(form.get('warningId') ?? ''));
  if (warningId !== null && acknowledgeWarning(user.id, warningId))
    return redirectWithToast(back, { title: 'Warning acknowledged' }, { status: 303 });
  return redirectWithToast(
    back,
    { kind: 'error', title: 'Not acknowledged', description: 'That warning is not yours, or you already acknowledged it.' },
    { status: 303 },
  );
}

export default function Warnings({ loaderData }: Route.ComponentProps) {
  const { warnings, suspension } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="display text-3xl sm:text-5xl">Warnings</h1>
      {suspension ? <SuspendedNotice notice={suspension} className="mt-6" /> : null}
      <p className="mt-4 text-sm text-muted">
        Strikes and suspensions, with the moderators&apos; reasons, are on{' '}
        <Link to={STANDING_PATH} className="text-neon-cyan underline underline-offset-4 hover:no-underline">
          your standing
        </Link>
        , where you can ask a moderator to look again.
      </p>
      {warnings.length === 0 ? (
        <EmptyState>The moderators have not warned you about anything.</EmptyState>
      ) : (
        <ul className="mt-6 grid gap-3">
          {warnings.map((warning) => (
            <li key={warning.id} className="panel p-4">
              <p className="text-sm text-muted">
                {shortDate(warning.createdAt)} ·{' '}
                {warning.acknowledgedAt === null ? 'not acknowledged yet' : `acknowledged ${shortDate(warning.acknowledgedAt)}`}
              </p>
              <p className="mt-1 whitespace-pre-line">{warning.message}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
