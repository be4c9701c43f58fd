import { Link } from 'react-router';
import { CompetitionBadge } from './badge';
import { buttonClass } from '~/components/ui/button';
import type { CompetitionCard as CardData } from '~/domain/competitions';
import { counted } from '~/utils/count';
import { daysLeftText, startsInText } from '~/utils/dates';

/**
 * A competition as a card (docs/product.md §4), on /competitions and the home page: "Active"
 * (or "Starts in N days"), the days left until its end, theme, prizes, badge and
 * entries. `now` comes from the loader, so server and browser render the same days.
 */
export function CompetitionCard({
  competition,
  now,
  headingLevel = 'h2',
}: {
  competition: CardData;
  now: number;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const upcoming = competition.status === 'upcoming';
  return (
    <article className="panel flex h-full flex-col p-5">
      <p className="flex flex-wrap items-center justify-between gap-2 text-xs font-bold uppercase tracking-widest">
        {upcoming ? (
          <span className="rounded-full bg-neon-cyan/15 px-2 py-0.5 text-neon-cyan">{startsInText(competition.startDate, now)}</span>
        ) : (
          <span className="rounded-full bg-neon-lime/15 px-2 py-0.5 text-neon-lime">Active</span>
        )}
        <span className="text-muted">{daysLeftText(competition.endDate, now)}</span>
      </p>
      <div className="mt-4 flex items-start gap-4">
        <CompetitionBadge badgeUrl={competition.badgeUrl} />
        <div className="min-w-0">
          <Heading className="wrap-anywhere text-lg font-bold">{competition.title}</Heading>
          <p className="text-sm text-neon-cyan">{competition.theme}</p>
        </div>
      </div>
      <p className="mt-3 line-clamp-3 text-sm text-muted">{competition.description}</p>
      {competition.prizes.length > 0 ? (
        <ul aria-label="Prizes" className="mt-3 grid gap-1 text-sm">
          {competition.prizes.map((prize) => (
            <li key={prize} className="flex gap-2">
              <span aria-hidden="true" className="text-flame">
                ★
              </span>
              {prize}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-4">
        <p className="text-sm text-muted">{counted(competition.entryCount, 'entry', 'entries')}</p>
        <Link to={`/competitions/${competition.id}`} className={buttonClass('primary', 'sm')}>
          View Competition<span className="sr-only">: {competition.title}</span>
        </Link>
      </div>
    </article>
  );
}

/** Competition cards in a responsive grid, each under an `h3` (the list sits under a section heading). */
export function CompetitionGrid({ competitions, now, className = '' }: { competitions: CardData[]; now: number; className?: string }) {
  return (
    <ul className={`grid gap-5 md:grid-cols-2 lg:grid-cols-3 ${className}`}>
      {competitions.map((competition) => (
        <li key={competition.id}>
          <CompetitionCard competition={competition} now={now} headingLevel="h3" />
        </li>
      ))}
    </ul>
  );
}
