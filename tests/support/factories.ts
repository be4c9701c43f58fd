import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { builds, competitions, images, users } from '../../db/schema';
import { createBuild } from '~/models/builds.server';
import { createCompetition, type NewCompetition } from '~/models/competitions.server';
import { saveImage } from '~/models/uploads.server';
import { insertUser } from '~/models/users.server';
import { db } from '~/services/db.server';
import type { ProcessedImage } from '~/images/encode.server';

// Rows for unit tests, made through the models as the app makes them, on the test
// database that tests/support/unit-database.ts opens. Each is numbered after the rows
// already there, so a fresh database always gives the same names.

const next = (table: typeof users | typeof images | typeof competitions) => db().select({ rows: count() }).from(table).get()!.rows + 1;

/** A member named member1, member2 … (or as `values` say). */
export function aMember(values: Partial<Parameters<typeof insertUser>[0]> = {}) {
  const n = next(users);
  return insertUser({ username: `member${n}`, email: `member${n}@example.com`, ...values });
}

/** An 800×600 photo with no variant files (or as `values` say); returns its id. */
export function anImage(values: Partial<ProcessedImage> = {}): number {
  const hash = next(images).toString(16).padStart(64, '0');
  return saveImage({ hash, width: 800, height: 600, placeholder: '', variants: [], ...values });
}

/**
 * A photo with one JPEG variant file (`content`) in the private folder of `uploadsDir`,
 * as an upload leaves it before its build is listed; returns its id and the file's name.
 */
export function anImageWithFile(uploadsDir: string, content: string | Buffer = 'jpeg'): { imageId: number; fileName: string } {
  const fileName = `${createHash('sha256')
    .update(`${next(images)}:${content}`)
    .digest('hex')}.jpg`;
  mkdirSync(join(uploadsDir, 'private', 'images'), { recursive: true });
  writeFileSync(join(uploadsDir, 'private', 'images', fileName), content);
  const variants = [{ format: 'jpeg' as const, width: 640, height: 480, bytes: Buffer.byteLength(content), fileName }];
  return { imageId: anImage({ variants }), fileName };
}

/** A new build made as an upload makes it (waiting for screening unless SCREENING=off); its id. */
export async function aBuild(values: Parameters<typeof createBuild>[0], at?: Date): Promise<number> {
  const created = await createBuild(values, at);
  if (!created.ok) throw new Error(`aBuild: the build was refused (${created.reason})`);
  return created.buildId;
}

/**
 * A build that is listed at once, as builds are with SCREENING=off (stub it first):
 * by a new member with a new photo unless `userId` and `imageId` are given.
 */
export async function aListedBuild({
  userId = aMember().id,
  imageId = anImage(),
  title = 'Test rig',
  at = new Date(),
}: { userId?: number; imageId?: number; title?: string; at?: Date } = {}): Promise<number> {
  const id = await aBuild({ userId, title, imageId }, at);
  const row = db().select({ reviewStatus: builds.reviewStatus }).from(builds).where(eq(builds.id, id)).get();
  if (row?.reviewStatus !== 'approved')
    throw new Error('aListedBuild: the build was not listed; stub SCREENING=off (and resetEnv()) first');
  return id;
}

/** A competition running from `startDate` to `endDate` (a week from now by default). */
export function aCompetition(values: Partial<NewCompetition & { jurors: number[] }> = {}): number {
  const n = next(competitions);
  const now = Date.now();
  return createCompetition({
    title: `Competition ${n}`,
    description: 'Show your rig.',
    theme: 'Any build',
    prizes: ['Bragging rights'],
    startDate: new Date(now - 24 * 3600_000),
    endDate: new Date(now + 7 * 24 * 3600_000),
    ...values,
  });
}
