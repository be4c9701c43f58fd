import { checkDatabase } from '~/models/health.server';

/** For load balancers and uptime checks: 200 once the database answers, 503 otherwise. */
export function loader() {
  const database = checkDatabase();
  const headers = { 'Cache-Control': 'no-store' };
  if (!database.ok) return Response.json({ ok: false, database: database.error }, { status: 503, headers });
  return Response.json({ ok: true, database: 'ok', databaseMs: database.ms, uptimeS: Math.round(process.uptime()) }, { headers });
}
