import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeOnce } from './files.server';
import { log } from './log.server';
import { primaryTarget } from './primary.server';

/** A file name as uploads are named (a content hash and an extension): no path, no dot file. */
const FILE_NAME = /^[A-Za-z0-9_-]+\.[a-z0-9]{2,5}$/;
const FETCH_TIMEOUT_MS = 30_000;

const inFlight = new Map<string, Promise<boolean>>();

type Upload = {
  uploadsDir: string;
  /** A folder served publicly at /uploads/<folder>/ (only those: an unscreened photo is never copied). */
  folder: string;
  fileName: string;
  /** The largest file fetched: no stored variant is bigger than an upload. */
  maxBytes: number;
};

/**
 * Photos on every node. Each node keeps uploads on its own volume and the
 * primary is the one that stores them: on a replica, a public upload missing
 * here is fetched from the primary's public URL once, stored atomically, and
 * kept (names are content hashes, so a copy never goes stale; whether it may
 * still be shown is the database's to say, see public-uploads.ts). Concurrent
 * asks for one file share one fetch. Answers whether the file is here now;
 * always false on the primary or without LiteFS, and for a file the primary
 * does not serve publicly either.
 */
export async function fetchUploadFromPrimary({ uploadsDir, folder, fileName, maxBytes }: Upload): Promise<boolean> {
  if (!FILE_NAME.test(fileName)) return false;
  const primary = await primaryTarget();
  if (primary.role !== 'replica') return false;
  if (await isFile(join(uploadsDir, folder, fileName))) return true;
  const key = `${folder}/${fileName}`;
  let fetching = inFlight.get(key);
  if (!fetching) {
    fetching = copyFromPrimary(`${primary.url}/uploads/${key}`, join(uploadsDir, folder), fileName, maxBytes)
      .catch((error: unknown) => {
        log.warn(`Could not fetch /uploads/${key} from the primary: ${(error as Error).message}`);
        return false;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, fetching);
  }
  return fetching;
}

/** Whether `path` is a file on this node's volume. */
const isFile = (path: string) =>
  stat(path).then(
    (file) => file.isFile(),
    () => false,
  );

async function copyFromPrimary(url: string, folder: string, fileName: string, maxBytes: number): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return false;
  }
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
  return true;
}
