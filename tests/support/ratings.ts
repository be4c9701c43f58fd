import { openAppDatabase } from './test-database';

/** Sets a build's average and number of ratings straight in a running app's database, as many members' ratings would. */
export function rated(databasePath: string, buildId: number, averageRating: number, ratingCount: number): void {
  const sqlite = openAppDatabase(databasePath);
  try {
    sqlite.prepare('UPDATE builds SET average_rating = ?, rating_count = ? WHERE id = ?').run(averageRating, ratingCount, buildId);
  } finally {
    sqlite.close();
  }
}
