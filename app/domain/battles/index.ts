// Rig Battles' ranking model: pure rules, no database (docs/decisions/027-rig-battles.md).
export { type BattleOutcome, type BattleStrength, type BattleVote, type WeightedVote, pairKey } from './model';
export { type InfluenceOptions, MEMBER_BUILD_WEIGHT, capInfluence } from './influence';
export { CONSERVATIVE_K, type FitOptions, PRIOR_SD, fitStrengths } from './fit';
export { STANDING_TOLERANCE, type StandingChanges, type StoredStanding, standingChanges } from './standings';
export { type PairPool, RANDOM_PAIR_SHARE, WINDOW_SD, choosePair, pairPool } from './pairs';
