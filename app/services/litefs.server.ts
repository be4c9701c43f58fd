import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

export type PrimaryStatus = { role: 'primary' } | { role: 'replica'; primary: string } | { role: 'unknown'; reason: string };

type Options = {
  /** The LiteFS mount folder (LITEFS_DIR); unset means no LiteFS, a single writable node. */
  litefsDir?: string;
  /** LiteFS's local HTTP API. */
  infoUrl?: string;
  fetch?: typeof fetch;
};

/**
 * Asks LiteFS whether this node may write. `.primary` alone cannot answer:
 * it is absent both on the primary and on a replica that lost its primary, so
 * the local `/info` API decides and the file only names the primary to replay to.
 */
export async function primaryStatus({
  litefsDir,
  infoUrl = 'http://127.0.0.1:20202/info',
  fetch: fetchImpl = fetch,
}: Options): Promise<PrimaryStatus> {
  if (!litefsDir) return { role: 'primary' };
  try {
    const response = await fetchImpl(infoUrl, { signal: AbortSignal.timeout(1000) });
    if (!response.ok) return { role: 'unknown', reason: `LiteFS /info answered ${response.status}` };
    const info = (await response.json()) as { isPrimary?: boolean };
    if (info.isPrimary) return { role: 'primary' };
    const primary = await readFile(join(litefsDir, '.primary'), 'utf8').catch(() => '');
    return primary.trim() ? { role: 'replica', primary: primary.trim() } : { role: 'unknown', reason: 'this replica has no primary' };
  } catch (error) {
    return { role: 'unknown', reason: `LiteFS /info unreachable: ${(error as Error).message}` };
  }
}

/** SQLite errors that mean "this node is a read-only LiteFS replica". */
export function isReplicaWriteError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_IOERR_WRITE' || code.startsWith('SQLITE_READONLY'));
}

/**
 * Where this node's copy of the database stands: the TXID of the last
 * transaction LiteFS applied, from the `<db>-pos` file it keeps beside the
 * database (`0000000000000002/9c30661456055e32`: TXID/checksum in hex).
 * Undefined when there is none yet. Read synchronously: it is a few bytes from
 * LiteFS's memory, and read-your-writes asks it while holding a response.
 */
export function databasePosition(litefsDir: string, databasePath: string): number | undefined {
  try {
    const match = /^([0-9a-f]{16})\//.exec(readFileSync(join(litefsDir, `${basename(databasePath)}-pos`), 'utf8'));
    const txid = match ? Number.parseInt(match[1]!, 16) : Number.NaN;
    return Number.isSafeInteger(txid) ? txid : undefined;
  } catch {
    return undefined;
  }
}

/** The app on the primary: PRIMARY_APP_URL with `{host}` replaced by the hostname LiteFS named. */
export function primaryAppUrl(template: string, hostname: string): string {
  return template.replaceAll('{host}', hostname);
}
