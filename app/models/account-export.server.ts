import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { buildPhotos, builds, comments, competitionEntries, competitions, ratings, users } from '../../db/schema';
import { listParts } from './build-parts.server';
import { buildTagsOf } from './build-details.server';
import { findProgression } from './progression.server';
import { consumeMemoryRateLimit } from './rate-limits.server';
import { withAnalysisFile } from '~/images/records.server';
import { db } from '~/services/db.server';
import { env } from '~/services/env.server';
import { log } from '~/services/log.server';
import { emailSettings } from '~/domain/email-lists';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { waitText } from '~/utils/dates';

// "Download my data" (issue 36): a ZIP of what a member put on RigRoast, written as it
// is sent. Entries are opened one at a time as the archive reaches them, so a member
// with thousands of builds costs the server one photo's buffers, not their sum. It
// reads only: a download is a GET, and may be served by a replica.

/** Downloads running at once on this server, whoever asks: each holds a file and a socket. */
const MAX_RUNNING = 4;
/**
 * How long one download may take: a client that stops reading (or reads a byte now and
 * then) is cut off then and gives its place back, so four of them cannot keep everyone
 * else's downloads refused for good. A hundred builds' archive is some 50 MB: minutes on a slow line.
 */
const EXPORT_DEADLINE_MS = 15 * 60_000;
/** The members whose download is running, one each. */
const running = new Set<number>();

export type ExportStart =
  { ok: true; fileName: string; stream: Readable } | { ok: false; status: 429 | 503; message: string; retryAfterMs: number };

/**
 * Starts the member's archive, within their hourly limit and one download of theirs
 * at a time; the place is given back when the stream closes (finished, abandoned, or
 * cut off at the deadline, which leaves the client a broken download rather than a short archive).
 */
