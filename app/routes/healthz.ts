import { checkDatabase } from '~/models/health.server';
import { roasterStatus } from '~/roast/roaster-state.server';

/**
 * For load balancers and uptime checks: 200 once the database answers, 503 otherwise.
 * It also names the roaster's state (ready, loading, unreachable, builtin): a roaster
 * that cannot answer does not make the site unhealthy, since the built-in one stands in.
 */
export async function loader() {
  const database = checkDatabase();
  const headers = { 'Cache-Control': 'no-store' };
  const roaster = (await roasterStatus()).state;
  if (!database.ok) return Response.json({ ok: false, database: database.error, roaster }, { status: 503, headers });
  return Response.json({ ok: true, database: 'ok', databaseMs: database.ms, roaster, uptimeS: Math.round(process.uptime()) }, { headers });
}
