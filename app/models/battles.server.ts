import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { auditLog, battleFit, battleRankHistory, battleStandings, battleVotes, builds, users } from '../../db/schema';
import { ratingCounts } from './counted-ratings.server';
import type { RankedBuild } from './leaderboards.server';
import { consumeRateLimitIn } from './rate-limits.server';
import {
  type BattleOutcome,
  type BattleStrength,
  type BattleVote,
  capInfluence,
  choosePair,
  fitStrengths,
  type PairPool,
  pairPool,
  type StandingChanges,
  type StoredStanding,
  standingChanges,
} from '~/domain/battles';
import {
  BATTLE_CHOICES,
  type BattleCertainty,
  battleCertainty,
  type BattleChoice,
  mayVoteInBattles,
  type StoredBattleOutcome,
  storedVote,
} from '~/domain/battle-votes';
import { REVIEW_STATUSES } from '~/domain/builds';
import { utcDay } from '~/domain/progression';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { enqueueOrExpedite } from '~/queue/enqueue.server';
import { battleRefitJob } from '~/queue/job-types';
import { type Db, db, type Writer } from '~/services/db.server';
import { env } from '~/services/env.server';

// Rig Battles (decision 027): members' votes on pairs of listed builds, the strengths a
// background job fits to them (domain/battles), the pair each member is shown next and the
// battle leaderboard. Pages read the stored standings; only the job fits.

/** A vote brings the next refit forward to this long after it: a burst of votes shares one fit. */
export const BATTLE_REFIT_DELAY_MS = 10_000;
/**
 * The refit's own rhythm when nothing asks for one sooner (votes, a listing and a discount
 * do): it finds any change the requests missed, and writes nothing when there is none.
 */
export const BATTLE_REFIT_EVERY_MS = 10 * 60_000;

export type BattleVoteRefusal = 'invalid' | 'not_found' | 'own_build' | 'level' | 'already_voted' | 'rate_limited';
export type BattleVoteResult =
  { ok: true; low: number; high: number } | { ok: false; reason: BattleVoteRefusal; message: string; retryAfterMs?: number };

const refuse = (reason: BattleVoteRefusal, message: string): BattleVoteResult => ({ ok: false, reason, message });

/**
 * Records a member's verdict on two listed builds shown as `first` and `second`. Refused:
 * a member below BATTLE_MIN_LEVEL whose account is younger than a week, a pair that is not
 * two listed builds, a pair with one of their own builds, a pair they already voted on (the
 * first vote stands) and votes past the rate limit. `network` is the voter's networkKey, as
 * on ratings. The refit is asked for in the vote's transaction.
 */
export function castBattleVote(
  {
    voterId,
    first,
    second,
    choice,
    network = null,
  }: { voterId: number; first: number; second: number; choice: BattleChoice; network?: string | null },
  now = new Date(),
): BattleVoteResult {
  if (!isBuildId(first) || !isBuildId(second) || first === second || !BATTLE_CHOICES.includes(choice))
    return refuse('invalid', 'Pick one of the two builds shown, or “Can’t decide”');
  const { low, high, outcome } = storedVote(first, second, choice);
  return db().transaction((tx): BattleVoteResult => {
    const voter = tx.select({ level: users.level, createdAt: users.createdAt }).from(users).where(eq(users.id, voterId)).get();
    if (!voter) return refuse('not_found', 'Member not found');
    const minLevel = env().BATTLE_MIN_LEVEL;
    if (!mayVoteInBattles(voter, minLevel, now))
      return refuse(
        'level',
        `Battle votes open at level ${minLevel} or once your account is a week old: share a build or rate a few to get there`,
      );
    const pair = tx
      .select({ ownerId: builds.userId, status: builds.reviewStatus })
      .from(builds)
      .where(inArray(builds.id, [low, high]))
      .all();
    if (pair.length < 2 || pair.some((build) => build.status !== 'approved'))
      return refuse('not_found', 'That pair is no longer in battles');
    if (pair.some((build) => build.ownerId === voterId)) return refuse('own_build', 'You cannot vote in a battle with your own build');
    const limit = consumeRateLimitIn(tx, RATE_LIMITS.battleVote.perMember, String(voterId), now.getTime());
    if (!limit.allowed)
      return {
        ok: false,
        reason: 'rate_limited',
        message: 'You are voting very fast: try again in a little while',
        retryAfterMs: limit.retryAfterMs,
      };
    const inserted = tx
      .insert(battleVotes)
      .values({ voterId, buildLow: low, buildHigh: high, outcome, network, createdAt: now })
      .onConflictDoNothing()
      .run();
    if (inserted.changes === 0) return refuse('already_voted', 'You already voted on this pair: your first vote stands');
    requestBattleRefit(tx, now.getTime());
    return { ok: true, low, high };
  });
}

