import { Form } from 'react-router';
import type { Route } from './+types/admin.audit';
import { AdminTable } from '~/components/admin/admin-table';
import { StaffMemberLink } from '~/components/admin/staff-member-link';
import { Pager } from '~/components/ui/pager';
import { listAudit, listAuditActors } from '~/models/audit.server';
import { auditActionText } from '~/domain/audit-actions';
import { requireStaff } from '~/web/session.server';
import { ADMIN_PAGE_SIZE } from '~/utils/constants';
import { shortDateTime } from '~/utils/dates';
import { pageNumber, positiveInt, withQuery } from '~/utils/query';

/**
 * Every admin and moderator action, newest first; `?actor=ID` shows one person's, `?page=` pages.
 * Staff's, moderators' too: each measure they take is a row here (decision 021).
 */
export function loader(args: Route.LoaderArgs) {
  requireStaff(args);
  const { searchParams } = args.url;
  const actorId = positiveInt(searchParams.get('actor')) ?? undefined;
  const page = pageNumber(searchParams.get('page'));
  const { rows, total } = listAudit({ actorId, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
  return {
    actorId: actorId ?? null,
    actors: listAuditActors(),
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
    entries: rows.map((row) => ({ ...row, what: auditActionText(row.action), createdAt: row.createdAt.getTime() })),
  };
}

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
              // When and what are the site's words: they stay whole beside a member's longest word in Details.
              <span key="when" className="wrap-break-word">
                {shortDateTime(entry.createdAt)}
              </span>,
              // So is a job's name ("competition closing"), where a member's would be.
              entry.actorId === null ? (
                <span key="who" className="wrap-break-word">
                  {entry.actorName}
                </span>
              ) : (
                <StaffMemberLink key="who" id={entry.actorId} username={entry.actorName} />
              ),
              <span key="what" className="wrap-break-word">
                {entry.what}
              </span>,
              <span key="target">
                {entry.targetUsername !== null ? (
                  <StaffMemberLink id={entry.targetId} username={entry.targetUsername} />
                ) : (
                  <>
                    {/* The row's kind is the site's word; its label (a competition's title) a member's, which may break anywhere. */}
                    <span className="wrap-break-word">
                      {entry.targetType} #{entry.targetId}
                    </span>
                    {entry.targetLabel ? <span className="wrap-anywhere text-muted"> ({entry.targetLabel})</span> : null}
                  </>
                )}
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
