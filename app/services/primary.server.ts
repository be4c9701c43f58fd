import { env } from './env.server';
import { primaryStatus } from './litefs.server';
import { log } from './log.server';

// LiteFS's answer is cached briefly: requests may ask on every hit, and the
// primary only moves when a lease changes hands.
const CACHE_MS = 2000;
let cached: { primary: boolean; at: number } | undefined;

/** Whether this instance may write to the database (always, without LiteFS). */
export async function isPrimary(now = Date.now()): Promise<boolean> {
  const { LITEFS_DIR } = env();
  if (!LITEFS_DIR) return true;
  if (cached && now - cached.at < CACHE_MS) return cached.primary;
  const status = await primaryStatus({ litefsDir: LITEFS_DIR });
  if (status.role === 'unknown') log.warn(`LiteFS role unknown: ${status.reason}`);
  cached = { primary: status.role === 'primary', at: now };
  return cached.primary;
}
