// The Rig Battles simulation (docs/decisions/027-rig-battles.md): builds with known true
// strengths, simulated voters who pick a side with the Bradley-Terry probability, and how
// well each way of choosing pairs and fitting ranks them. Shared by `npm run sim:battles`
// and app/domain/battles/simulation.test.ts.
import { type BattleStrength, type BattleVote, capInfluence, choosePair, fitStrengths, pairKey, pairPool } from '~/domain/battles';

/** mulberry32: a small seeded source, so a run can be repeated. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Kendall's tau-b between two scorings of the same items. */
export function kendallTau(x: readonly number[], y: readonly number[]): number {
  let concordant = 0;
  let discordant = 0;
  let tiedX = 0;
  let tiedY = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiedX += 1;
      else if (dy === 0) tiedY += 1;
      else if (dx === dy) concordant += 1;
      else discordant += 1;
    }
  }
  const pairs = concordant + discordant;
  return (concordant - discordant) / Math.sqrt((pairs + tiedX) * (pairs + tiedY));
}

export interface SimulationOptions {
  seed: number;
  builds?: number;
  trueSd?: number;
  /** Votes per build at which the rankings are measured (each vote counts for both builds). */
  checkpoints?: readonly number[];
  /** The job refits after this many new votes; pairs come from the last fit. */
  refitEvery?: number;
  /** Members voting; the first `builds` of them each own one build. */
  voters?: number;
}

export interface Taus {
  estimate: number;
  conservative: number;
}

export interface Checkpoint {
  votesPerBuild: number;
  votes: number;
  /** choosePair with periodic refits, capInfluence, the MAP fit. */
  chosen: Taus;
  /** Uniformly random pairs, every vote weight 1, plain maximum likelihood. */
  randomMl: Taus;
  /** Uniformly random pairs, the MAP fit: what the prior alone brings. */
  randomMap: Taus;
}

interface Field {
  ids: number[];
  truth: number[];
  random: () => number;
  voters: { id: number; excluded: Set<number>; seen: Set<number> }[];
}

function makeField({ seed, builds = 200, trueSd = 1.5, voters = 400 }: SimulationOptions): Field {
  const random = seededRandom(seed);
  const ids = Array.from({ length: builds }, (_, index) => index + 1);
  const truth = ids.map(() => trueSd * normal(random));
  return {
    ids,
    truth,
    random,
    voters: Array.from({ length: voters }, (_, index) => ({
      id: index + 1,
      excluded: new Set(index < builds ? [ids[index]!] : []),
      seen: new Set<number>(),
    })),
  };
}

const seenKey = (a: number, b: number) => {
  const [low, high] = pairKey(a, b);
  return low * 1_000_003 + high;
};

function taus(field: Field, strengths: readonly BattleStrength[]): Taus {
  return {
    estimate: kendallTau(
      field.truth,
      strengths.map((strength) => strength.estimate),
    ),
    conservative: kendallTau(
      field.truth,
      strengths.map((strength) => strength.conservative),
    ),
  };
}

/** One vote by a simulated member: the first side wins with the Bradley-Terry probability. */
function castVote(field: Field, voterId: number, [first, second]: [number, number]): BattleVote {
  const p = 1 / (1 + Math.exp(field.truth[second - 1]! - field.truth[first - 1]!));
  return { voterId, first, second, outcome: field.random() < p ? 'first' : 'second' };
}

const warmFrom = (strengths: readonly BattleStrength[]) => new Map(strengths.map((strength) => [strength.buildId, strength.estimate]));

/** Votes chosen by choosePair from the last refit, as production would gather them. */
class ChosenRun {
  readonly votes: BattleVote[] = [];
  readonly field: Field;
  readonly refitEvery: number;
  strengths: BattleStrength[];
  private pool;
  constructor(field: Field, refitEvery: number) {
    this.field = field;
    this.refitEvery = refitEvery;
    this.strengths = fitStrengths(field.ids, []);
    this.pool = pairPool(this.strengths);
  }

  refit(votes: readonly BattleVote[] = this.votes) {
    this.strengths = fitStrengths(this.field.ids, capInfluence(votes), warmFrom(this.strengths));
    return this.strengths;
  }

  /** The next pair `voter` is shown, or null when they have seen every pair. */
  pairFor(voter: Field['voters'][number]) {
    return choosePair(this.pool, { excluded: voter.excluded, seen: (a, b) => voter.seen.has(seenKey(a, b)) }, this.field.random);
  }

  record(vote: BattleVote) {
    this.votes.push(vote);
    this.field.voters[vote.voterId - 1]!.seen.add(seenKey(vote.first, vote.second));
    if (this.votes.length % this.refitEvery === 0) this.pool = pairPool(this.refit());
  }

  /** One vote from a random simulated member. */
  step() {
    for (;;) {
      const voter = this.field.voters[Math.floor(this.field.random() * this.field.voters.length)]!;
      const pair = this.pairFor(voter);
      if (pair) return this.record(castVote(this.field, voter.id, pair));
    }
  }
}

