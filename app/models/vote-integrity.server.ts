import { desc, eq, inArray, sql } from 'drizzle-orm';
import { integrityScans, ratingDiscounts, users } from '../../db/schema';
import { BURST, FOCUS, type Finding, type FindingAccount, RING, type StoredFinding } from '~/domain/vote-integrity';
import { enqueueOrExpedite } from '~/queue/enqueue.server';
import { integrityScanJob } from '~/queue/job-types';
import { type Db, db, type Writer } from '~/services/db.server';
import { DAY_MS } from '~/utils/dates';
import { counted } from '~/utils/count';

// The vote-integrity detectors (thresholds and their reasons: domain/vote-integrity.ts).
// Each is a few set-based queries over every rating: at 10 000 members and 100 000
// ratings the three take 0.3 to 1.3 s together on two busy cores (npm run
// bench:integrity), growing with the ratings, and better-sqlite3 holds the event loop
// while they run. So no page runs them: an hourly job on the primary scans
// (jobs/integrity-scan-job.server.ts) and keeps the findings, which the page reads in a
// few milliseconds; staff can ask for a scan now.

type Reader = Pick<Db, 'all'>;

/** A member with several new accounts whose ratings mostly went to their builds. */
export type FocusFinding = { ownerId: number; accounts: { raterId: number; toOwner: number; given: number }[] };

/** New accounts whose ratings while new mostly went to one owner, grouped by that owner. */
export function detectFocus(reader: Reader): FocusFinding[] {
  const rows = reader.all<{ raterId: number; ownerId: number; toOwner: number; given: number }>(sql`
    with young as (
      select r.user_id as rater, b.user_id as owner, count(*) as n
      from ratings r
      join users u on u.id = r.user_id
      join builds b on b.id = r.build_id
      where r.created_at < u.created_at + ${FOCUS.newAccountMs}
      group by r.user_id, b.user_id
    ),
    given as (select rater, sum(n) as total from young group by rater having total >= ${FOCUS.minRatings})
    select y.rater as raterId, y.owner as ownerId, y.n as toOwner, g.total as given
    from young y join given g on g.rater = y.rater
    where y.n >= ${FOCUS.share} * g.total
    order by y.owner, y.rater
  `);
  const byOwner = new Map<number, FocusFinding>();
  for (const row of rows) {
    const finding = byOwner.get(row.ownerId) ?? { ownerId: row.ownerId, accounts: [] };
    finding.accounts.push({ raterId: row.raterId, toOwner: row.toOwner, given: row.given });
    byOwner.set(row.ownerId, finding);
  }
  return [...byOwner.values()].filter((finding) => finding.accounts.length >= FOCUS.minAccounts);
}

export type BurstFinding = {
  buildId: number;
  stars: 1 | 5;
  raterIds: number[];
  createdTogether: boolean;
  /** The networks (keyed hashes) that at least BURST.minAccounts of them rated from. */
  networks: string[];
  firstAt: number;
  lastAt: number;
};

/**
 * Each extreme rating with how many same-star ratings of its build, within the window,
 * came from accounts created near its rater's or from its network (itself included).
 * One pass over ratings_build_stars_idx counts each rating's same-star neighbours in
 * the window; only ratings with enough of them are compared pair by pair.
 */
export function detectBursts(reader: Reader): BurstFinding[] {
  const rows = reader.all<{
    raterId: number;
    buildId: number;
    stars: 1 | 5;
    at: number;
    network: string | null;
    together: number;
    sameNetwork: number;
  }>(sql`
    with near as materialized (
      select id, count(*) over (
        partition by build_id, rating order by updated_at
        range between ${BURST.windowMs} preceding and ${BURST.windowMs} following
      ) as n
      from ratings indexed by ratings_build_stars_idx
      where rating in (1, 5)
    )
    select a.user_id as raterId, a.build_id as buildId, a.rating as stars, a.updated_at as at, a.network,
      sum(abs(ub.created_at - ua.created_at) <= ${BURST.createdTogetherMs}) as together,
      sum(a.network is not null and b.network = a.network) as sameNetwork
    from near
    cross join ratings a on a.id = near.id
    join users ua on ua.id = a.user_id
    join ratings b indexed by ratings_build_stars_idx on b.build_id = a.build_id and b.rating = a.rating
      and b.updated_at between a.updated_at - ${BURST.windowMs} and a.updated_at + ${BURST.windowMs}
    join users ub on ub.id = b.user_id
    where near.n >= ${BURST.minAccounts}
    group by a.id
    having together >= ${BURST.minAccounts} or sameNetwork >= ${BURST.minAccounts}
    order by a.build_id, a.rating, a.updated_at
  `);
  const bursts = new Map<string, BurstFinding & { networkCounts: Map<string, number> }>();
  for (const row of rows) {
    const key = `${row.buildId}-${row.stars}`;
    const burst = bursts.get(key) ?? {
      buildId: row.buildId,
      stars: row.stars,
      raterIds: [],
      createdTogether: false,
      networks: [],
      firstAt: row.at,
      lastAt: row.at,
      networkCounts: new Map<string, number>(),
    };
    burst.raterIds.push(row.raterId);
    burst.lastAt = row.at;
    if (row.together >= BURST.minAccounts) burst.createdTogether = true;
    if (row.network && row.sameNetwork >= BURST.minAccounts)
      burst.networkCounts.set(row.network, (burst.networkCounts.get(row.network) ?? 0) + 1);
    bursts.set(key, burst);
  }
  return [...bursts.values()].map(({ networkCounts, ...burst }) => ({ ...burst, networks: [...networkCounts.keys()] }));
}

