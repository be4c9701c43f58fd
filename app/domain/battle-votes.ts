import { positiveInt } from '../utils/query';

// Rig Battles' votes as members cast and the site stores them (the ranking model itself is
// domain/battles/). A member sees two builds as first (left, or top on a phone) and second
// and picks one or "can't decide"; the vote is stored by the pair in id order.

/** What a member picks: the build shown first, the one shown second, or neither. */
export const BATTLE_CHOICES = ['first', 'second', 'draw'] as const;
export type BattleChoice = (typeof BATTLE_CHOICES)[number];

/** A stored vote's outcome, as seen from the pair in id order (battle_votes.build_low, build_high). */
export const BATTLE_STORED_OUTCOMES = ['low', 'high', 'draw'] as const;
export type StoredBattleOutcome = (typeof BATTLE_STORED_OUTCOMES)[number];

/** A member whose account is this old may vote whatever their level (BATTLE_MIN_LEVEL). */
export const BATTLE_MIN_ACCOUNT_AGE_MS = 7 * 24 * 3600_000;

/** The pair in id order and which of it won, for a choice between `first` and `second` as shown. */
export function storedVote(
  first: number,
  second: number,
  choice: BattleChoice,
): { low: number; high: number; outcome: StoredBattleOutcome } {
  const low = Math.min(first, second);
  const high = Math.max(first, second);
  if (choice === 'draw') return { low, high, outcome: 'draw' };
  const winner = choice === 'first' ? first : second;
  return { low, high, outcome: winner === low ? 'low' : 'high' };
}

/** Whether a member may vote: at the level the setting asks, or with an account old enough. */
export function mayVoteInBattles(member: { level: number; createdAt: Date }, minLevel: number, now: Date): boolean {
  return member.level >= minLevel || now.getTime() - member.createdAt.getTime() >= BATTLE_MIN_ACCOUNT_AGE_MS;
}

/** How sure the battle leaderboard is of a build's place, in words a member reads at a glance. */
export const BATTLE_CERTAINTIES = ['still settling', 'fairly sure', 'sure'] as const;
export type BattleCertainty = (typeof BATTLE_CERTAINTIES)[number];

/**
 * The words for a standing's uncertainty: its standard deviation on the logit scale (a
 * build's strength is known to about plus or minus twice that) and its votes.
 */
export function battleCertainty(votes: number, sd: number): BattleCertainty {
  if (votes < 10 || sd > 0.8) return 'still settling';
  if (votes < 30 || sd > 0.45) return 'fairly sure';
  return 'sure';
}

/** A vote as a form or the API sends it: two build ids written as links write them, and a choice; null for anything else. */
export function readBattleVote(
  first: unknown,
  second: unknown,
  choice: unknown,
): { first: number; second: number; choice: BattleChoice } | null {
  const firstId = typeof first === 'string' ? positiveInt(first) : null;
  const secondId = typeof second === 'string' ? positiveInt(second) : null;
  if (firstId === null || secondId === null || firstId === secondId || !isBattleChoice(choice)) return null;
  return { first: firstId, second: secondId, choice };
}

export const isBattleChoice = (value: unknown): value is BattleChoice => (BATTLE_CHOICES as readonly unknown[]).includes(value);

/** The pair a reveal names, `<low>-<high>` (as battleRevealPath writes it); null for any other spelling. */
export function parseBattlePair(value: string | null): { low: number; high: number } | null {
  const [low, high, ...rest] = (value ?? '').split('-');
  const lowId = positiveInt(low);
  const highId = positiveInt(high);
  if (rest.length > 0 || lowId === null || highId === null || lowId >= highId) return null;
  return { low: lowId, high: highId };
}

/** The page revealing the pair just voted on. */
export const battleRevealPath = (low: number, high: number) => `/battles?after=${low}-${high}`;
