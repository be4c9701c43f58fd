import { TabLinks } from '~/components/ui/tab-links';
import type { LeaderboardPeriod } from '~/domain/leaderboards';

export type PeriodTab = { period: LeaderboardPeriod; label: string; href: string; window: string };

/** The tab labels (docs/product.md §2), in order, with the rolling window each one covers. */
export const PERIOD_TABS: PeriodTab[] = [
  { period: 'today', label: 'TODAY', href: '/leaderboard/today', window: 'in the last 24 hours' },
  { period: 'week', label: 'THIS WEEK', href: '/leaderboard/week', window: 'in the last 7 days' },
  { period: 'month', label: 'THIS MONTH', href: '/leaderboard/month', window: 'in the last 30 days' },
  { period: 'all-time', label: 'ALL TIME', href: '/leaderboard/all-time', window: 'since RigRoast began' },
];

export function periodTab(period: LeaderboardPeriod): PeriodTab {
  return PERIOD_TABS.find((tab) => tab.period === period) ?? PERIOD_TABS[0]!;
}

/** The periods as tabs that are links; `shown` moves ahead to the period being loaded. */
export function PeriodTabs({ current, shown }: { current: LeaderboardPeriod; shown: LeaderboardPeriod }) {
  const tabs = PERIOD_TABS.map((tab) => ({ key: tab.period, label: tab.label, href: tab.href }));
  return <TabLinks label="Leaderboard period" tabs={tabs} current={current} shown={shown} className="mt-8" />;
}
