import { Link } from 'react-router';
import type { Route } from './+types/admin.overview';
import { adminOverview } from '~/models/admin-overview.server';
import { type RoasterStatus, roasterStatus } from '~/roast/roaster-state.server';
import { requireStaff } from '~/web/session.server';

/** What waits for staff, what arrived today (UTC) and who writes the roasts: the dashboard's first page. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = requireStaff(args);
  const roaster = await roasterStatus();
  // Why Ollama cannot be reached names its address: for admins, who configure it.
  return { overview: adminOverview(), isAdmin: viewer.isAdmin, roaster: viewer.isAdmin ? roaster : { ...roaster, problem: null } };
}

/** The roaster's state in words, as /healthz names it. */
function roasterLine(roaster: RoasterStatus): { title: string; detail: string } {
  switch (roaster.state) {
    case 'builtin':
      return { title: 'Built-in roaster', detail: 'ROAST_PROVIDER is builtin: roasts are written without a model.' };
    case 'loading':
      return { title: 'Loading the model', detail: `${roaster.model ?? ''} is being loaded into memory; roasts wait for it.` };
    case 'ready':
      return {
        title: 'Model ready',
        detail: roaster.loaded
          ? `${roaster.model ?? ''} is loaded: roasts start at once.`
          : `${roaster.model ?? ''} answers but is not in memory: the next roast waits for it to load.`,
      };
    case 'unreachable':
      return {
        title: 'Model unreachable',
        detail: `${roaster.model ?? ''} does not answer; the built-in roaster writes the roasts meanwhile (unless ROAST_PROVIDER is ollama, when they wait).`,
      };
  }
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { overview, isAdmin, roaster } = loaderData;
  const roasterText = roasterLine(roaster);
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
      <section aria-labelledby="roaster-title" className="panel mt-6 p-4">
        <h3 id="roaster-title" className="text-sm font-semibold text-muted">
          Roaster
        </h3>
        <p className="display mt-1 text-xl" data-roaster-state={roaster.state}>
          {roasterText.title}
        </p>
        <p className="mt-1 text-sm text-muted">{roasterText.detail}</p>
        {roaster.problem ? <p className="mt-1 text-sm text-muted">{roaster.problem}</p> : null}
      </section>
    </section>
  );
}