const isBuildId = (value: number) => Number.isSafeInteger(value) && value > 0;

/** Asks for the strengths to be fitted again soon, in the transaction that added a vote. */
export function requestBattleRefit(writer: Writer, now = Date.now()): void {
  enqueueOrExpedite(writer, battleRefitJob(new Date(now + BATTLE_REFIT_DELAY_MS)), new Date(now));
}

/** A build as a battle shows it before the vote: its photo only, no title, no owner. */
export type BattleSide = { id: number; imageId: number; photoAlt: string };
export type BattlePair = { first: BattleSide; second: BattleSide };

/** The pool pair choice draws from, kept per fit: rebuilt when the job writes new standings. */
let kept: { connection: object; fittedAt: number; pool: PairPool } | null = null;

function currentPool(reader: Db): PairPool | null {
  const fittedAt = reader.select({ at: battleFit.fittedAt }).from(battleFit).get()?.at.getTime();
  if (fittedAt === undefined) return null;
  const connection = reader.$client;
  if (kept && kept.connection === connection && kept.fittedAt === fittedAt) return kept.pool;
  const strengths: BattleStrength[] = reader
    .select({
      buildId: battleStandings.buildId,
      estimate: battleStandings.estimate,
      sd: battleStandings.sd,
      conservative: battleStandings.conservative,
      votes: battleStandings.votes,
    })
    .from(battleStandings)
    .innerJoin(builds, eq(builds.id, battleStandings.buildId))
    .where(eq(builds.reviewStatus, 'approved'))
    .all();
  kept = { connection, fittedAt, pool: pairPool(strengths) };
  return kept.pool;
}

/** Builds hidden or waiting for screening: left out of a pool kept since the last fit, so a hidden build leaves at once. */
function unlistedBuildIds(reader: Db): number[] {
  const unlisted = REVIEW_STATUSES.filter((status) => status !== 'approved');
  return reader
    .select({ id: builds.id })
    .from(builds)
    .where(inArray(builds.reviewStatus, unlisted))
    .all()
    .map((row) => row.id);
}

/** How many times a chosen pair whose build went away since the last fit is chosen again. */
const PAIR_TRIES = 5;

/**
 * The next pair for `voterId` (null: a guest, who sees pairs but cannot vote): never their
 * own build, never a pair they voted on, only listed builds, sides in random order.
 * Null when no pair is left.
 */
export function nextBattle(voterId: number | null, random: () => number = Math.random): BattlePair | null {
  const reader = db();
  const pool = currentPool(reader);
  if (!pool) return null;
  const excluded = new Set(unlistedBuildIds(reader));
  const voted = new Set<string>();
  if (voterId !== null) {
    for (const row of reader.select({ id: builds.id }).from(builds).where(eq(builds.userId, voterId)).all()) excluded.add(row.id);
    for (const pair of reader
      .select({ low: battleVotes.buildLow, high: battleVotes.buildHigh })
      .from(battleVotes)
      .where(eq(battleVotes.voterId, voterId))
      .all())
      voted.add(`${pair.low}-${pair.high}`);
  }
  const seen = (a: number, b: number) => voted.has(a < b ? `${a}-${b}` : `${b}-${a}`);
  for (let attempt = 0; attempt < PAIR_TRIES; attempt++) {
    const pair = choosePair(pool, { excluded, seen }, random);
    if (!pair) return null;
    const sides = listedSides(reader, pair);
    const missing = pair.filter((id) => !sides.has(id));
    if (missing.length === 0) {
      const [first, second] = random() < 0.5 ? pair : [pair[1], pair[0]];
      return { first: sides.get(first)!, second: sides.get(second)! };
    }
    for (const id of missing) excluded.add(id);
  }
  return null;
}

