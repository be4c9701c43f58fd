import { Form, isRouteErrorResponse, Outlet, redirect, useLocation } from 'react-router';
import type { Route } from './+types/admin';
import { ErrorPage } from '~/components/error-page';
import { TabLinks } from '~/components/ui/tab-links';
import { moderationQueue } from '~/models/admin-overview.server';
import { requireStaff } from '~/web/session.server';
import { ADMIN_ACCESS_DENIED } from '~/utils/constants';
import { pageMeta } from '~/utils/meta';
import { withQuery } from '~/utils/query';

export const meta = () => pageMeta('Admin Dashboard', 'Run RigRoast: builds, members and moderation.');

/**
 * The dashboard's frame: admins and moderators only; each tab checks its own
 * access too. /admin itself is the overview (with the search box for admins);
 * Moderation carries the queue's count.
 */
export function loader(args: Route.LoaderArgs) {
  const viewer = requireStaff(args);
  const q = args.url.searchParams.get('q') ?? '';
  // A search sent to /admin itself (the box on the overview, an old link) lists builds, as it always did.
  if (q && viewer.isAdmin && args.url.pathname.replace(/\/$/, '') === '/admin') throw redirect(withQuery('/admin/builds', { q }));
  return { isAdmin: viewer.isAdmin, q, queue: moderationQueue().total };
}

/** The tabs that share the one search box (docs/product.md §2). */
const SEARCHABLE = ['/admin/builds', '/admin/users'];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { isAdmin, q, queue } = loaderData;
  const { pathname } = useLocation();
  const overview = { key: '/admin', label: 'Overview', href: '/admin' };
  const moderation = { key: '/admin/moderation', label: 'Moderation', href: '/admin/moderation', badge: queue };
  const integrity = { key: '/admin/integrity', label: 'Vote integrity', href: '/admin/integrity' };
  const audit = { key: '/admin/audit', label: 'Audit log', href: '/admin/audit' };
  const tabs = isAdmin
    ? [
        overview,
        { key: '/admin/builds', label: 'Builds', href: withQuery('/admin/builds', { q }) },
        { key: '/admin/users', label: 'Users', href: withQuery('/admin/users', { q }) },
        moderation,
        { key: '/admin/competitions', label: 'Competitions', href: '/admin/competitions' },
        integrity,
        audit,
      ]
    : [overview, moderation, integrity, audit];
  const current =
    pathname.replace(/\/$/, '') === '/admin'
      ? '/admin'
      : (tabs.find((tab) => tab.key !== '/admin' && pathname.startsWith(tab.key))?.key ?? '');
  // The one search box: on the tab it filters, and on the overview (for admins) it lists builds.
  const searchIn = SEARCHABLE.includes(current) ? current : current === '/admin' && isAdmin ? '/admin/builds' : null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="display text-3xl sm:text-4xl">
        Admin <span className="text-gradient">Dashboard</span>
      </h1>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <TabLinks label="Admin sections" tabs={tabs} current={current} />
        {searchIn ? (
          <Form method="get" action={searchIn} role="search" className="flex max-w-full gap-2">
            <label htmlFor="admin-search" className="sr-only">
              Search builds and users
            </label>
            <input
              id="admin-search"
              type="search"
              name="q"
              defaultValue={q}
              key={q}
              placeholder="Search builds and users"
              className="min-h-11 w-64 min-w-0 max-w-full rounded-lg border border-line bg-panel px-3 text-ink placeholder:text-muted focus:border-neon-cyan"
            />
            <button
              type="submit"
              className="min-h-11 shrink-0 rounded-lg border border-line px-4 text-sm font-bold uppercase tracking-wide wrap-normal hover:border-neon-cyan"
            >
              Search
            </button>
          </Form>
        ) : null}
      </div>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} text={status === 403 ? ADMIN_ACCESS_DENIED : undefined} />;
}
