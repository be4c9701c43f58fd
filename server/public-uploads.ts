import { join } from 'node:path';
import type { RequestHandler, Response } from 'express';
import { isPublicUpload } from '~/images/serve.server';
import { fetchUploadFromPrimary } from '~/services/primary-files.server';
import { asksForPage } from './http-methods';

type Options = {
  uploadsDir: string;
  /** The folder under UPLOADS_DIR this serves, mounted at /uploads/<folder>. */
  folder: string;
  maxBytes: number;
};

const notFound = (res: Response) => res.status(404).type('text/plain').send('Not found');

/**
 * One public folder of uploads, on every node: a file is served only while the database
 * says the site shows it (isPublicUpload), whatever the volume holds. So a replica's copies
 * (kept: it runs no jobs, and a GET does not delete) and a replica promoted to primary with
 * them stop being served the moment the build is hidden, rejected or deleted, or the avatar
 * replaced. On a replica, a public upload this node lacks is then copied from the primary
 * (fetchUploadFromPrimary): only names the database lists ever reach the primary.
 *
 * The file sent is the one checked, by construction: the folder is this mount's own and the
 * name the one path segment after it, as the request wrote it; however the mount's path was
 * spelled, the check and the file are the same. Anything else (a nested path, a trailing
 * slash, an encoded letter) names no listed file and is 404.
 */
export function publicUploads({ uploadsDir, folder, maxBytes }: Options): RequestHandler {
  const root = join(uploadsDir, folder);
  return async (req, res, next) => {
    if (!asksForPage(req.method)) {
      res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('Method not allowed');
      return;
    }
    const fileName = /^\/([^/]+)$/.exec(req.path)?.[1];
    if (!fileName || !isPublicUpload(folder, fileName)) return void notFound(res);
    await fetchUploadFromPrimary({ uploadsDir, folder, fileName, maxBytes });
    res.sendFile(fileName, { root, immutable: true, maxAge: '1y' }, (error?: Error) => {
      // A visitor who left (ECONNABORTED) has nobody to answer and is no failure of ours.
      if (!error || res.headersSent || (error as NodeJS.ErrnoException).code === 'ECONNABORTED') return;
      if ((error as { status?: number }).status === 404) notFound(res);
      else next(error);
    });
  };
}
