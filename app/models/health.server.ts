import { sql } from 'drizzle-orm';
import { db } from '~/services/db.server';

export type DatabaseHealth = { ok: true; ms: number } | { ok: false; error: string };

/** Whether the database answers a trivial query, and how fast. */
export function checkDatabase(): DatabaseHealth {
  const started = performance.now();
  try {
    db().get(sql`select 1`);
    return { ok: true, ms: Math.round((performance.now() - started) * 100) / 100 };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
