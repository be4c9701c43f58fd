import { env } from './env.server';
import { type PrimaryStatus, primaryAppUrl, primaryStatus } from './litefs.server';
import { log } from './log.server';

export type PrimaryTarget = { role: 'primary' } | { role: 'replica'; hostname: string; url: string } | { role: 'unknown'; reason: string };

// LiteFS's answer is cached briefly: requests may ask on every hit, and the
// primary only moves when a lease changes hands.
const CACHE_MS = 2000;
let cached: { target: Promise<PrimaryTarget>; at: number } | undefined;

/**
 * Who writes: this node, another one (with the app's URL there, from
 * PRIMARY_APP_URL), or nobody reachable right now (a replica whose primary is
 * down). Always this node without LiteFS.
 */
export function primaryTarget(now = Date.now()): Promise<PrimaryTarget> {
  const { LITEFS_DIR, LITEFS_INFO_URL, PRIMARY_APP_URL } = env();
  if (!LITEFS_DIR) return Promise.resolve({ role: 'primary' });
  if (cached && now - cached.at < CACHE_MS) return cached.target;
  // One question in flight however many requests ask at once.
  const target = primaryStatus({ litefsDir: LITEFS_DIR, infoUrl: LITEFS_INFO_URL }).then((status) => toTarget(status, PRIMARY_APP_URL));
  cached = { target, at: now };
  return target;
}

function toTarget(status: PrimaryStatus, template: string): PrimaryTarget {
  if (status.role === 'unknown') log.warn(`LiteFS role unknown: ${status.reason}`);
  if (status.role !== 'replica') return status;
  return { role: 'replica', hostname: status.primary, url: primaryAppUrl(template, status.primary) };
}

/** Whether this instance may write to the database (always, without LiteFS). */
export async function isPrimary(now = Date.now()): Promise<boolean> {
  return (await primaryTarget(now)).role === 'primary';
}
