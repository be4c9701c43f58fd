import sharp from 'sharp';
import { approveBuild, createBuild } from '~/models/builds.server';
import { rateBuild } from '~/models/ratings.server';
import { saveIntegrityScan, scanFindings } from '~/models/vote-integrity.server';
import { makeLaterVariants } from '~/images/records.server';
import { processImage } from '~/images/encode.server';
import { saveImage } from '~/models/uploads.server';
import { findUserByEmail, insertUser } from '~/models/users.server';
import { db } from '~/services/db.server';
import { env } from '~/services/env.server';
import { networkKey } from '~/web/rating-network.server';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** Four members who give each other's builds 5 stars and little else: a ring the scan finds. */
const ring = [
  ['GlowGangAva', 'Rate mine, I rate yours.'],
  ['GlowGangBo', 'Team player.'],
  ['GlowGangCy', 'Loyal to the gang.'],
  ['GlowGangDee', 'Five stars, every time (for friends).'],
] as const;

/**
 * What the staff page's vote integrity shows on a fresh seed: a small ring with a build
 * each, and a burst of five 1-star ratings on `target` from accounts made within twenty
 * minutes of each other, rating from one network (a documentation range). Then a scan,
 * as the hourly job would run it. `scene` draws a build's photo.
 */
export async function seedVoteIntegrity({
  target,
  outsider,
  scene,
}: {
  target: number;
  outsider: number;
  scene: (index: number) => string;
}) {
  const config = env();
  const now = Date.now();
  const members: { id: number; buildId: number | null }[] = [];
  for (const [position, [username, bio]] of ring.entries()) {
    const email = `${username.toLowerCase()}@demo.rigroast.local`;
    if (findUserByEmail(email)) continue;
    const { id } = insertUser({ username, email, bio, createdAt: new Date(now - (90 + position) * DAY) });
    const png = await sharp(Buffer.from(scene(20 + position)))
      .png()
      .toBuffer();
    const imageId = saveImage(await processImage(new Uint8Array(png), { uploadsDir: config.UPLOADS_DIR }));
    await makeLaterVariants(imageId);
    const createdAt = new Date(now - (30 - position) * DAY);
    const created = await createBuild({ userId: id, title: `${username}’s glow box`, imageId }, createdAt);
    const buildId = created.ok ? created.buildId : null;
    if (buildId !== null) await approveBuild(buildId, createdAt);
    members.push({ id, buildId });
  }
  for (const [position, rater] of members.entries()) {
    for (const { buildId } of members) {
      if (buildId !== null && buildId !== rater.buildId)
        rateBuild({ buildId, userId: rater.id, rating: 5 }, new Date(now - (20 - position) * DAY));
    }
    // One rating outside the ring each, to look ordinary.
    rateBuild({ buildId: outsider, userId: rater.id, rating: 4 }, new Date(now - 10 * DAY));
  }

  const madeAt = now - 2 * DAY;
  for (let index = 0; index < 5; index++) {
    const email = `burst${index + 1}@demo.rigroast.local`;
    if (findUserByEmail(email)) continue;
    const { id } = insertUser({ username: `FreshAccount${index + 1}`, email, createdAt: new Date(madeAt + index * 4 * MINUTE) });
    const network = networkKey(`203.0.113.${10 + index}`);
    rateBuild({ buildId: target, userId: id, rating: 1, network }, new Date(madeAt + 3 * 3600_000 + index * 15 * MINUTE));
  }

  const started = performance.now();
  const findings = await scanFindings(db());
  saveIntegrityScan(db(), { findings, scannedAt: new Date(), durationMs: Math.round(performance.now() - started) });
  return findings.length;
}
