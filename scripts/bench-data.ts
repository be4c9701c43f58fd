// The benchmark's database: many members, BUILDS builds and their ratings, on a
// handful of real processed images. Loaded through Vite by bench-pages.ts.
import sharp from 'sharp';
import { builds, ratings } from '../db/schema';
import { reconcileImageFiles } from '~/images/storage.server';
import { makeLaterVariants } from '~/images/records.server';
import { saveImage } from '~/models/uploads.server';
import { insertUser } from '~/models/users.server';
import { closeDatabase, migrateDatabase, openDatabase, setDatabase } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { processImage } from '~/images/encode.server';
import { scene } from './seed-data';

const DAY = 86_400_000;
const ROAST =
  'This rig has more RGB than a casino carpet and roughly the same airflow. The cable management suggests you lost a fight with a bowl of spaghetti and called it a draw. Still, the GPU sag is holding on bravely, like a shelf nobody asked for.';

const PHOTO_ALT = 'A PC tower with a tempered glass side panel, RGB fans and a large graphics card.';

/** A deterministic pseudo-random source, so every run measures the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

type Options = { databasePath: string; uploadsDir: string; builds: number; members: number; images: number };

/** Fills a fresh database; answers the id of a build to measure the build page with. */
export async function fillBenchDatabase(options: Options): Promise<{ buildId: number; imagePath: string }> {
  const db = setDatabase(openDatabase(options.databasePath));
  migrateDatabase(db);
  process.env.UPLOADS_DIR = options.uploadsDir;
  resetEnv();
  const next = random(42);
  const now = Date.now();

  const imageIds: number[] = [];
  for (let index = 0; index < options.images; index++) {
    const png = await sharp(Buffer.from(scene(index)))
      .png()
      .toBuffer();
    const imageId = saveImage(await processImage(new Uint8Array(png), { uploadsDir: options.uploadsDir }));
    // Every variant now, not by the server's job while it is being measured.
    await makeLaterVariants(imageId);
    imageIds.push(imageId);
  }

  const memberIds = db.transaction(() =>
    Array.from(
      { length: options.members },
      (_, index) =>
        insertUser({ username: `bench_member_${index}`, email: `member${index}@bench.example`, createdAt: new Date(now - 400 * DAY) }).id,
    ),
  );

  // Builds over the last year, each with up to eight ratings given after it appeared.
  db.transaction((tx) => {
    const batch = 500;
    for (let start = 0; start < options.builds; start += batch) {
      const rows = Array.from({ length: Math.min(batch, options.builds - start) }, (_, offset) => {
        const index = start + offset;
        const createdAt = now - Math.floor(((options.builds - index) / options.builds) * 365 * DAY);
        const voters = new Set(Array.from({ length: Math.floor(next() * 9) }, () => memberIds[Math.floor(next() * memberIds.length)]!));
        const stars = [...voters].map((userId) => ({
          userId,
          rating: 1 + Math.floor(next() * 5),
          at: createdAt + Math.floor(next() * (now - createdAt)),
        }));
        const total = stars.reduce((sum, star) => sum + star.rating, 0);
        return {
          build: {
            userId: memberIds[index % memberIds.length]!,
            title: `Bench build ${index + 1}`,
            imageId: imageIds[index % imageIds.length]!,
            // Described as every upload is: without it the alt-text backfill drafts one for each build all through a bench.
            photoAlt: PHOTO_ALT,
            photoAltBy: 'builtin' as const,
            roast: ROAST,
            totalRating: total,
            ratingCount: stars.length,
            averageRating: stars.length ? total / stars.length : 0,
            createdAt: new Date(createdAt),
          },
          stars,
        };
      });
      const ids = tx
        .insert(builds)
        .values(rows.map((row) => row.build))
        .returning({ id: builds.id })
        .all();
      const ratingRows = rows.flatMap((row, position) =>
        row.stars.map((star) => ({
          buildId: ids[position]!.id,
          userId: star.userId,
          rating: star.rating,
          createdAt: new Date(star.at),
          updatedAt: new Date(star.at),
        })),
      );
      if (ratingRows.length) tx.insert(ratings).values(ratingRows).run();
    }
  });

  // The builds went in listed, past the models: publish their photos as approval would.
  await reconcileImageFiles();
  const variant = db.$client
    .prepare("select file_name from image_variants where format = 'avif' and width = 640 limit 1")
    .pluck()
    .get() as string;
  const buildId = Math.floor(options.builds / 2);
  closeDatabase();
  return { buildId, imagePath: `/uploads/images/${variant}` };
}