function listedSides(reader: Db, ids: readonly number[]): Map<number, BattleSide> {
  const rows = reader
    .select({ id: builds.id, imageId: builds.imageId, photoAlt: builds.photoAlt })
    .from(builds)
    .where(and(inArray(builds.id, [...ids]), eq(builds.reviewStatus, 'approved')))
    .all();
  // The alt text stands in for the title until the vote; a photo without one is named by its side.
  return new Map(rows.map((row) => [row.id, { id: row.id, imageId: row.imageId, photoAlt: row.photoAlt?.trim() || 'A build’s photo' }]));
}

/** A build's battle standing: its place on the battle leaderboard (null before its first vote counts) and how sure it is. */
export type BattleStanding = {
  rank: number | null;
  conservative: number;
  estimate: number;
  sd: number;
  votes: number;
  certainty: BattleCertainty;
};

export type BattleEntry = RankedBuild & Omit<BattleStanding, 'rank'>;

/** What the rankings and a reveal show of a build and its standing (its owner joined as `users`). */
const shownWithStanding = {
  title: builds.title,
  username: users.username,
  imageId: builds.imageId,
  photoAlt: builds.photoAlt,
  estimate: battleStandings.estimate,
  sd: battleStandings.sd,
  conservative: battleStandings.conservative,
  votes: battleStandings.votes,
};

/** The best listed builds by their conservative battle score, as the refit job last fitted them; only builds with votes. */
export function battleLeaderboard(limit: number, offset = 0): BattleEntry[] {
  const rows = db()
    .select({ buildId: battleStandings.buildId, ...shownWithStanding })
    .from(battleStandings)
    .innerJoin(builds, eq(builds.id, battleStandings.buildId))
    .innerJoin(users, eq(users.id, builds.userId))
    .where(and(eq(builds.reviewStatus, 'approved'), sql`${battleStandings.votes} > 0`))
    .orderBy(desc(battleStandings.conservative), desc(battleStandings.votes), desc(battleStandings.buildId))
    .limit(limit)
    .offset(offset)
    .all();
  return rows.map((row, index) => ({ ...row, rank: offset + index + 1, certainty: battleCertainty(row.votes, row.sd) }));
}

/** A build revealed after a vote: its title, owner and battle standing. */
export type RevealedSide = {
  id: number;
  title: string;
  username: string;
  imageId: number;
  photoAlt: string | null;
  standing: BattleStanding | null;
};
export type BattleReveal = { low: RevealedSide; high: RevealedSide; outcome: StoredBattleOutcome };

/**
 * The pair `low`-`high` revealed, with `voterId`'s vote on it. Null unless they voted on it
 * and both are listed: a pair is revealed only to show who was behind the photos just judged.
 */
