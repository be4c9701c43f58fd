import { Link } from 'react-router';

/** `badge`: a count drawn beside the label (the moderation queue), when above 0. */
export type TabLink = { key: string; label: string; href: string; badge?: number };

/**
 * Tabs that are plain links, so they work without JavaScript and take Tab and
 * Enter like any link. `current` is the page shown (aria-current); `shown` is the
 * tab drawn as selected, which may move ahead to one still loading.
 */
export function TabLinks({
  label,
  tabs,
  current,
  shown = current,
  className = '',
}: {
  label: string;
  tabs: TabLink[];
  current: string;
  shown?: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      {/* One row on a phone too: the tabs share its width and tighten their letters rather than wrap to a second row. */}
      <ul className="flex flex-wrap gap-1.5 sm:gap-2">
        {tabs.map((tab) => (
          <li key={tab.key} className="flex-auto sm:flex-none">
            <Link
              to={tab.href}
              preventScrollReset
              prefetch="intent"
              aria-current={tab.key === current ? 'page' : undefined}
              className={`flex min-h-11 items-center justify-center whitespace-nowrap rounded-lg px-1.5 text-xs font-bold uppercase tracking-normal sm:px-4 sm:tracking-widest ${
                tab.key === shown ? 'bg-neon-cyan text-void' : 'border border-line text-muted hover:border-neon-cyan hover:text-ink'
              }`}
            >
              {tab.label}
              {tab.badge ? (
                <span className="ml-1.5 rounded-full bg-flame px-1.5 text-[0.7rem] leading-5 tracking-normal text-void">
                  {tab.badge}
                  <span className="sr-only"> waiting</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
