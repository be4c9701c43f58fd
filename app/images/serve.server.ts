import { and, eq, or, sql } from 'drizzle-orm';
import { buildPhotos, builds, competitions, imageVariants, images, users } from '../../db/schema';
import { db, preparedOnce } from '~/services/db.server';
import { findFile } from '~/services/files.server';
import { isStaff, type Viewer } from '~/domain/permissions';
import { AVATAR_FILE, avatarFileUrl } from './avatars.server';
import { folders, IMAGES_FOLDER, listedImage, VARIANT_FILE } from './storage.server';
import { EXTENSIONS, type ImageFormat } from './variants';

// Who may be sent which image file: a published one from /uploads to anyone while the
// database says the site shows it, any other through the private image route to those
// allowed to see it.

const PUBLISHED_PREFIX = `/uploads/${IMAGES_FOLDER}/`;
/** Where an unpublished image's files are asked for: a route that checks who asks (routes/private-image.ts). */
const PRIVATE_IMAGE_PREFIX = '/private-images/';

/** The URL a variant file is shown at: public once its image is published, else the private image route. */
export const variantUrl = (published: boolean, fileName: string) => `${published ? PUBLISHED_PREFIX : PRIVATE_IMAGE_PREFIX}${fileName}`;

const CONTENT_TYPES = Object.fromEntries(Object.entries(EXTENSIONS).map(([format, extension]) => [extension, `image/${format}`])) as Record<
  string,
  `image/${ImageFormat}`
>;

/** The Content-Type of a variant file, by its extension. */
export const variantContentType = (fileName: string) =>
  CONTENT_TYPES[fileName.slice(fileName.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

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

const listedImageNaming = preparedOnce((connection) =>
  connection
    .select({ id: images.id })
    .from(imageVariants)
    .innerJoin(images, eq(images.id, imageVariants.imageId))
    .where(and(eq(imageVariants.fileName, sql.placeholder('fileName')), listedImage))
    .limit(1)
    .prepare(),
);

/**
 * Whether a file of the public folder is one the site shows to everyone now: a listed
 * build's photo names it. Decided by the builds' state, which changes in the commit that
 * hides, rejects or deletes a build, before the files move out.
 */
export function isPublicImageFile(fileName: string): boolean {
  return VARIANT_FILE.test(fileName) && listedImageNaming().get({ fileName }) !== undefined;
}

/**
 * The path of an unlisted image's file for someone allowed to see it, else null: the
 * owner of a build that uses the image, a moderator or admin (for any build's image),
 * or the browser whose guest upload it is (`pendingImageId`, from its signed cookie). A
 * listed image's file is anyone's: its page may have been drawn a moment before it was published.
 */
export async function viewableImageFile(fileName: string, viewer: Viewer | null, pendingImageId: number | null): Promise<string | null> {
  if (!VARIANT_FILE.test(fileName)) return null;
  const staff = isStaff(viewer);
  const allowed = db()
    .select({ id: images.id })
    .from(imageVariants)
    .innerJoin(images, eq(images.id, imageVariants.imageId))
    .where(
      and(
        eq(imageVariants.fileName, fileName),
        or(
          listedImage,
          pendingImageId === null ? undefined : eq(images.id, pendingImageId),
          staff
            ? sql`(exists (select 1 from ${builds} where ${builds.imageId} = ${images.id})
                or exists (select 1 from ${buildPhotos} where ${buildPhotos.imageId} = ${images.id}))`
            : viewer
              ? sql`(exists (select 1 from ${builds} where ${builds.imageId} = ${images.id} and ${builds.userId} = ${viewer.id})
                  or exists (select 1 from ${buildPhotos} join ${builds} on ${builds.id} = ${buildPhotos.buildId}
                    where ${buildPhotos.imageId} = ${images.id} and ${builds.userId} = ${viewer.id}))`
              : undefined,
        ),
      ),
    )
    .limit(1)
    .get();
  if (!allowed) return null;
  const where = folders();
  return findFile(fileName, [where.private, where.published]);
}