export function revealBattle(voterId: number | null, low: number, high: number): BattleReveal | null {
  if (voterId === null || !isBuildId(low) || !isBuildId(high) || low >= high) return null;
  const reader = db();
  // Only to who voted on it: else anyone could see who is behind a pair before judging it.
  const vote = reader
    .select({ outcome: battleVotes.outcome })
    .from(battleVotes)
    .where(and(eq(battleVotes.voterId, voterId), eq(battleVotes.buildLow, low), eq(battleVotes.buildHigh, high)))
    .get();
  if (!vote) return null;
  const rows = reader
    .select({ id: builds.id, ...shownWithStanding })
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .leftJoin(battleStandings, eq(battleStandings.buildId, builds.id))
    .where(and(inArray(builds.id, [low, high]), eq(builds.reviewStatus, 'approved')))
    .all();
  const side = (id: number): RevealedSide | null => {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) return null;
    const { estimate, sd, conservative, votes, ...build } = row;
    const standing =
      estimate === null || sd === null || conservative === null || votes === null
        ? null
        : {
            estimate,
            sd,
            conservative,
            votes,
            certainty: battleCertainty(votes, sd),
            rank: votes > 0 ? rankOf(reader, conservative) : null,
          };
    return { ...build, standing };
  };
  const lowSide = side(low);
  const highSide = side(high);
  if (!lowSide || !highSide) return null;
  return { low: lowSide, high: highSide, outcome: vote.outcome };
}

/** A place on the battle leaderboard: listed builds with votes and a higher conservative score, plus one. */
function rankOf(reader: Db, conservative: number): number {
  const row = reader.get<{ above: number }>(sql`
    select count(*) as above from ${battleStandings} s join ${builds} b on b.id = s.build_id
    where s.conservative > ${conservative} and s.votes > 0 and b.review_status = 'approved'
  `);
  return row.above + 1;
}

const FIT_OUTCOMES: Record<StoredBattleOutcome, BattleOutcome> = { low: 'first', high: 'second', draw: 'draw' };

/** What the refit job fits: every listed build, the counted votes between listed builds, and the stored standings (the warm start). */
export type BattleFitInput = { buildIds: number[]; votes: BattleVote[]; stored: Map<number, StoredStanding> };

/**
 * The votes that count, as `v`: both builds listed, the voter's votes not discounted by staff
 * (vote integrity, the same rule as ratings). The refit fits these, and the board waits on them.
 */
const countedBattleVotes = sql`${battleVotes} v
  join ${builds} a on a.id = v.build_low and a.review_status = 'approved'
  join ${builds} b on b.id = v.build_high and b.review_status = 'approved'
  where ${ratingCounts(sql`v.voter_id`)}`;

/**
 * The refit's input, read in one go. A vote counts while both its builds are listed and its
 * voter's votes are not discounted by staff (vote integrity, the same rule as ratings).
 */
export function battleFitInput(reader: Db = db()): BattleFitInput {
  const buildIds = reader
    .select({ id: builds.id })
    .from(builds)
    .where(eq(builds.reviewStatus, 'approved'))
    .all()
    .map((row) => row.id);
  const votes = reader
    .all<{ voterId: number; low: number; high: number; outcome: StoredBattleOutcome }>(
      sql`select v.voter_id as voterId, v.build_low as low, v.build_high as high, v.outcome from ${countedBattleVotes}`,
    )
    .map((vote): BattleVote => ({ voterId: vote.voterId, first: vote.low, second: vote.high, outcome: FIT_OUTCOMES[vote.outcome] }));
  return { buildIds, votes, stored: storedBattleStandings(reader) };
}

/** Every stored standing by build. */
export function storedBattleStandings(reader: Db = db()): Map<number, StoredStanding> {
  const rows = reader
    .select({ buildId: battleStandings.buildId, estimate: battleStandings.estimate, sd: battleStandings.sd, votes: battleStandings.votes })
    .from(battleStandings)
    .all();
  return new Map(rows.map(({ buildId, ...standing }) => [buildId, standing]));
}

/**
 * The strengths fitted to the counted votes (each member's weight capped), as the changes
 * to the stored standings they make, with what they were fitted on. Worked out where the
 * fit runs (a worker thread): the refit job's transaction then writes only those rows.
 */
export function fitBattleStrengths(reader: Db = db()): { changes: StandingChanges; builds: number; votes: number } {
  const input = battleFitInput(reader);
  const warmStart = new Map([...input.stored].map(([buildId, standing]) => [buildId, standing.estimate]));
  const strengths = fitStrengths(input.buildIds, capInfluence(input.votes), warmStart);
  return { changes: standingChanges(input.stored, strengths), builds: input.buildIds.length, votes: input.votes.length };
}

