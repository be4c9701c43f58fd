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
};

/** Whether a digest has anything to tell: a week with nothing is not mailed. */
export const digestHasNews = (digest: WeekDigest) => digest.topBuilds.length + digest.topRoasts.length + digest.results.length > 0;
