import { Link } from 'react-router';
import type { Route } from './+types/admin.overview';
import { adminOverview } from '~/models/admin-overview.server';
import { requireStaff } from '~/web/session.server';

/** What waits for staff and what arrived today (UTC): the dashboard's first page. */
export function loader(args: Route.LoaderArgs) {
  const viewer = requireStaff(args);
  return { overview: adminOverview(), isAdmin: viewer.isAdmin };
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { overview, isAdmin } = loaderData;
  const cards = [
    { label: 'Open reports', value: overview.openReports, href: '/admin/moderation#reports-title' },
    { label: 'Held builds', value: overview.heldBuilds, href: '/admin/moderation#held-title' },
    { label: 'Held photos', value: overview.heldPhotos, href: '/admin/moderation#held-photos-title' },
    { label: 'Open appeals', value: overview.openAppeals, href: '/admin/moderation#appeals-title' },
    { label: 'New members today', value: overview.newMembersToday, href: isAdmin ? '/admin/users' : null },
    { label: 'New builds today', value: overview.newBuildsToday, href: isAdmin ? '/admin/builds' : null },
  ];
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="display text-2xl">
        Overview
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
        {cards.map((card) => (
          <li key={card.label} className="panel p-4">
            <p className="display text-3xl">{card.value}</p>
            {card.href ? (
              <Link to={card.href} className="mt-1 block text-sm font-semibold text-neon-cyan hover:underline">
                {card.label}
              </Link>
            ) : (
              <p className="mt-1 text-sm text-muted">{card.label}</p>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted">
        Reports, held builds and photos, and appeals wait in the{' '}
        <Link to="/admin/moderation" className="text-neon-cyan underline underline-offset-4 hover:no-underline">
          moderation queue
        </Link>{' '}
        ({overview.total} in all, the number on its tab). “Today” starts at 00:00 UTC.
      </p>
    </section>
  );
}