/**
 * Whether a refit would change anything: a vote since the last fit, a member's votes
 * discounted or restored since (the audit log says when), a listed build without a
 * standing, or a standing of a build no longer listed. Quiet sites then write nothing, and
 * the page cache (keyed on the data) stays warm.
 */
export function battleRefitNeeded(reader: Db = db()): boolean {
  const row = reader.get<{ needed: number }>(sql`
    with fit as (select coalesce((select fitted_at from ${battleFit}), 0) as at)
    select
      exists (select 1 from ${battleVotes} where created_at >= (select at from fit))
      or exists (select 1 from ${auditLog} where created_at >= (select at from fit)
        and action in ('discount-ratings', 'restore-ratings'))
      or exists (select 1 from ${builds} b where b.review_status = 'approved'
        and not exists (select 1 from ${battleStandings} s where s.build_id = b.id))
      or exists (select 1 from ${battleStandings} s join ${builds} b on b.id = s.build_id where b.review_status <> 'approved')
      as needed
  `);
  return row.needed === 1;
}

/**
 * Whether a battle vote counts (countedBattleVotes): an empty board with one is waiting for
 * its first fit. Votes that count for nothing (a discounted voter's, or on a build hidden
 * since) are no fit's: the board would say one is coming forever.
 */
export function anyBattleVote(): boolean {
  return db().get<{ one: number } | undefined>(sql`select 1 as one from ${countedBattleVotes} limit 1`) !== undefined;
}

/** Whether any battle vote arrived at or after `at` (a refit running then may have missed it). */
export function battleVotedSince(reader: Writer, at: Date): boolean {
  return reader.select({ id: battleVotes.id }).from(battleVotes).where(gte(battleVotes.createdAt, at)).limit(1).get() !== undefined;
}

/**
 * Stores a fit's changes to the standings (fitBattleStrengths) and marks the fit done at
 * `fittedAt`, in the job's transaction. Rewriting every standing held the event loop for
 * 0.3-0.6 s at 50 000 listed builds after each upload; the rows go in as one JSON array
 * read by one statement.
 */
export function saveBattleStandings(writer: Writer, changes: StandingChanges, fittedAt: Date): void {
  if (changes.gone.length > 0)
    writer.run(sql`delete from ${battleStandings} where build_id in (select value from json_each(${JSON.stringify(changes.gone)}))`);
  if (changes.changed.length > 0) {
    const rows = JSON.stringify(
      changes.changed.map(({ buildId, estimate, sd, conservative, votes }) => [buildId, estimate, sd, conservative, votes]),
    );
    // "where true" tells SQLite's parser the upsert's "on conflict" is not a join's.
    writer.run(sql`
      insert into ${battleStandings} (build_id, estimate, sd, conservative, votes)
      select value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 from json_each(${rows}) where true
      on conflict (build_id) do update set
        estimate = excluded.estimate, sd = excluded.sd, conservative = excluded.conservative, votes = excluded.votes
    `);
  }
  writer.insert(battleFit).values({ id: 1, fittedAt }).onConflictDoUpdate({ target: battleFit.id, set: { fittedAt } }).run();
}

/** Rows per insert: three values each stays well under SQLite's bound on a statement's parameters. */
const RANKS_CHUNK = 1000;

