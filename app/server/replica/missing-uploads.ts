import { join } from 'node:path';
import type { RequestHandler } from 'express';
import { fetchUploadFromPrimary, isFile } from '~/services/primary-files.server';
import { asksForPage } from '../http-methods';

type Options = {
  uploadsDir: string;
  /** The folders under /uploads/ that everyone may see. */
  folders: readonly string[];
  maxBytes: number;
};

/**
 * Mounted at /uploads before the static handler: on a replica, a public upload
 * this node lacks is first copied from the primary (fetchUploadFromPrimary),
 * then served by the static handler like any other; what the primary does not
 * serve publicly stays a 404 here too.
 */
export function fetchMissingUploads({ uploadsDir, folders, maxBytes }: Options): RequestHandler {
  return async (req, _res, next) => {
    if (!asksForPage(req.method)) return next();
    const [folder, fileName, ...rest] = req.path.split('/').filter(Boolean);
    if (!folder || !fileName || rest.length > 0 || !folders.includes(folder)) return next();
    if (!(await isFile(join(uploadsDir, folder, fileName)))) await fetchUploadFromPrimary({ uploadsDir, folder, fileName, maxBytes });
    next();
  };
}
