import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { AVATAR_FOLDERS } from '~/images/avatars.server';
import { IMAGES_FOLDER } from '~/images/storage.server';
import { UPLOAD_MAX_BYTES } from '~/utils/constants';
import { publicUploads } from './public-uploads';

export type StaticMount = {
  /** Where it answers; matched letter for letter (app.ts turns on case-sensitive routing). */
  path: string;
  /** The folder its files come from. */
  folder: string;
  /** Every file in the folder but dot files (`folder`), or only those the database says the site shows (`listed`). */
  serves: 'folder' | 'listed';
  handler: RequestHandler;
};

type Site = {
  uploadsDir: string;
  /** The client build's folder, or null under the Vite dev server, which serves the client itself. */
  clientFolder: string | null;
};

/** The folders under UPLOADS_DIR served at `/uploads/<folder>/`: unlisted photos (private/) and social cards (cards/) are not. */
export const PUBLIC_UPLOAD_FOLDERS = [IMAGES_FOLDER, ...AVATAR_FOLDERS];

/**
 * Every static file the app serves, from here only: app.ts mounts these in order, and
 * the hostile walk (tests/integration/static-files.test.ts) asks each of them, spelled
 * every way, for files it must not send, so a mount added here is tested by itself.
 */
export function staticMounts({ uploadsDir, clientFolder }: Site): StaticMount[] {
  const client: StaticMount[] = clientFolder
    ? [
        // Fingerprinted by Vite: safe to cache forever. Sent as the brotli or gzip copy
        // the build wrote beside each file (scripts/compress-assets.ts).
        {
          path: '/assets',
          folder: join(clientFolder, 'assets'),
          serves: 'folder',
          handler: expressStaticGzip(join(clientFolder, 'assets'), {
            enableBrotli: true,
            orderPreference: ['br', 'gz'],
            index: false,
            serveStatic: { immutable: true, maxAge: '1y', index: false, redirect: false },
          }),
        },
        { path: '/', folder: clientFolder, serves: 'folder', handler: publicFiles(clientFolder) },
      ]
    : [];
  // Uploaded images are named by their content hash: they never change. Within the
  // public folders, only what the database says the site shows; a replica fetches that from the primary.
  const uploads = PUBLIC_UPLOAD_FOLDERS.map((folder): StaticMount => ({
    path: `/uploads/${folder}`,
    folder: join(uploadsDir, folder),
    serves: 'listed',
    handler: publicUploads({ uploadsDir, folder, maxBytes: UPLOAD_MAX_BYTES }),
  }));
  return [...client, ...uploads];
}

/**
 * The client build's other files (favicon.svg, robots.txt...). Only names with an extension
 * can be files here: pages, and their data requests (/gallery.data), skip the disk lookup
 * and its wait for the thread pool.
 */
function publicFiles(folder: string): RequestHandler {
  const files = express.static(folder, { maxAge: '1h', index: false, redirect: false });
  return (req, res, next) => (/\.(?!data$)[a-z0-9]+$/i.test(req.path) ? files(req, res, next) : next());
}
