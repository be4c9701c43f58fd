import { parseWithZod } from '@conform-to/zod/v4';
import { data, Link } from 'react-router';
import type { z } from 'zod';
import type { Route } from './+types/admin.user';
import { Badge } from '~/components/admin/admin-table';
import { type Measure, MeasureForms } from '~/components/admin/member-measure-forms';
import { MemberLink } from '~/components/member-link';
import { StaffMemberLink } from '~/components/admin/staff-member-link';
import { buttonClass } from '~/components/ui/button';
import { findMember } from '~/models/admin-members.server';
import { memberAppealHistory } from '~/models/appeals.server';
import { memberActivity } from '~/models/member-activity.server';
import { REPORT_REASONS } from '~/models/reports.server';
import {
  addModeratorNote,
  liftSuspension,
  listModeratorNotes,
  type MeasureResult,
  memberStanding,
  strikeMember,
  suspendMember,
  warnMember,
} from '~/models/member-moderation.server';
import { canManageMember, staffRefusal } from '~/domain/member-moderation';
import { rejectForm } from '~/web/reject-form.server';
import { requireStaff } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { shortDate, shortDateTime } from '~/utils/dates';
import { pageMeta } from '~/utils/meta';
import { positiveInt } from '~/utils/query';
import { liftSuspensionSchema, noteSchema, strikeSchema, suspendSchema, warnSchema } from '~/utils/schemas';
import { buildPath } from '~/utils/build-path';
import { counted } from '~/utils/count';

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta(loaderData ? `@${loaderData.member.username} · Staff` : 'Member · Staff', 'A member as staff see them.');

function memberOf(params: { id?: string }) {
  const member = findMember(positiveInt(params.id) ?? 0);
  if (!member) throw data({ message: 'This user does not exist.' }, { status: 404 });
  return member;
}

/**
 * A member as staff see them (admins and moderators): their standing (suspension with
 * its reason, active strikes, warnings, appeals), the measures staff may take, the
 * private notes, and what they did lately (builds, comments, reports about them and by them).
 */
export function loader(args: Route.LoaderArgs) {
  const viewer = requireStaff(args);
  const member = memberOf(args.params);
  const now = new Date();
  const standing = memberStanding(member.id, now)!;
  return {
    member: {
      id: member.id,
      username: member.username,
      // Addresses are for admins, as on the Users tab.
      email: viewer.isAdmin ? member.email : null,
      isAdmin: member.isAdmin,
      isModerator: member.isModerator,
      isDisabled: member.isDisabled,
      judging: member.judging,
      createdAt: member.createdAt.getTime(),
    },
    standing: {
      suspendedUntil: standing.suspendedUntil?.getTime() ?? null,
      suspension: standing.suspendedUntil && {
        reason: standing.suspension?.reason ?? '',
        by: standing.suspension && { staffName: standing.suspension.staffName, createdAt: standing.suspension.createdAt.getTime() },
        endsAt: standing.suspendedUntil.getTime(),
      },
      activeStrikes: standing.activeStrikes,
      strikes: standing.strikes.map((strike) => ({
        ...strike,
        createdAt: strike.createdAt.getTime(),
        expiresAt: strike.expiresAt.getTime(),
        liftedAt: strike.liftedAt?.getTime() ?? null,
      })),
      warnings: standing.warnings.map((warning) => ({
        ...warning,
        createdAt: warning.createdAt.getTime(),
        acknowledgedAt: warning.acknowledgedAt?.getTime() ?? null,
      })),
    },
    appeals: memberAppealHistory(member.id).map((appeal) => ({
      ...appeal,
      createdAt: appeal.createdAt.getTime(),
      decidedAt: appeal.decidedAt?.getTime() ?? null,
    })),
    activity: activityView(memberActivity(member.id)),
    reasons: REPORT_REASONS,
    notes: listModeratorNotes(member.id).map((note) => ({ ...note, createdAt: note.createdAt.getTime() })),
    refusal: staffRefusal(viewer, member),
    canManage: canManageMember(viewer, member),
  };
}

function activityView({ builds, comments, reportsAbout, reportsBy }: ReturnType<typeof memberActivity>) {
  const time = <Row extends { createdAt: Date }>(row: Row) => ({ ...row, createdAt: row.createdAt.getTime() });
  return { builds: builds.map(time), comments: comments.map(time), reportsAbout: reportsAbout.map(time), reportsBy: reportsBy.map(time) };
}