export function startAccountExport(userId: number, now = new Date(), { deadlineMs = EXPORT_DEADLINE_MS } = {}): ExportStart {
  if (running.has(userId)) {
    return { ok: false, status: 429, message: 'Your data is already downloading. Wait for it to finish.', retryAfterMs: 60_000 };
  }
  if (running.size >= MAX_RUNNING) {
    return { ok: false, status: 503, message: 'Too many downloads are running. Try again in a minute.', retryAfterMs: 60_000 };
  }
  const limit = consumeMemoryRateLimit(RATE_LIMITS.accountExport.perMember, String(userId), now.getTime());
  if (!limit.allowed) {
    const message = `You downloaded your data several times this hour. Try again in ${waitText(limit.retryAfterMs)}.`;
    return { ok: false, status: 429, message, retryAfterMs: limit.retryAfterMs };
  }
  running.add(userId);
  const stream = accountArchive(userId, now);
  const deadline = setTimeout(() => {
    log.info(`A data download was cut off after ${Math.round(deadlineMs / 1000)} s`);
    stream.destroy();
  }, deadlineMs).unref();
  stream.once('close', () => {
    clearTimeout(deadline);
    running.delete(userId);
  });
  return { ok: true, fileName: `rigroast-data-${now.toISOString().slice(0, 10)}.zip`, stream };
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** An archive being written, and the entry it reads now (an open photo file). */
type Archive = { zip: ZipFile; reading: Set<Readable> };

/** A new archive whose open entry is closed with it: a download cut off or abandoned mid-photo leaves no file open. */
function newArchive(): Archive {
  const archive: Archive = { zip: new ZipFile(), reading: new Set() };
  (archive.zip.outputStream as Readable).once('close', () => {
    for (const entry of archive.reading) entry.destroy();
  });
  return archive;
}

/** An entry whose content is made when the archive reaches it (the JSON of a query run then). */
function addLazy({ zip, reading }: Archive, name: string, content: () => Buffer | Promise<Readable | null>, mtime: Date): void {
  zip.addReadStreamLazy(name, { mtime, compress: !name.endsWith('.jpg') && !name.endsWith('.webp') }, (done) => {
    Promise.resolve()
      .then(async (): Promise<Readable> => {
        const made = await content();
        if (Buffer.isBuffer(made)) return Readable.from([made]);
        // A photo deleted while the archive was written leaves an empty file rather than a broken archive.
        return made ?? Readable.from([]);
      })
      .then((stream) => {
        // Opened after the download was cut off or abandoned: nobody will read it.
        if ((zip.outputStream as Readable).destroyed) return void stream.destroy();
        reading.add(stream);
        stream.once('close', () => reading.delete(stream));
        done(null, stream);
      })
      .catch((error: unknown) => done(error, Readable.from([])));
  });
}

/** The widest JPEG the site keeps of an image, opened (an open file survives being moved between folders). */
async function openPhoto(imageId: number): Promise<Readable | null> {
  const handle = await withAnalysisFile(imageId, (file) => open(file, 'r'), Number.MAX_SAFE_INTEGER);
  return handle ? handle.createReadStream() : null;
}

/**
 * The member's archive: profile.json (the profile, e-mail settings with the dates of
 * their "News and offers" choice, level and achievements), their avatar, per build a
 * folder with build.json and its photos, comments.json and ratings.json (what they gave).
 */
export function accountArchive(userId: number, now = new Date()): Readable {
  const archive = newArchive();
  const { zip } = archive;
  const member = db()
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      bio: users.bio,
      avatarUrl: users.avatarUrl,
      createdAt: users.createdAt,
      lastLogin: users.lastLogin,
      emailPreferences: users.emailPreferences,
      marketingOptedInAt: users.marketingOptedInAt,
      marketingOptedOutAt: users.marketingOptedOutAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!member) {
    zip.end();
    return zip.outputStream as Readable;
  }
  const avatar = /^\/uploads\/avatars\/([0-9a-f]{64}\.webp)$/.exec(member.avatarUrl)?.[1];
  addLazy(
    archive,
    'profile.json',
    () => {
      const progression = findProgression(userId, now);
      return json({
        exportedAt: now,
        ...member,
        ...emailSettings(member),
        // Both dates as recorded, whether or not the yes still stands: the member's own record.
        newsConsent: { optedInAt: member.marketingOptedInAt, optedOutAt: member.marketingOptedOutAt },
        marketingOptedOutAt: undefined,
        avatarUrl: undefined,
        avatar: avatar ? 'avatar.webp' : null,
        progression: progression && {
          level: progression.level,
          experience: progression.experience,
          reputation: progression.reputation,
          streak: progression.streak,
          achievements: progression.achievements
            .filter((achievement) => achievement.earnedAt)
            .map(({ code, name, description, earnedAt }) => ({ code, name, description, earnedAt })),
        },
      });
    },
    now,
  );
  if (avatar) {
    const file = join(env().UPLOADS_DIR, 'avatars', avatar);
    addLazy(
      archive,
      'avatar.webp',
      () =>
        open(file, 'r').then(
          (handle) => handle.createReadStream(),
          () => null,
        ),
      now,
    );
  }

  const owned = db()
    .select({ id: builds.id, imageId: builds.imageId, createdAt: builds.createdAt })
    .from(builds)
    .where(eq(builds.userId, userId))
    .orderBy(asc(builds.createdAt), asc(builds.id))
    .all();
  for (const build of owned) {
    const folder = `builds/${build.id}`;
    const photos = db()
      .select({ position: buildPhotos.position, imageId: buildPhotos.imageId, alt: buildPhotos.alt })
      .from(buildPhotos)
      .where(eq(buildPhotos.buildId, build.id))
      .orderBy(asc(buildPhotos.position))
      .all();
    addLazy(archive, `${folder}/build.json`, () => json(buildRecord(build.id, photos)), build.createdAt);
    addLazy(archive, `${folder}/photo.jpg`, () => openPhoto(build.imageId), build.createdAt);
    for (const photo of photos) addLazy(archive, `${folder}/photo-${photo.position}.jpg`, () => openPhoto(photo.imageId), build.createdAt);
  }

  addLazy(
    archive,
    'comments.json',
    () =>
      json(
        db()
          .select({
            id: comments.id,
            buildId: comments.buildId,
            buildTitle: builds.title,
            replyTo: comments.parentCommentId,
            content: comments.content,
            createdAt: comments.createdAt,
          })
          .from(comments)
          .innerJoin(builds, eq(builds.id, comments.buildId))
          .where(and(eq(comments.userId, userId), isNull(comments.deletedAt)))
          .orderBy(asc(comments.createdAt), asc(comments.id))
          .all(),
      ),
    now,
  );
  addLazy(
    archive,
    'ratings.json',
    () =>
      json(
        db()
          .select({
            buildId: ratings.buildId,
            buildTitle: builds.title,
            stars: ratings.rating,
            createdAt: ratings.createdAt,
            updatedAt: ratings.updatedAt,
          })
          .from(ratings)
          .innerJoin(builds, eq(builds.id, ratings.buildId))
          .where(eq(ratings.userId, userId))
          .orderBy(asc(ratings.createdAt), asc(ratings.id))
          .all(),
      ),
    now,
  );
  zip.end();
  return zip.outputStream as Readable;
}

/** One build as its owner knows it, read when the archive reaches it. */
function buildRecord(buildId: number, photos: { position: number; alt: string | null }[]) {
  const row = db()
    .select({
      photoAlt: builds.photoAlt,
      id: builds.id,
      title: builds.title,
      description: builds.description,
      createdAt: builds.createdAt,
      reviewStatus: builds.reviewStatus,
      reviewReason: builds.reviewReason,
      roast: builds.roast,
      roastedAt: builds.roastedAt,
      averageRating: builds.averageRating,
      ratingCount: builds.ratingCount,
      commentCount: builds.commentCount,
    })
    .from(builds)
    .where(eq(builds.id, buildId))
    .get();
  // Deleted while the archive was being written: what is left of it.
  const { photoAlt, ...build } = row ?? { photoAlt: null };
  const entries = db()
    .select({ competition: competitions.title, enteredAt: competitionEntries.createdAt, placement: competitionEntries.placement })
    .from(competitionEntries)
    .innerJoin(competitions, eq(competitions.id, competitionEntries.competitionId))
    .where(eq(competitionEntries.buildId, buildId))
    .all();
  return {
    ...build,
    tags: buildTagsOf(buildId),
    parts: listParts(buildId).map(({ category, name, status }) => ({ category, name, status })),
    competitions: entries,
    photos: ['photo.jpg', ...photos.map((photo) => `photo-${photo.position}.jpg`)],
    // What screen readers say of each photo (its alt text): null until drafted.
    photoDescriptions: {
      'photo.jpg': photoAlt,
      ...Object.fromEntries(photos.map((photo) => [`photo-${photo.position}.jpg`, photo.alt])),
    },
  };
}
