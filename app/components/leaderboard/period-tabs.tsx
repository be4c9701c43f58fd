import { Link } from 'react-router';
import type { LeaderboardPeriod } from '~/models/leaderboards.server';

export type PeriodTab = { period: LeaderboardPeriod; label: string; href: string; window: string };

/** The spec's tab labels, in order, with the rolling window each one covers. */
export const PERIOD_TABS: PeriodTab[] = [
  { period: 'today', label: 'TODAY', href: '/leaderboard/today', window: 'in the last 24 hours' },
  { period: 'week', label: 'THIS WEEK', href: '/leaderboard/week', window: 'in the last 7 days' },
  { period: 'month', label: 'THIS MONTH', href: '/leaderboard/month', window: 'in the last 30 days' },
  { period: 'all-time', label: 'ALL TIME', href: '/leaderboard/all-time', window: 'since RigRoast began' },
];

export function periodTab(period: LeaderboardPeriod): PeriodTab {
  return PERIOD_TABS.find((tab) => tab.period === period) ?? PERIOD_TABS[0]!;
}

/**
 * The periods as plain links, so they work without JavaScript and take Tab and
 * Enter like any link. `current` is the page shown (aria-current); `shown` is
 * the tab drawn as selected, which moves ahead to the one being loaded.
 */
export function PeriodTabs({ current, shown }: { current: LeaderboardPeriod; shown: LeaderboardPeriod }) {
  return (
    <nav aria-label="Leaderboard period" className="mt-8">
      <ul className="flex flex-wrap gap-2">
        {PERIOD_TABS.map((tab) => (
          <li key={tab.period}>
            <Link
              to={tab.href}
              preventScrollReset
              prefetch="intent"
              aria-current={tab.period === current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg px-4 text-xs font-bold tracking-widest ${
                tab.period === shown
                  ? 'bg-neon-cyan text-void'
                  : 'border border-line text-muted hover:border-neon-cyan hover:text-ink'
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
