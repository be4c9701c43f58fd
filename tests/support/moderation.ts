import { openAppDatabase } from './test-database';

/** Screening's scores for a photo with a face in it, as the screening job saves them. */
const FACE_SCORES = {
  nsfw: 0.03,
  classes: { Drawing: 0, Hentai: 0, Neutral: 0.97, Porn: 0, Sexy: 0.03 },
  faces: 1,
  faceScore: 0.91,
  ms: 80,
};

/**
 * Holds every extra photo of a build of a running app for a moderator, as screening
 * does when it spots a face: written straight into its database.
 */
export function holdExtraPhotos(databasePath: string, buildId: number, reason: string): void {
  const sqlite = openAppDatabase(databasePath);
  try {
    sqlite
      .prepare("update build_photos set review_status = 'held', review_reason = ?, screening = ? where build_id = ?")
      .run(reason, JSON.stringify(FACE_SCORES), buildId);
  } finally {
    sqlite.close();
  }
}

/** Takes a build of a running app off its listing, as a moderator's hide does to its row: written straight into its database. */
export function hideBuild(databasePath: string, buildId: number): void {
  const sqlite = openAppDatabase(databasePath);
  try {
    sqlite.prepare("update builds set review_status = 'held' where id = ?").run(buildId);
  } finally {
    sqlite.close();
  }
}

/** Makes the member with this address a moderator of a running app (an admin's "Make moderator"). */
export function grantModerator(databasePath: string, email: string): void {
  const sqlite = openAppDatabase(databasePath);
  try {
    sqlite.prepare('update users set is_moderator = 1 where email = ?').run(email);
  } finally {
    sqlite.close();
  }
}

/** Makes the member with this address an admin of a running app (what `npm run admin -- grant` gives): written straight into its database. */
export function grantAdmin(databasePath: string, email: string): void {
  const sqlite = openAppDatabase(databasePath);
  try {
    sqlite.prepare('update users set is_admin = 1 where email = ?').run(email);
  } finally {
    sqlite.close();
  }
}
