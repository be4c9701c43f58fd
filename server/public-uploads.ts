import type { RequestHandler } from 'express';
import { isPublicUpload } from '~/images/serve.server';
import { fetchUploadFromPrimary } from '~/services/primary-files.server';
import { asksForPage } from './http-methods';

type Options = {
  uploadsDir: string;
  /** The folders under /uploads/ that everyone may see. */
  folders: readonly string[];
  maxBytes: number;
};

/**
 * Mounted at /uploads before the static handlers, on every node: a file in a public
 * folder is served only while the database says the site shows it (isPublicUpload),
 * whatever the volume holds. So a replica's copies (kept: it runs no jobs, and a GET
 * does not delete) and a replica promoted to primary with them stop being served the
 * moment the build is hidden, rejected or deleted, or the avatar replaced. On a
 * replica, a public upload this node lacks is then copied from the primary
 * (fetchUploadFromPrimary): only names the database lists ever reach the primary.
 */
export function publicUploads({ uploadsDir, folders, maxBytes }: Options): RequestHandler {
  return async (req, res, next) => {
    if (!asksForPage(req.method)) return next();
    const [folder, fileName, ...rest] = req.path.split('/').filter(Boolean);
    if (!folder || !folders.includes(folder)) return next();
    if (!fileName || rest.length > 0 || !isPublicUpload(folder, fileName)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    await fetchUploadFromPrimary({ uploadsDir, folder, fileName, maxBytes });
    next();
  };
}
