import { parseWithZod } from '@conform-to/zod/v4';
import { Link } from 'react-router';
import type { Route } from './+types/standing';
import { AppealForm, appealFormId } from '~/components/appeal-form';
import { Badge } from '~/components/admin/admin-table';
import { EmptyState } from '~/components/section-heading';
import { fileAppeal, type OwnAppeal, ownStanding } from '~/models/appeals.server';
import { STANDING_PATH } from '~/domain/member-moderation';
import { rejectForm } from '~/web/reject-form.server';
import { requireUser } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { shortDate, shortDateTime, waitText } from '~/utils/dates';
import { pageMeta } from '~/utils/meta';
import { appealPlace } from '~/utils/places';
import { appealSchema } from '~/utils/schemas';
import { suspendedMessage } from '~/utils/suspension';

export const meta = () => pageMeta('Your standing', 'Your suspension and strikes, why, and how to ask a moderator to look again.');

const appealView = (appeal: OwnAppeal | null) =>
  appeal && { ...appeal, createdAt: appeal.createdAt.getTime(), decidedAt: appeal.decidedAt?.getTime() ?? null };

/** The signed-in member's suspension and strikes in force, with the moderators' reasons, and their appeals. */
export function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const standing = ownStanding(user.id);
  return {
    suspension: standing.suspension && {
      ...standing.suspension,
      until: standing.suspension.until.getTime(),
      appeal: appealView(standing.suspension.appeal),
    },
    strikes: standing.strikes.map((strike) => ({
      ...strike,
      createdAt: strike.createdAt.getTime(),
      expiresAt: strike.expiresAt.getTime(),
      appeal: appealView(strike.appeal),
    })),
    appeals: standing.appeals.map((appeal) => appealView(appeal)!),
  };
}