export type RingFinding = { memberIds: number[]; insideRatings: number; highRatings: number };

/**
 * Members who give most of their high ratings to partners who rate them highly back,
 * linked into groups by those mutual ratings. A battle vote for a build counts as a high
 * rating of its owner, so a ring that votes for each other in Rig Battles is found too. The heavy part is one pass of grouping
 * in SQL; the few members it leaves are joined into groups here.
 */
export function detectRings(reader: Reader): RingFinding[] {
  const edges = reader.all<{ rater: number; partner: number; n: number; inside: number; total: number }>(sql`
    with liked as materialized (
      select rater, owner, count(*) as n from (
        select r.user_id as rater, b.user_id as owner
        from ratings r join builds b on b.id = r.build_id
        where r.rating >= ${RING.minStars}
        union all
        select v.voter_id, b.user_id
        from battle_votes v join builds b on b.id = iif(v.outcome = 'low', v.build_low, v.build_high)
        where v.outcome <> 'draw'
      )
      group by rater, owner
    ),
    mutual as materialized (
      select a.rater, a.owner as partner, a.n from liked a join liked b on b.rater = a.owner and b.owner = a.rater
    ),
    insular as materialized (
      select m.rater, sum(m.n) as inside, (select sum(n) from liked l where l.rater = m.rater) as total
      from mutual m
      group by m.rater
      having count(*) >= ${RING.minPartners} and inside >= ${RING.insideShare} * total
    )
    select m.rater, m.partner, m.n, i.inside, i.total
    from mutual m
    join insular i on i.rater = m.rater
    where m.partner in (select rater from insular)
  `);
  const partners = new Map<number, number[]>();
  const counts = new Map<number, { inside: number; total: number }>();
  for (const edge of edges) {
    partners.set(edge.rater, [...(partners.get(edge.rater) ?? []), edge.partner]);
    counts.set(edge.rater, { inside: edge.inside, total: edge.total });
  }
  const seen = new Set<number>();
  const rings: RingFinding[] = [];
  for (const start of [...partners.keys()].sort((a, b) => a - b)) {
    if (seen.has(start)) continue;
    const group: number[] = [];
    const queue = [start];
    seen.add(start);
    while (queue.length > 0) {
      const member = queue.pop()!;
      group.push(member);
      for (const next of partners.get(member) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    if (group.length < RING.minMembers) continue;
    group.sort((a, b) => a - b);
    const sums = group.reduce((sum, id) => ({ inside: sum.inside + counts.get(id)!.inside, total: sum.total + counts.get(id)!.total }), {
      inside: 0,
      total: 0,
    });
    rings.push({ memberIds: group, insideRatings: sums.inside, highRatings: sums.total });
  }
  return rings;
}

/**
 * The three detectors' findings, with the builds each touches, as a scan keeps them.
 * Each detector runs in its own turn of the event loop (`between`), so a scan run by
 * the job lets requests through in between.
 */
export async function scanFindings(reader: Db, between: () => Promise<unknown> = async () => {}): Promise<StoredFinding[]> {
  const focus = detectFocus(reader);
  await between();
  const bursts = detectBursts(reader);
  await between();
  const rings = detectRings(reader);
  const buildsOf = buildIdsOfOwners(reader, [
    ...new Set([...focus.map((finding) => finding.ownerId), ...rings.flatMap((ring) => ring.memberIds)]),
  ]);
  const owners = accountsById(
    reader,
    focus.map((finding) => finding.ownerId),
  );
  return [
    ...rings.map((ring): StoredFinding => ({
      kind: 'ring',
      key: `ring-${ring.memberIds[0]}`,
      summary: `${ring.memberIds.length} members rate each other’s builds ${RING.minStars}+ stars`,
      evidence: [
        `${ring.insideRatings} of their ${ring.highRatings} ratings of ${RING.minStars}+ stars and battle votes (${percent(ring.insideRatings / ring.highRatings)}) go to members who rate them back`,
        `each has at least ${RING.minPartners} such partners`,
      ],
      accounts: ring.memberIds.map((id) => ({ id, note: '' })),
      buildIds: ring.memberIds.flatMap((id) => buildsOf.get(id) ?? []),
    })),
    ...bursts.map((burst): StoredFinding => ({
      kind: 'burst',
      key: `burst-${burst.buildId}-${burst.stars}`,
      summary: `${burst.raterIds.length} ${burst.stars}-star ratings of one build within ${hours(burst.lastAt - burst.firstAt)}`,
      evidence: [
        ...(burst.createdTogether ? [`at least ${BURST.minAccounts} of the accounts were created within an hour of each other`] : []),
        ...burst.networks.map((network) => `at least ${BURST.minAccounts} rated from one network (key ${network.slice(0, 8)})`),
        `given between ${utcMinute(burst.firstAt)} and ${utcMinute(burst.lastAt)} UTC`,
      ],
      accounts: burst.raterIds.map((id) => ({ id, note: '' })),
      buildIds: [burst.buildId],
    })),
    ...focus.map((finding): StoredFinding => ({
      kind: 'focus',
      key: `focus-${finding.ownerId}`,
      summary: `${finding.accounts.length} new accounts rate mostly @${owners.get(finding.ownerId)?.username ?? finding.ownerId}’s builds`,
      evidence: [
        `each gave at least ${percent(FOCUS.share)} of its ratings in its first ${FOCUS.newAccountMs / DAY_MS} days to this member`,
      ],
      accounts: finding.accounts.map((focused) => ({
        id: focused.raterId,
        note: `${focused.toOwner} of ${focused.given} ratings while new`,
      })),
      buildIds: buildsOf.get(finding.ownerId) ?? [],
    })),
  ];
}

/** Keeps a scan's findings in place of the last one's, in the job's transaction. */
export function saveIntegrityScan(writer: Writer, scan: { findings: StoredFinding[]; scannedAt: Date; durationMs: number }): void {
  writer.delete(integrityScans).run();
  writer.insert(integrityScans).values(scan).run();
}

export type IntegrityScan = { scannedAt: Date; durationMs: number; findings: Finding[] };

/** The last scan's findings, their accounts as they are now; null before the first scan. */
export function latestIntegrityScan(reader: Db = db()): IntegrityScan | null {
  const scan = reader.select().from(integrityScans).orderBy(desc(integrityScans.id)).limit(1).get();
  if (!scan) return null;
  const accounts = accountsById(reader, [...new Set(scan.findings.flatMap((finding) => finding.accounts.map((account) => account.id)))]);
  return {
    scannedAt: scan.scannedAt,
    durationMs: scan.durationMs,
    findings: scan.findings.map((finding) => ({
      ...finding,
      // A member deleted since the scan is left out.
      accounts: finding.accounts.flatMap((account) => {
        const now = accounts.get(account.id);
        return now ? [{ ...now, note: account.note }] : [];
      }),
    })),
  };
}

function accountsById(reader: Db, ids: number[]): Map<number, Omit<FindingAccount, 'note'>> {
  if (ids.length === 0) return new Map();
  const rows = reader
    .select({
      id: users.id,
      username: users.username,
      createdAt: users.createdAt,
      discounted: sql<number>`${ratingDiscounts.userId} is not null`,
    })
    .from(users)
    .leftJoin(ratingDiscounts, eq(ratingDiscounts.userId, users.id))
    .where(inArray(users.id, ids))
    .all();
  return new Map(rows.map((row) => [row.id, { ...row, discounted: Boolean(row.discounted) }]));
}

function buildIdsOfOwners(reader: Reader, ownerIds: number[]): Map<number, number[]> {
  if (ownerIds.length === 0) return new Map();
  const rows = reader.all<{ id: number; userId: number }>(
    sql`select id, user_id as userId from builds where user_id in (${sql.join(ownerIds, sql`, `)}) order by id`,
  );
  const byOwner = new Map<number, number[]>();
  for (const row of rows) byOwner.set(row.userId, [...(byOwner.get(row.userId) ?? []), row.id]);
  return byOwner;
}

/** "2026-11-25 03:59": a moment to the minute, in UTC. */
const utcMinute = (at: number) => new Date(at).toISOString().slice(0, 16).replace('T', ' ');

const percent = (share: number) => `${Math.round(share * 100)}%`;

function hours(ms: number): string {
  const count = Math.max(1, Math.ceil(ms / 3_600_000));
  return counted(count, 'hour', 'hours');
}

/** Staff asked for a scan now: brings the next one forward (a scan under way finishes first). */
export function requestIntegrityScan(now = new Date()): void {
  enqueueOrExpedite(db(), integrityScanJob(now), now);
}
