/** A build as the weekly digest names it: a link, its title and its maker. */
export type DigestBuild = { id: number; title: string; username: string };

/**
 * The week on RigRoast, as the Monday digest tells it: a few lines per part, so the
 * whole mail fits a phone's screen. A part with nothing this week is empty and left out.
 */
export type WeekDigest = {
  /** The ISO week the digest is named for ("2026-W49"). */
  week: string;
  /** The week's top-rated builds (the weekly leaderboard's first). */
  topBuilds: (DigestBuild & { votes: number; average: number })[];
  /** The roasts the most members said landed this week, with their first line. */
  topRoasts: (DigestBuild & { landed: number; opening: string })[];
  /** Competitions that closed this week, with their winner (null when it is not shown). */
  results: { id: number; title: string; winner: (DigestBuild & { prize: string | null }) | null }[];
  /** The builds that won the most Rig Battles this week. */
  battleWinners: (DigestBuild & { wins: number; votes: number })[];
  /** The builds that climbed the battle rankings most this week: from place `from` to `to`. */
  battleMovers: (DigestBuild & { from: number; to: number })[];
  /** The week's best glow-ups: the rating gained over the earlier build (`before`). */
  glowUps: (DigestBuild & { improvement: number; before: { id: number; title: string } })[];
};

/** Whether a digest has anything to tell: a week with nothing is not mailed. */
export const digestHasNews = (digest: WeekDigest) =>
  [digest.topBuilds, digest.topRoasts, digest.results, digest.battleWinners, digest.battleMovers, digest.glowUps].some(
    (part) => part.length > 0,
  );
