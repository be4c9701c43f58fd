import { sql } from 'drizzle-orm';
import { db } from '~/services/db.server';

/**
 * Pages of the search index one merge step writes: a few tenths of a second at
 * most, so the writes waiting behind a step (a rating, a comment) hardly notice it.
 */
export const SEARCH_MERGE_PAGES = 200;

/**
 * Merges builds_search's segments into one, FTS5's incremental 'optimize', a
 * step at a time: it yields after each step that did work, so the caller may let
 * other writes go first, and ends once the index is merged. Every write to a
 * build's text adds a segment and leaves its old entries behind until a merge
 * drops them; a search reads every segment, so a merged index answers the
 * commonest words in half the time.
 */
export function* mergeSearchIndex(pages = SEARCH_MERGE_PAGES): Generator<void, void, void> {
  for (let first = true; mergeStep(first, pages); first = false) yield;
}

/**
 * One step: the first (`first`) puts all segments on one level; the next ones
 * carry that merge on, even when new segments arrive meanwhile. Answers whether
 * it did any work.
 */
function mergeStep(first: boolean, pages: number): boolean {
  const changes = () => db().get<{ n: number }>(sql`select total_changes() as n`)!.n;
  const before = changes();
  // A negative page count starts an optimize even with few segments; a positive one continues it.
  db().run(sql`insert into builds_search (builds_search, rank) values ('merge', ${first ? -pages : pages})`);
  return changes() - before >= 2;
}
