import { Link } from 'react-router';
import type { Route } from './+types/admin.competitions';
import { AdminTable, Badge } from '~/components/admin/admin-table';
import { ConfirmDialog } from '~/components/admin/confirm-dialog';
import { buttonClass } from '~/components/ui/button';
import { endCompetition, findCompetitionForAdmin, listCompetitionsForAdmin } from '~/models/competitions.server';
import { type CompetitionStatus } from '~/domain/competitions';
import { requireAdmin } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { shortDate } from '~/utils/dates';
import { positiveInt } from '~/utils/query';

/** Every competition, the latest first; `?end=ID` opens the confirmation to end one. */
export function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const toEnd = positiveInt(args.url.searchParams.get('end'));
  const ending = toEnd ? findCompetitionForAdmin(toEnd) : null;
  return {
    competitions: listCompetitionsForAdmin().map((competition) => ({
      id: competition.id,
      title: competition.title,
      theme: competition.theme,
      status: competition.status,
      startDate: competition.startDate.getTime(),
      endDate: competition.endDate.getTime(),
    })),
    ending: ending && ending.status !== 'ended' ? { id: ending.id, title: ending.title, status: ending.status } : null,
  };
}

const BACK = '/admin/competitions';

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const form = await args.request.formData();
  const result = endCompetition(admin, Number(form.get('competitionId')));
  if (result.ok) return redirectWithToast(BACK, { title: 'Competition ended', description: result.title }, { status: 303 });
  return redirectWithToast(
    BACK,
    { kind: 'error', title: 'Error', description: 'Failed to end competition: it has already ended.' },
    { status: 303 },
  );
}

const STATUS: Record<CompetitionStatus, { label: string; tone: 'lime' | 'cyan' | 'muted' }> = {
  active: { label: 'Active', tone: 'lime' },
  upcoming: { label: 'Upcoming', tone: 'cyan' },
  ended: { label: 'Ended', tone: 'muted' },
};

export default function AdminCompetitions({ loaderData }: Route.ComponentProps) {
  const { competitions, ending } = loaderData;
  return (
    <section aria-labelledby="competitions-title">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="competitions-title" className="display text-2xl">
          Competitions
        </h2>
        <Link to="/admin/competitions/new" className={buttonClass('hot', 'md')}>
          New competition
        </Link>
      </div>
      <div className="mt-4">
        <AdminTable
          caption="Competitions"
          empty="No competitions yet."
          headers={['Title', 'Theme', 'Starts', 'Ends', 'Status', 'Actions']}
          rows={competitions.map((competition) => ({
            key: competition.id,
            cells: [
              <span key="title" className="font-bold">
                {competition.title}
              </span>,
              competition.theme,
              shortDate(competition.startDate),
              shortDate(competition.endDate),
              <Badge key="status" tone={STATUS[competition.status].tone}>
                {STATUS[competition.status].label}
              </Badge>,
              <span key="actions" className="flex flex-wrap gap-2">
                <Link
                  to={`/admin/competitions/${competition.id}`}
                  aria-label={`Edit ${competition.title}`}
                  className={buttonClass('ghost', 'sm')}
                >
                  Edit
                </Link>
                {competition.status === 'ended' ? null : (
                  <Link
                    to={`/admin/competitions?end=${competition.id}`}
                    preventScrollReset
                    aria-label={`End ${competition.title}`}
                    className={buttonClass('ghost', 'sm')}
                  >
                    End
                  </Link>
                )}
              </span>,
            ],
          }))}
        />
      </div>
      {ending ? (
        <ConfirmDialog
          title="End competition"
          text={
            <p>
              {ending.status === 'upcoming'
                ? `Call off “${ending.title}” before it starts? It will not open.`
                : `End “${ending.title}” now? It closes at once: its standings become the final placements and its winners are announced.`}
            </p>
          }
          confirmLabel="End competition"
          cancelHref={BACK}
        >
          <input type="hidden" name="competitionId" value={ending.id} />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
