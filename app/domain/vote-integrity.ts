// Vote integrity: the patterns that skew ratings, each with the thresholds it flags at
// (models/vote-integrity.server.ts detects them). A finding is a lead for staff, not a
// verdict: nothing changes until a staff member discounts a member's ratings.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * New accounts whose ratings mostly go to one member's builds. An account is new for
 * its first NEW_ACCOUNT_DAYS; it is focused when at least FOCUS_MIN_RATINGS of its
 * ratings were given while new and at least FOCUS_SHARE of those went to one member's
 * builds. One focused account is a fan; FOCUS_MIN_ACCOUNTS of them on one member is a
 * finding.
 */
export const FOCUS = {
  newAccountMs: 14 * DAY_MS,
  minRatings: 5,
  share: 0.8,
  minAccounts: 2,
} as const;

/**
 * A burst: at least BURST.minAccounts ratings of the same extreme (1 or 5 stars) on one
 * build, given within BURST.windowMs of each other, from accounts created within
 * BURST.createdTogetherMs of each other or from one network (ratings.network).
 */
export const BURST = {
  windowMs: DAY_MS,
  createdTogetherMs: HOUR_MS,
  minAccounts: 4,
} as const;

/**
 * A reciprocal ring: members who rate each other's builds highly (RING.minStars or
 * more) both ways. A member is inside a ring when they have at least RING.minPartners
 * such mutual partners and at least RING.insideShare of their high ratings go to them;
 * such members linked by mutual ratings, RING.minMembers or more, are a ring. Friends
 * who rate each other now and then rate others too, and a pair or trio is not a ring.
 */
export const RING = {
  minStars: 4,
  minPartners: 3,
  insideShare: 0.6,
  minMembers: 4,
} as const;

export const FINDING_KINDS = ['focus', 'burst', 'ring'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const FINDING_TITLES: Record<FindingKind, string> = {
  focus: 'New accounts rating one member',
  burst: 'Burst of extreme ratings',
  ring: 'Reciprocal rating ring',
};

/** What a staff member writes when discounting or restoring, at most this long. */
export const DISCOUNT_REASON_MAX = 500;

/** One pattern found, as a scan keeps it: who, which builds it touches, and the evidence in words. */
export type StoredFinding = {
  kind: FindingKind;
  /** Stable while the pattern lasts, e.g. "burst-12-5": the page's anchor. */
  key: string;
  summary: string;
  evidence: string[];
  /** Each account, with what it did when that is particular to it. */
  accounts: { id: number; note: string }[];
  buildIds: number[];
};

/** A finding as staff see it: its accounts as they are now (named, discounted or not). */
export type FindingAccount = { id: number; username: string; createdAt: Date; discounted: boolean; note: string };
export type Finding = Omit<StoredFinding, 'accounts'> & { accounts: FindingAccount[] };

/** A build's score as counted now, and with or without a group of accounts' ratings. */
export type ScoreEffect = {
  buildId: number;
  title: string;
  owner: string;
  with: { votes: number; average: number; score: number };
  without: { votes: number; average: number; score: number };
};
