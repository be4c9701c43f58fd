import { Form } from 'react-router';
import type { Route } from './+types/admin.audit';
import { AdminTable } from '~/components/admin/admin-table';
import { Pager } from '~/components/ui/pager';
import { listAudit, listAuditActors } from '~/models/audit.server';
import { requireAdmin } from '~/web/session.server';
import { ADMIN_PAGE_SIZE } from '~/utils/constants';
import { shortDateTime } from '~/utils/dates';
import { pageNumber, positiveInt, withQuery } from '~/utils/query';

/** Every admin and moderator action, newest first; `?actor=ID` shows one person's, `?page=` pages. */
export function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const { searchParams } = args.url;
  const actorId = positiveInt(searchParams.get('actor')) ?? undefined;
  const page = pageNumber(searchParams.get('page'));
  const { rows, total } = listAudit({ actorId, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
  return {
    actorId: actorId ?? null,
    actors: listAuditActors(),
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
    entries: rows.map((row) => ({ ...row, createdAt: row.createdAt.getTime() })),
  };
}

/** "delete-member" → "Deleted member", and so on: the action names read as past-tense sentences. */
const ACTIONS: Record<string, string> = {
  'delete-build': 'Deleted build',
  'disable-member': 'Disabled member',
  'enable-member': 'Enabled member',
  'grant-moderator-member': 'Made moderator',
  'remove-moderator-member': 'Removed moderator',
  'delete-member': 'Deleted member',
  'delete-own-account': 'Deleted their own account',
  'grant-admin': 'Made admin',
  'revoke-admin': 'Removed admin',
  'approve-build': 'Approved build',
  'reject-build': 'Rejected build',
  'approve-photo': 'Showed held photo',
  'reject-photo': 'Removed held photo',
  'hide-build': 'Hid build',
  'delete-comment': 'Deleted comment',
  'dismiss-report': 'Dismissed report',
  'act-on-report': 'Acted on report',
  'retry-roast': 'Retried roast',
  'create-competition': 'Created competition',
  'edit-competition': 'Edited competition',
  'end-competition': 'Ended competition',
  'close-competition': 'Closed competition',
  'discount-ratings': 'Discounted ratings',
  'restore-ratings': 'Restored ratings',
};

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { actorId, actors, page, pageCount, entries } = loaderData;
  return (
    <section aria-labelledby="audit-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="audit-title" className="display text-2xl">
          Audit log
        </h2>
        <Form method="get" className="flex items-end gap-2">
          <label className="grid gap-1 text-sm">
            <span className="text-muted">Who</span>
            <select
              name="actor"
              defaultValue={actorId ?? ''}
              key={actorId ?? ''}
              className="min-h-11 rounded-lg border border-line bg-panel px-3 text-ink"
            >
              <option value="">Everyone</option>
              {actors.map((actor) => (
                <option key={actor.id} value={actor.id}>
                  @{actor.username}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="min-h-11 rounded-lg border border-line px-4 text-sm font-bold uppercase tracking-wide hover:border-neon-cyan"
          >
            Show
          </button>
        </Form>
      </div>
      <div className="mt-4">
        <AdminTable
          caption="Audit log, newest first"
          empty="Nothing recorded yet."
          headers={['When', 'Who', 'What', 'On', 'Details']}
          rows={entries.map((entry) => ({
            key: entry.id,
            cells: [
              shortDateTime(entry.createdAt),
              entry.actorId === null ? entry.actorName : `@${entry.actorName}`,
              ACTIONS[entry.action] ?? entry.action,
              <span key="target">
                {entry.targetType} #{entry.targetId}
                {entry.targetLabel ? <span className="text-muted"> ({entry.targetLabel})</span> : null}
              </span>,
              <span key="details" className="text-muted">
                {entry.details}
              </span>,
            ],
          }))}
        />
      </div>
      <Pager
        page={page}
        pageCount={pageCount}
        hrefFor={(target) => withQuery('/admin/audit', { actor: actorId, page: target })}
        label="Audit log pages"
      />
    </section>
  );
}
