import { sql } from 'drizzle-orm';
import { db } from '~/services/db.server';

/** How many segments the gallery search's index is in (each write adds one until a merge). */
export const searchIndexSegments = () => db().get<{ n: number }>(sql`select count(distinct segid) as n from builds_search_idx`)!.n;