/** One measure per post (`intent`), its fields checked by the schema its form uses; the model checks the actor's right again. */
export async function action(args: Route.ActionArgs) {
  const staff = requireStaff(args);
  const member = memberOf(args.params);
  const back = `/admin/users/${member.id}`;
  const formData = await args.request.formData();
  const take = <Schema extends z.ZodObject>(
    intent: Measure,
    schema: Schema,
    run: (value: z.output<Schema>) => MeasureResult,
    done: string,
  ) => {
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== 'success') return rejectForm(args, { intent, result: submission.reply() });
    const result = run(submission.value);
    if (result.ok) return redirectWithToast(back, { title: done, description: `@${result.username}` }, { status: 303 });
    const why = result.reason === 'not_found' ? 'Not done: this user no longer exists.' : (staffRefusal(staff, member) ?? 'Not done.');
    return redirectWithToast(back, { kind: 'error', title: 'Error', description: why }, { status: 303 });
  };
  switch (formData.get('intent')) {
    case 'warn':
      return take('warn', warnSchema, ({ message }) => warnMember(staff, member.id, message), 'Warning sent');
    case 'strike':
      return take('strike', strikeSchema, (value) => strikeMember(staff, member.id, value), 'Strike recorded');
    case 'suspend':
      return take('suspend', suspendSchema, (value) => suspendMember(staff, member.id, value), 'Member suspended');
    case 'lift':
      return take('lift', liftSuspensionSchema, ({ reason }) => liftSuspension(staff, member.id, reason), 'Suspension lifted');
    case 'note':
      return take('note', noteSchema, ({ note }) => addModeratorNote(staff, member.id, note), 'Note saved');
    default:
      return redirectWithToast(back, { kind: 'error', title: 'Error', description: 'Unknown action.' }, { status: 303 });
  }
}

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { member, standing, appeals, activity, reasons, notes, refusal, canManage } = loaderData;
  return (
    <section aria-labelledby="member-title" className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id="member-title" className="display wrap-anywhere text-2xl">
            @{member.username}
          </h2>
          <p className="mt-1 text-sm text-muted">
            Member #{member.id} since {shortDate(member.createdAt)}
            {member.email ? <span> · {member.email}</span> : null}
          </p>
          <p className="mt-2 flex flex-wrap gap-1.5">
            {member.isAdmin ? <Badge tone="pink">Admin</Badge> : null}
            {member.isModerator && !member.isAdmin ? <Badge tone="cyan">Moderator</Badge> : null}
            {member.judging ? <Badge tone="cyan">Juror</Badge> : null}
            {member.isDisabled ? <Badge tone="flame">Disabled</Badge> : null}
            {standing.suspendedUntil ? <Badge tone="flame">Suspended until {shortDateTime(standing.suspendedUntil)}</Badge> : null}
            {!member.isDisabled && !standing.suspendedUntil ? <Badge tone="lime">Active</Badge> : null}
            <Badge tone={standing.activeStrikes > 0 ? 'flame' : 'muted'}>
              {counted(standing.activeStrikes, 'active strike', 'active strikes')}
            </Badge>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <MemberLink username={member.username} className="self-center" />
          <Link to={`/admin/users/${member.id}/media`} className={buttonClass('ghost', 'sm')}>
            Photos
          </Link>
          {canManage ? (
            <Link
              to={`/admin/users?confirm=${member.isDisabled ? 'enable' : 'disable'}&user=${member.id}`}
              className={buttonClass('ghost', 'sm')}
            >
              {member.isDisabled ? 'Enable' : 'Disable'} permanently
            </Link>
          ) : null}
        </div>
      </div>

      {standing.suspension ? (
        <section aria-labelledby="suspension-reason-title" className="panel grid gap-1 border-flame p-4">
          <h3 id="suspension-reason-title" className="font-bold text-flame">
            Why they are suspended
          </h3>
          <p className="whitespace-pre-line">{standing.suspension.reason || 'No reason was recorded.'}</p>
          <p className="text-sm text-muted">
            {standing.suspension.by ? `By ${standing.suspension.by.staffName}, ${shortDateTime(standing.suspension.by.createdAt)}. ` : null}
            The member reads this reason wherever forms were, and may appeal it once.
          </p>
        </section>
      ) : null}

      {refusal === null ? (
        <MeasureForms suspension={standing.suspension} lastIntent={actionData?.intent ?? null} lastResult={actionData?.result ?? null} />
      ) : (
        <p className="panel p-4 text-muted">{refusal}</p>
      )}
      <p className="text-sm text-muted">
        Strikes do nothing on their own: the count of active ones is here for staff to weigh. Each measure is in the audit log with who took
        it and why; the member is told of strikes and suspensions with the reason, and may appeal them from their standing page.
      </p>

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        <History title="Private notes" empty="No notes yet.">
          {notes.map((note) => (
            <li key={note.id} className="panel p-3">
              <p className="text-xs text-muted">
                {note.staffName} · {shortDateTime(note.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-line">{note.body}</p>
            </li>
          ))}
        </History>
        <History title="Strikes" empty="No strikes.">
          {standing.strikes.map((strike) => (
            <li key={strike.id} className="panel p-3">
              <p className="text-xs text-muted">
                {strike.staffName} · {shortDate(strike.createdAt)} ·{' '}
                {strike.liftedAt !== null
                  ? `withdrawn on appeal ${shortDate(strike.liftedAt)}`
                  : strike.active
                    ? `counts until ${shortDateTime(strike.expiresAt)}`
                    : `expired ${shortDate(strike.expiresAt)}`}
              </p>
              <p className={`mt-1 ${strike.active ? '' : 'text-muted line-through'}`}>{strike.reason}</p>
            </li>
          ))}
        </History>
        <History title="Warnings" empty="No warnings.">
          {standing.warnings.map((warning) => (
            <li key={warning.id} className="panel p-3">
              <p className="text-xs text-muted">
                {warning.staffName} · {shortDate(warning.createdAt)} ·{' '}
                {warning.acknowledgedAt === null ? 'not acknowledged yet' : `acknowledged ${shortDate(warning.acknowledgedAt)}`}
              </p>
              <p className="mt-1 whitespace-pre-line">{warning.message}</p>
            </li>
          ))}
        </History>
        <History title="Appeals" empty="No appeals.">
          {appeals.map((appeal) => (
            <li key={appeal.id} className="panel p-3">
              <p className="text-xs text-muted">
                Against the {appeal.about} (“{appeal.subjectReason}”) · {shortDate(appeal.createdAt)} ·{' '}
                {appeal.status === 'open' ? (
                  <Link to="/admin/moderation#appeals-title" className="text-neon-cyan underline underline-offset-2">
                    waiting in the queue
                  </Link>
                ) : (
                  `${appeal.status === 'upheld' ? 'kept' : 'lifted'} ${appeal.decidedAt === null ? '' : shortDate(appeal.decidedAt)}`
                )}
              </p>
              <p className="mt-1 whitespace-pre-line">{appeal.message}</p>
              {appeal.reply ? <p className="mt-1 text-sm text-muted">Reply: {appeal.reply}</p> : null}
            </li>
          ))}
        </History>
      </div>

      <section aria-labelledby="activity-title" className="grid gap-4">
        <h3 id="activity-title" className="display text-xl">
          Recent activity
        </h3>
        <div className="grid gap-6 md:grid-cols-2">
          <History title="Builds" empty="No builds.">
            {activity.builds.map((build) => (
              <li key={build.id} className="panel flex flex-wrap items-center justify-between gap-2 p-3">
                <Link to={buildPath(build.id)} className="min-w-0 font-semibold hover:text-neon-cyan">
                  {build.title}
                </Link>
                <span className="flex items-center gap-2 text-xs text-muted">
                  {build.reviewStatus === 'approved' ? null : <Badge tone="flame">{build.reviewStatus}</Badge>}
                  {shortDate(build.createdAt)}
                </span>
              </li>
            ))}
          </History>
          <History title="Comments" empty="No comments.">
            {activity.comments.map((comment) => (
              <li key={comment.id} className="panel p-3">
                <p className="text-xs text-muted">
                  On{' '}
                  <Link to={`${buildPath(comment.buildId)}#comment-${comment.id}`} className="text-neon-cyan hover:underline">
                    {comment.buildTitle}
                  </Link>{' '}
                  · {shortDate(comment.createdAt)}
                </p>
                <p className="mt-1">{comment.excerpt}</p>
              </li>
            ))}
          </History>
          <History title="Reports about them" empty="Nobody reported their builds or comments.">
            {activity.reportsAbout.map((report) => (
              <ReportItem key={report.id} report={report} reasons={reasons} who="by" />
            ))}
          </History>
          <History title="Reports by them" empty="They reported nothing.">
            {activity.reportsBy.map((report) => (
              <ReportItem key={report.id} report={report} reasons={reasons} who="of" />
            ))}
          </History>
        </div>
      </section>
    </section>
  );
}

type Report = Route.ComponentProps['loaderData']['activity']['reportsAbout'][number];

/** A report, what it is about (linked), its reason and state, and the other member in it: who filed it, or whose item it names. */
function ReportItem({ report, reasons, who }: { report: Report; reasons: Record<string, string>; who: 'by' | 'of' }) {
  const href = report.commentId === null ? buildPath(report.buildId) : `${buildPath(report.buildId)}#comment-${report.commentId}`;
  return (
    <li className="panel p-3">
      <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
        <Badge tone={report.status === 'open' ? 'cyan' : 'muted'}>{report.status}</Badge>
        <span className="font-bold text-flame">{reasons[report.reason]}</span> · {shortDate(report.createdAt)}
        {report.other ? (
          <>
            {' '}
            · {who === 'by' ? 'reported by' : 'about'} <StaffMemberLink id={report.other.id} username={report.other.username} />
          </>
        ) : null}
      </p>
      <p className="mt-1">
        {report.commentId === null ? 'Build ' : 'Comment on '}
        <Link to={href} className="font-semibold hover:text-neon-cyan">
          {report.buildTitle}
        </Link>
        {report.commentExcerpt ? <span className="text-muted">: “{report.commentExcerpt}”</span> : null}
      </p>
    </li>
  );
}

function History({ title, empty, children }: { title: string; empty: string; children: React.ReactNode[] }) {
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="display text-lg">{title}</h3>
      {children.length === 0 ? <p className="mt-2 text-sm text-muted">{empty}</p> : <ul className="mt-2 grid gap-2">{children}</ul>}
    </section>
  );
}
