import { eq, sql } from 'drizzle-orm';
import { competitions, users } from '../../db/schema';
import { preparedOnce } from '~/services/db.server';
import { avatarFileUrl } from '~/services/avatars.server';
import { IMAGES_FOLDER } from '~/services/images.server';
import { isPublicImageFile } from './image-storage.server';

/** How avatars and badges are named (processAvatar): their content's SHA-256, as WebP. */
const AVATAR_FILE = /^[0-9a-f]{64}\.webp$/;

const memberShowing = preparedOnce((connection) =>
  connection
    .select({ id: users.id })
    .from(users)
    .where(eq(users.avatarUrl, sql.placeholder('url')))
    .limit(1)
    .prepare(),
);

const competitionShowing = preparedOnce((connection) =>
  connection
    .select({ id: competitions.id })
    .from(competitions)
    .where(eq(competitions.badgeUrl, sql.placeholder('url')))
    .limit(1)
    .prepare(),
);

/**
 * Whether the site shows `/uploads/<folder>/<fileName>` to everyone now, as the database
 * says: a listed build's photo, a member's current avatar (a disabled member's too: their
 * builds and comments still show), a competition's badge. Every node's /uploads asks it
 * before serving a file or fetching one from the primary, so a replica stops serving a
 * photo the moment the change that took it down reaches its copy of the database, and a
 * name no row holds never reaches the disk or the primary. One indexed lookup.
 */
export function isPublicUpload(folder: string, fileName: string): boolean {
  switch (folder) {
    case IMAGES_FOLDER:
      return isPublicImageFile(fileName);
    case 'avatars':
      return AVATAR_FILE.test(fileName) && memberShowing().get({ url: avatarFileUrl(folder, fileName) }) !== undefined;
    case 'badges':
      return AVATAR_FILE.test(fileName) && competitionShowing().get({ url: avatarFileUrl(folder, fileName) }) !== undefined;
    default:
      return false;
  }
}