function randomVotes(field: Field, count: number): BattleVote[] {
  const votes: BattleVote[] = [];
  while (votes.length < count) {
    const a = 1 + Math.floor(field.random() * field.ids.length);
    const b = 1 + Math.floor(field.random() * field.ids.length);
    if (a !== b) votes.push(castVote(field, 0, [a, b]));
  }
  return votes;
}

const unweighted = (votes: readonly BattleVote[]) => votes.map((vote) => ({ ...vote, weight: 1 }));

/** One seeded run: the three ways at each checkpoint. */
export function simulateBattles(options: SimulationOptions): Checkpoint[] {
  const { checkpoints = [15, 40], refitEvery = 100 } = options;
  const field = makeField(options);
  const run = new ChosenRun(field, refitEvery);
  const random = randomVotes(field, (Math.max(...checkpoints) * field.ids.length) / 2);
  return checkpoints.map((votesPerBuild) => {
    const votes = (votesPerBuild * field.ids.length) / 2;
    while (run.votes.length < votes) run.step();
    const sample = unweighted(random.slice(0, votes));
    return {
      votesPerBuild,
      votes,
      chosen: taus(field, run.refit()),
      randomMl: taus(field, fitStrengths(field.ids, sample, undefined, { priorSd: Infinity, maxIterations: 50 })),
      randomMap: taus(field, fitStrengths(field.ids, sample)),
    };
  });
}

export interface RingOptions extends SimulationOptions {
  ringSize?: number;
  ringVotes?: number;
  votesPerBuild?: number;
  /** Which build the ring pushes: the one at this quantile of the true strengths (0 = weakest). */
  weakQuantile?: number;
  /**
   * Honest votes each ring account casts on other pairs it is shown, per vote for the weak
   * build: 0 skips every other pair, 4 keeps the weak build to a fifth of its votes.
   */
  cover?: number;
}

export interface RingResult {
  weakBuild: number;
  /** Places from the top (1 = first), by conservative score and by estimate. */
  without: { conservative: number; estimate: number };
  capped: { conservative: number; estimate: number };
  uncapped: { conservative: number; estimate: number };
  ringVotes: number;
  coverVotes: number;
}

function placeOf(strengths: readonly BattleStrength[], buildId: number) {
  const own = strengths.find((strength) => strength.buildId === buildId)!;
  return {
    conservative: 1 + strengths.filter((strength) => strength.conservative > own.conservative).length,
    estimate: 1 + strengths.filter((strength) => strength.estimate > own.estimate).length,
  };
}

/**
 * A ring of accounts, among ordinary voters, voting for one weak build whenever a pair
 * they are shown holds it (they skip other pairs), until they have cast `ringVotes`.
 * Its places with the ring's votes (capped as the job caps them, and not capped) and
 * without them.
 */
export function simulateRing(options: RingOptions): RingResult {
  const { ringSize = 5, ringVotes = 300, votesPerBuild = 40, weakQuantile = 0.1, refitEvery = 100, cover = 0 } = options;
  const field = makeField(options);
  const ring = Array.from({ length: ringSize }, (_, index) => ({
    id: field.voters.length + index + 1,
    excluded: new Set<number>(),
    seen: new Set<number>(),
  }));
  field.voters.push(...ring);
  const weakBuild = [...field.ids].sort((a, b) => field.truth[a - 1]! - field.truth[b - 1]!)[Math.floor(weakQuantile * field.ids.length)]!;
  const run = new ChosenRun(field, refitEvery);
  const ordinary = (votesPerBuild * field.ids.length) / 2;
  let cast = 0;
  let covering = 0;
  let tries = 0;
  while (run.votes.length - cast - covering < ordinary) {
    // Ordinary votes, with the ring's spread evenly among them.
    if (cast < ringVotes && cast * ordinary <= (run.votes.length - cast - covering) * ringVotes && tries < 1_000_000) {
      const member = ring[cast % ringSize]!;
      const pair = run.pairFor(member);
      tries += 1;
      if (pair?.includes(weakBuild)) {
        run.record({ voterId: member.id, first: pair[0], second: pair[1], outcome: pair[0] === weakBuild ? 'first' : 'second' });
        cast += 1;
      } else if (pair && covering < cover * cast) {
        run.record(castVote(field, member.id, pair));
        covering += 1;
      }
      continue;
    }
    const voter = field.voters[Math.floor(field.random() * (field.voters.length - ringSize))]!;
    const pair = run.pairFor(voter);
    if (pair) run.record(castVote(field, voter.id, pair));
  }
  const ringIds = new Set(ring.map((member) => member.id));
  const honest = run.votes.filter((vote) => !ringIds.has(vote.voterId));
  return {
    weakBuild,
    without: placeOf(fitStrengths(field.ids, capInfluence(honest)), weakBuild),
    capped: placeOf(fitStrengths(field.ids, capInfluence(run.votes)), weakBuild),
    uncapped: placeOf(fitStrengths(field.ids, unweighted(run.votes)), weakBuild),
    ringVotes: cast,
    coverVotes: covering,
  };
}
