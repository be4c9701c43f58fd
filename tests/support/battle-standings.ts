import type { BattleStrength } from '~/domain/battles';
import { standingChanges } from '~/domain/battles';
import { saveBattleStandings, storedBattleStandings } from '~/models/battles.server';
import { db } from '~/services/db.server';

/** Stores `strengths` as the standings a fit at `at` left: any other stored standing goes. */
export function storeFit(strengths: readonly BattleStrength[], at = new Date()): void {
  saveBattleStandings(db(), standingChanges(storedBattleStandings(), strengths), at);
}
