import { Link } from 'react-router';
import { CompetitionBadge } from '~/components/competition/badge';
import { TrophyIcon } from '~/components/icons';
import { type CompetitionWin, ordinal, type Prize, prizeName } from '~/domain/competitions';
import { shortDate } from '~/utils/dates';
import { buildPath } from '~/utils/build-path';
import { counted } from '~/utils/count';

/** A win as a page's data carries it: dates as numbers, the build by id and title. */
export type WinData = Omit<CompetitionWin, 'closedAt' | 'build'> & { closedAt: number; build: { id: number; title: string } | null };

/** What a ribbon on a winning build says: the prize and the competition. */
export type RibbonData = { competitionId: number; competitionTitle: string; prize: Prize };

export function winData({ closedAt, build, ...win }: CompetitionWin): WinData {
  return { ...win, closedAt: closedAt.getTime(), build: build && { id: build.id, title: build.title } };
}

export function ribbonData({ competitionId, competitionTitle, prize }: CompetitionWin): RibbonData {
  return { competitionId, competitionTitle, prize };
}

type Tone = { border: string; text: string };

/** The podium's colours, as the competition page draws them (winners.tsx), and the jury's. */
const PODIUM: Tone[] = [
  { border: 'border-flame/60', text: 'text-flame' },
  { border: 'border-neon-cyan/60', text: 'text-neon-cyan' },
  { border: 'border-neon-pink/60', text: 'text-neon-pink' },
];
const JURY: Tone = { border: 'border-neon-pink/60', text: 'text-neon-pink' };

function tone(prize: Prize): Tone {
  return prize.kind === 'jury' ? JURY : (PODIUM[prize.place - 1] ?? PODIUM[0]!);
}

/** A tone as classes: its border and its text. */
function toneClass(prize: Prize): string {
  const { border, text } = tone(prize);
  return `${border} ${text}`;
}

/** "1st place, Cable Management Cup". */
function ribbonText(ribbon: RibbonData): string {
  return `${prizeName(ribbon.prize)}, ${ribbon.competitionTitle}`;
}

/**
 * The ribbon on a winning build's card, over its photo: the first win, and how many more.
 * Text only: the whole card links to the build, whose page links each competition.
 */
export function CardRibbon({ ribbons }: { ribbons: RibbonData[] }) {
  const [first, ...more] = ribbons;
  if (!first) return null;
  return (
    <p
      className={`absolute left-2 top-2 flex max-w-[calc(100%-1rem)] items-center gap-1.5 rounded-full border bg-void/90 px-2.5 py-1 text-xs font-bold ${toneClass(first.prize)}`}
    >
      <TrophyIcon className="size-4 shrink-0" />
      <span className="sr-only">Won: </span>
      <span className="min-w-0 truncate">{ribbonText(first)}</span>
      {more.length > 0 ? <span className="shrink-0">+{more.length}</span> : null}
    </p>
  );
}

/** The ribbons on a winning build's page: each win, with its competition's badge, a link to the competition. */
export function BuildRibbons({ ribbons }: { ribbons: RibbonData[] }) {
  if (ribbons.length === 0) return null;
  return (
    <ul aria-label="Prizes this build won" className="mt-4 flex flex-wrap gap-2">
      {ribbons.map((ribbon) => (
        <li key={`${ribbon.competitionId}-${ribbon.prize.kind}`} className="min-w-0 max-w-full">
          <Link
            to={`/competitions/${ribbon.competitionId}`}
            className={`flex min-w-0 items-center gap-2 rounded-full border bg-panel-2/80 py-1 pl-1.5 pr-3.5 text-sm font-bold hover:bg-panel-2 ${toneClass(ribbon.prize)}`}
          >
            <TrophyIcon className="size-5 shrink-0" />
            <span className="min-w-0">{ribbonText(ribbon)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A member's wins, the latest first: each with its badge, the prize it was promised, the competition and the build. */
export function TrophyCase({ wins }: { wins: WinData[] }) {
  if (wins.length === 0) return null;
  return (
    <section aria-labelledby="trophies-heading" className="grid gap-4">
      <h2 id="trophies-heading" className="flex items-baseline justify-between text-lg font-bold">
        Trophy case
        <span className="text-sm font-normal text-muted">{counted(wins.length, 'win', 'wins')}</span>
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {wins.map((win) => (
          <li
            key={`${win.competitionId}-${win.prize.kind}`}
            className={`flex min-w-0 items-start gap-3 rounded-lg border bg-panel-2/60 p-3 ${tone(win.prize).border}`}
          >
            <span className="relative shrink-0">
              <CompetitionBadge badgeUrl={win.badgeUrl} className="size-14" />
              <span
                aria-hidden="true"
                className={`absolute -bottom-1 -right-1 rounded-full border bg-void px-1.5 text-[0.65rem] font-bold leading-4 ${toneClass(win.prize)}`}
              >
                {win.prize.kind === 'jury' ? 'Jury' : ordinal(win.prize.place)}
              </span>
            </span>
            <div className="grid min-w-0 gap-0.5">
              <p className={`display text-base ${tone(win.prize).text}`}>{prizeName(win.prize)}</p>
              {win.prizeText ? <p className="text-sm text-ink">{win.prizeText}</p> : null}
              <p className="text-sm">
                <Link to={`/competitions/${win.competitionId}`} className="font-bold underline-offset-4 hover:underline">
                  {win.competitionTitle}
                </Link>
              </p>
              <p className="text-sm text-muted">
                {win.build ? (
                  <Link to={buildPath(win.build.id)} className="underline-offset-4 hover:underline">
                    {win.build.title}
                  </Link>
                ) : (
                  'a build no longer listed'
                )}
                {' · '}
                <time dateTime={new Date(win.closedAt).toISOString()}>{shortDate(win.closedAt)}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