/**
 * Sends an appeal against the suspension in force or a strike (`about`, `strikeId`),
 * then back here; a refused one comes back with its message and the text kept. Allowed
 * while suspended (web/suspension-guard.server.ts).
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: appealSchema });
  const strikeId = Number(formData.get('strikeId'));
  const form = appealFormId(formData.get('about') === 'strike' ? 'strike' : 'suspension', strikeId);
  if (submission.status !== 'success') return rejectForm(args, { form, result: submission.reply() });
  const { about, message } = submission.value;
  // Back on the measure's appeal, where its answer (waiting, or why it was refused) takes the form's place.
  const back = `${STANDING_PATH}#${appealPlace(about === 'suspension' ? null : submission.value.strikeId!)}`;
  const result = fileAppeal(user.id, about === 'strike' ? { about, strikeId: submission.value.strikeId! } : { about }, message);
  if (result.ok) {
    return redirectWithToast(
      back,
      { title: 'Appeal sent', description: 'A moderator will look again. You will be told what they decide.' },
      { status: 303 },
    );
  }
  if (result.reason === 'rate_limited') {
    const wait = `You sent several appeals today. Try again in ${waitText(result.retryAfterMs)}.`;
    return rejectForm(args, { form, result: submission.reply({ formErrors: [wait] }) }, { status: 429 });
  }
  return redirectWithToast(
    back,
    result.reason === 'already_appealed'
      ? { kind: 'error', title: 'Already appealed', description: 'You can appeal each suspension or strike once.' }
      : { kind: 'error', title: 'Nothing to appeal', description: 'That suspension or strike is no longer in force.' },
    { status: 303 },
  );
}

type Appeal = NonNullable<Route.ComponentProps['loaderData']['appeals'][number]>;

export default function Standing({ loaderData, actionData }: Route.ComponentProps) {
  const { suspension, strikes, appeals } = loaderData;
  const lastResult = (form: string) => (actionData?.form === form ? actionData.result : null);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="display text-3xl sm:text-5xl">Your standing</h1>
      <p className="mt-3 text-muted">
        What the moderators decided about your account, and why. If you think they got it wrong, ask them to look again: another moderator
        may read your appeal, and you are told what they decide.
      </p>

      <section id="suspension" aria-labelledby="suspension-title" className="mt-8 scroll-mt-24">
        <h2 id="suspension-title" className="display text-2xl">
          Suspension
        </h2>
        {suspension ? (
          <div className="panel mt-4 grid gap-3 border-flame p-4">
            <p className="font-bold text-flame">{suspendedMessage(suspension.until)}</p>
            <p className="whitespace-pre-line">
              <span className="font-semibold">Why: </span>
              {suspension.reason || 'No reason was recorded.'}
            </p>
            <p className="text-sm text-muted">
              Until then you can sign in and read, but not post, rate, react, upload or enter competitions. Your e-mail switches, your
              password and your data stay yours to change.
            </p>
            <AppealPart place={appealPlace(null)} appeal={suspension.appeal}>
              <AppealForm about="suspension" lastResult={lastResult(appealFormId('suspension'))} />
            </AppealPart>
          </div>
        ) : (
          <EmptyState>Your account is not suspended.</EmptyState>
        )}
      </section>

      <section id="strikes" aria-labelledby="strikes-title" className="mt-10 scroll-mt-24">
        <h2 id="strikes-title" className="display text-2xl">
          Strikes <span className="text-muted">({strikes.length})</span>
        </h2>
        {strikes.length === 0 ? (
          <EmptyState>No strikes count against you.</EmptyState>
        ) : (
          <>
            <p className="mt-2 text-sm text-muted">
              A strike does nothing by itself; the moderators see how many count when they decide what to do next.
            </p>
            <ul className="mt-4 grid gap-4">
              {strikes.map((strike) => (
                <li key={strike.id} id={`strike-${strike.id}`} className="panel grid scroll-mt-24 gap-3 p-4">
                  <p className="text-sm text-muted">
                    Given {shortDate(strike.createdAt)} · counts until {shortDateTime(strike.expiresAt)}
                  </p>
                  <p className="whitespace-pre-line">
                    <span className="font-semibold">Why: </span>
                    {strike.reason}
                  </p>
                  <AppealPart place={appealPlace(strike.id)} appeal={strike.appeal}>
                    <AppealForm about="strike" strikeId={strike.id} lastResult={lastResult(appealFormId('strike', strike.id))} />
                  </AppealPart>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="appeals-title" className="mt-10">
        <h2 id="appeals-title" className="display text-2xl">
          Your appeals <span className="text-muted">({appeals.length})</span>
        </h2>
        {appeals.length === 0 ? (
          <EmptyState>You have not asked the moderators to look again at anything.</EmptyState>
        ) : (
          <ul className="mt-4 grid gap-3">
            {appeals.map((appeal) => (
              <li key={appeal.id} className="panel grid gap-2 p-4">
                <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
                  <AppealBadge status={appeal.status} />
                  <span className="min-w-0">
                    Against your {appeal.about} (“{appeal.subjectReason}”), sent {shortDate(appeal.createdAt)}
                  </span>
                </p>
                <p className="whitespace-pre-line">{appeal.message}</p>
                <Decision appeal={appeal} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="mt-10 text-sm text-muted">
        Warnings from the moderators are on{' '}
        <Link to="/warnings" className="text-neon-cyan underline underline-offset-4 hover:no-underline">
          your warnings page
        </Link>
        .
      </p>
    </div>
  );
}

/** A measure's appeal: the form until the member sends one (one each), then where it is: waiting, or what was decided. */
function AppealPart({ place, appeal, children }: { place: string; appeal: Appeal | null; children: React.ReactNode }) {
  return (
    <div id={place} className="grid scroll-mt-24 gap-3 border-t border-line pt-3">
      {appeal === null ? (
        children
      ) : appeal.status === 'open' ? (
        <p className="text-sm">
          <AppealBadge status="open" /> You asked a moderator to look again on {shortDate(appeal.createdAt)}. You will be told what they
          decide.
        </p>
      ) : (
        <Decision appeal={appeal} />
      )}
    </div>
  );
}

function Decision({ appeal }: { appeal: Appeal }) {
  if (appeal.status === 'open' || appeal.decidedAt === null) return null;
  return (
    <p className="text-sm">
      <span className="font-semibold">
        {appeal.status === 'upheld' ? `A moderator kept the ${appeal.about}` : `A moderator lifted the ${appeal.about}`} on{' '}
        {shortDate(appeal.decidedAt)}:
      </span>{' '}
      {appeal.reply}
    </p>
  );
}

function AppealBadge({ status }: { status: Appeal['status'] }) {
  if (status === 'open') return <Badge tone="cyan">Waiting for a moderator</Badge>;
  return status === 'upheld' ? <Badge tone="flame">Kept</Badge> : <Badge tone="lime">Lifted</Badge>;
}
