import { sql } from 'drizzle-orm';
import { battleVotes, builds, ratings } from '../../db/schema';
import { db } from '~/services/db.server';

/**
 * How much the upkeep jobs (the leaderboards' ranking, the battle fit, the vote-integrity
 * scan) read whole, bounded from above by the last id of builds, ratings and battle votes
 * (ids start at 1 and are never reused): three index lookups, no scan.
 */
export function upkeepRows(): number {
  const last = (table: typeof builds | typeof ratings | typeof battleVotes) => sql`(select coalesce(max(${table.id}), 0) from ${table})`;
  return db().get<{ rows: number }>(sql`select ${last(builds)} + ${last(ratings)} + ${last(battleVotes)} as rows`).rows;
}
