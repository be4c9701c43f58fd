import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import { writeOnce } from '~/services/image-files.server';
import { log } from '~/services/log.server';
import { primaryTarget } from '~/services/primary.server';

/** A file name as uploads are named (a content hash and an extension): no path, no dot file. */
const FILE_NAME = /^[A-Za-z0-9_-]+\.[a-z0-9]{2,5}$/;
const FETCH_TIMEOUT_MS = 30_000;

type Options = {
  uploadsDir: string;
  /** The folders under /uploads/ that everyone may see. */
  folders: readonly string[];
  /** The largest file fetched: no stored variant is bigger than an upload. */
  maxBytes: number;
};

/**
 * Photos on every node. Each node keeps uploads on its own volume, and the
 * primary is the one that stores them; a replica asked for a public upload it
 * does not have fetches it from the primary's public URL once, stores it
 * atomically, and lets the static handler serve it. Names are content hashes,
 * so a copy never goes stale, and concurrent requests share one fetch. What the
 * primary does not serve publicly (an unscreened photo) stays missing here too.
 */
export function fetchMissingUploads({ uploadsDir, folders, maxBytes }: Options): RequestHandler {
  const inFlight = new Map<string, Promise<void>>();
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const [folder, fileName, ...rest] = req.path.split('/').filter(Boolean);
    if (!folder || !fileName || rest.length > 0 || !folders.includes(folder) || !FILE_NAME.test(fileName)) return next();
    const target = join(uploadsDir, folder, fileName);
    if (
      await stat(target).then(
        (file) => file.isFile(),
        () => false,
      )
    )
      return next();
    const primary = await primaryTarget();
    if (primary.role !== 'replica') return next();
    const key = `${folder}/${fileName}`;
    let fetching = inFlight.get(key);
    if (!fetching) {
      fetching = copyFromPrimary(`${primary.url}/uploads/${key}`, join(uploadsDir, folder), fileName, maxBytes)
        .catch((error: unknown) => log.warn(`Could not fetch /uploads/${key} from the primary: ${(error as Error).message}`))
        .finally(() => inFlight.delete(key));
      inFlight.set(key, fetching);
    }
    await fetching;
    next();
  };
}

async function copyFromPrimary(url: string, folder: string, fileName: string, maxBytes: number): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  // Not (publicly) on the primary either: the static handler answers 404 as it would there.
  if (!response.ok || !response.body) return void (await response.body?.cancel());
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body.cancel();
    throw new Error(`larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  await mkdir(folder, { recursive: true });
  await writeOnce(folder, fileName, Buffer.concat(chunks, size));
}
