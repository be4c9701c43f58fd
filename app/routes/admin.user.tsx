import { parseWithZod } from '@conform-to/zod/v4';
import { data, Link } from 'react-router';
import type { z } from 'zod';
import type { Route } from './+types/admin.user';
import { Badge } from '~/components/admin/admin-table';
import { type Measure, MeasureForms } from '~/components/admin/member-measure-forms';
import { MemberLink } from '~/components/member-link';
import { buttonClass } from '~/components/ui/button';
import { findMember } from '~/models/admin-members.server';
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
import { canManageMember, canModerateMember, STAFF_RULE_REFUSAL } from '~/domain/member-moderation';
import { rejectForm } from '~/web/reject-form.server';
import { requireStaff } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { shortDate, shortDateTime } from '~/utils/dates';
import { pageMeta } from '~/utils/meta';
import { positiveInt } from '~/utils/query';
import { liftSuspensionSchema, noteSchema, strikeSchema, suspendSchema, warnSchema } from '~/utils/schemas';

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta(loaderData ? `@${loaderData.member.username} · Staff` : 'Member · Staff', 'A member as staff see them.');

function memberOf(params: { id?: string }) {
  const member = findMember(positiveInt(params.id) ?? 0);
  if (!member) throw data({ message: 'This user does not exist.' }, { status: 404 });
  return member;
}

/**
 * A member as staff see them (admins and moderators): their standing (suspension,
 * active strikes, warnings), the measures staff may take, and the private notes.
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
      activeStrikes: standing.activeStrikes,
      strikes: standing.strikes.map((strike) => ({
        ...strike,
        createdAt: strike.createdAt.getTime(),
        expiresAt: strike.expiresAt.getTime(),
      })),
      warnings: standing.warnings.map((warning) => ({
        ...warning,
        createdAt: warning.createdAt.getTime(),
        acknowledgedAt: warning.acknowledgedAt?.getTime() ?? null,
      })),
    },
    notes: listModeratorNotes(member.id).map((note) => ({ ...note, createdAt: note.createdAt.getTime() })),
    canModerate: canModerateMember(viewer, member),
    canManage: canManageMember(viewer, member),
  };
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
    const why = result.reason === 'not_found' ? 'Not done: this user no longer exists.' : STAFF_RULE_REFUSAL;
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
  const { member, standing, notes, canModerate, canManage } = loaderData;
  return (
    <section aria-labelledby="member-title" className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="member-title" className="display text-2xl">
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
              {standing.activeStrikes} active {standing.activeStrikes === 1 ? 'strike' : 'strikes'}
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

      {canModerate ? (
        <MeasureForms
          suspended={standing.suspendedUntil !== null}
          lastIntent={actionData?.intent ?? null}
          lastResult={actionData?.result ?? null}
        />
      ) : (
        <p className="panel p-4 text-muted">{STAFF_RULE_REFUSAL}</p>
      )}
      <p className="text-sm text-muted">
        Strikes do nothing on their own: the count of active ones is here for staff to weigh. Each measure is in the audit log with who took
        it and why.
      </p>

      <div className="grid gap-6 lg:grid-cols-3">
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
                {strike.active ? `counts until ${shortDateTime(strike.expiresAt)}` : `expired ${shortDate(strike.expiresAt)}`}
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
      </div>
    </section>
  );
}

function History({ title, empty, children }: { title: string; empty: string; children: React.ReactNode[] }) {
  return (
    <section aria-label={title}>
      <h3 className="display text-lg">{title}</h3>
      {children.length === 0 ? <p className="mt-2 text-sm text-muted">{empty}</p> : <ul className="mt-2 grid gap-2">{children}</ul>}
    </section>
  );
}