/** Whether a member may vote in battles now (the level setting, or an account a week old). */
export function mayVoteNow(userId: number, now = new Date()): boolean {
  const member = db().select({ level: users.level, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).get();
  return member !== undefined && mayVoteInBattles(member, env().BATTLE_MIN_LEVEL, now);
}

/** Days of battle rank history kept: the weekly digest looks back a week, with room to spare. */
export const BATTLE_RANK_HISTORY_DAYS = 35;

/**
 * Keeps each ranked build's battle place as of `at`'s UTC day, once a day (the day's first
 * fit), and forgets days past BATTLE_RANK_HISTORY_DAYS: what the weekly digest's biggest
 * movers compare with. In the refit job's transaction, after the new standings.
 */
export function recordBattleRanks(writer: Writer, at: Date): void {
  const day = utcDay(at);
  writer
    .delete(battleRankHistory)
    .where(lt(battleRankHistory.day, day - BATTLE_RANK_HISTORY_DAYS))
    .run();
  if (writer.select({ day: battleRankHistory.day }).from(battleRankHistory).where(eq(battleRankHistory.day, day)).limit(1).get()) return;
  const ranked = writer
    .select({ buildId: battleStandings.buildId })
    .from(battleStandings)
    .innerJoin(builds, eq(builds.id, battleStandings.buildId))
    .where(and(eq(builds.reviewStatus, 'approved'), sql`${battleStandings.votes} > 0`))
    .orderBy(desc(battleStandings.conservative), desc(battleStandings.votes), desc(battleStandings.buildId))
    .all();
  for (let start = 0; start < ranked.length; start += RANKS_CHUNK)
    writer
      .insert(battleRankHistory)
      .values(ranked.slice(start, start + RANKS_CHUNK).map((row, index) => ({ day, buildId: row.buildId, rank: start + index + 1 })))
      .run();
}

/** A build the week's battles named: its title, owner and what it did. */
export type BattleHighlight = { id: number; title: string; username: string };
export type WeekBattleHighlights = {
  /** Builds with the most battle wins in the week (ties: the higher conservative score), best first. */
  winners: (BattleHighlight & { wins: number; votes: number })[];
  /** Builds whose battle rank rose most since the week began (from the history's day at or before `since`). */
  movers: (BattleHighlight & { from: number; to: number })[];
};

/** How many winners and movers the digest names. */
const HIGHLIGHTS = 3;

/**
 * The week's battle winners and biggest movers since `since`, listed builds only, counted
 * votes only (as the refit counts them), for the weekly digest. A mover's places are on
 * the battle leaderboard: where the rank history had it on the last day at or before
 * `since`, and where the last fit has it now; a build not ranked then is not a mover.
 */
export function weekBattleHighlights(since: Date, reader: Db = db()): WeekBattleHighlights {
  const winners = reader.all<BattleHighlight & { wins: number; votes: number }>(sql`
    with week as (
      select v.build_low as build_id, v.outcome = 'low' as won from ${battleVotes} v
      where v.created_at >= ${since.getTime()} and ${ratingCounts(sql`v.voter_id`)}
      union all
      select v.build_high, v.outcome = 'high' from ${battleVotes} v
      where v.created_at >= ${since.getTime()} and ${ratingCounts(sql`v.voter_id`)}
    )
    select b.id, b.title, u.username, sum(w.won) as wins, count(*) as votes
    from week w
    join ${builds} b on b.id = w.build_id and b.review_status = 'approved'
    join ${users} u on u.id = b.user_id
    left join ${battleStandings} s on s.build_id = b.id
    group by b.id
    having wins > 0
    order by wins desc, coalesce(s.conservative, -1e9) desc, b.id desc
    limit ${HIGHLIGHTS}
  `);
  const then = reader.get<{ day: number | null }>(sql`select max(day) as day from ${battleRankHistory} where day <= ${utcDay(since)}`).day;
  const movers =
    then === null
      ? []
      : reader.all<BattleHighlight & { from: number; to: number }>(sql`
    with now as (
      select s.build_id, row_number() over (order by s.conservative desc, s.votes desc, s.build_id desc) as rank
      from ${battleStandings} s join ${builds} b on b.id = s.build_id
      where s.votes > 0 and b.review_status = 'approved'
    )
    select b.id, b.title, u.username, h.rank as "from", n.rank as "to"
    from now n
    join ${battleRankHistory} h on h.build_id = n.build_id and h.day = ${then}
    join ${builds} b on b.id = n.build_id
    join ${users} u on u.id = b.user_id
    where h.rank > n.rank
    order by h.rank - n.rank desc, n.rank
    limit ${HIGHLIGHTS}
  `);
  return { winners, movers };
}
