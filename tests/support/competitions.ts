import { openAppDatabase } from './test-database';
import { runScheduledJobNow } from './test-database';

const DAY = 24 * 3600_000;

/**
 * Writes a competition straight into a running app's database (as an admin's form
 * would save it): running from a day ago for a week unless `startDate`/`endDate` say.
 */
export function insertCompetition(
  databasePath: string,
  {
    title,
    startDate = Date.now() - DAY,
    endDate = Date.now() + 7 * DAY,
    prizes = ['Gold', 'Silver', 'Bronze'],
    series = null,
    jurors = [],
  }: {
    title: string;
    startDate?: number;
    endDate?: number;
    prizes?: string[];
    series?: string | null;
    /** The jurors' member ids. */
    jurors?: number[];
  },
): number {
  const sqlite = openAppDatabase(databasePath);
  try {
    const id = Number(
      sqlite
        .prepare(
          "insert into competitions (title, description, theme, rules, start_date, end_date, prize_description, series) values (?, 'Show your rig.', 'Any build', 'One build per member.', ?, ?, ?, ?)",
        )
        .run(title, startDate, endDate, prizes.join('\n'), series).lastInsertRowid,
    );
    for (const userId of jurors) sqlite.prepare('insert into competition_jurors (competition_id, user_id) values (?, ?)').run(id, userId);
    return id;
  } finally {
    sqlite.close();
  }
}

/** Moves a competition's end date (e.g. into the past, as time would). */
export function setCompetitionEnd(databasePath: string, competitionId: number, endDate: number): void {
  const sqlite = openAppDatabase(databasePath);
  try {
    sqlite.prepare('update competitions set end_date = ? where id = ?').run(endDate, competitionId);
  } finally {
    sqlite.close();
  }
}

/** Brings the app's competition-closing job forward and waits until that run is done. */
export function closeDueCompetitionsNow(databasePath: string): Promise<void> {
  return runScheduledJobNow(databasePath, 'competition-closing');
}
