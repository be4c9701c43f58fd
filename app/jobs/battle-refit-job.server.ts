import type { StandingChanges } from '~/domain/battles';
import {
  BATTLE_REFIT_DELAY_MS,
  BATTLE_REFIT_EVERY_MS,
  fitBattleStrengths,
  battleRefitNeeded,
  battleVotedSince,
  recordBattleRanks,
  saveBattleStandings,
} from '~/models/battles.server';
import { upkeepRows } from '~/models/upkeep-size.server';
import { enqueueJob } from '~/queue/enqueue.server';
import { battleRefitJob } from '~/queue/job-types';
import type { JobHandler } from '~/queue/runner.server';
import type { Writer } from '~/services/db.server';
import { log } from '~/services/log.server';
import { inWorkerThread } from './worker-thread.server';

/** Queues the next refit of the battle strengths at `runAt`, unless one is queued or running. */
export function scheduleBattleRefit(writer: Writer, runAt = new Date()): void {
  enqueueJob(writer, battleRefitJob(runAt));
}

/**
 * Fits every listed build's battle strength to the counted votes (each member's weight
 * capped, domain/battles), in a worker thread, and stores the standings that moved. Nothing is fitted or
 * written when no vote arrived and no build was listed or hidden since the last fit. The
 * day's first run keeps each build's place for the weekly digest's movers. The
 * next run comes ten minutes later (votes and listings ask for one sooner), or a few seconds on
 * when votes arrived during this fit: their own request found this job running.
 */
export const refitBattles: JobHandler = {
  async run({ complete }) {
    const startedAt = new Date();
    let changes: StandingChanges | null = null;
    if (battleRefitNeeded()) {
      const started = performance.now();
      const fitted = await inWorkerThread('battle-fit-worker', () => fitBattleStrengths(), { rows: upkeepRows() });
      changes = fitted.changes;
      log.info('Battle strengths fitted', {
        builds: fitted.builds,
        votes: fitted.votes,
        changed: fitted.changes.changed.length + fitted.changes.gone.length,
        durationMs: Math.round(performance.now() - started),
      });
    }
    complete((tx) => {
      if (changes) saveBattleStandings(tx, changes, startedAt);
      recordBattleRanks(tx, startedAt);
      const missed = battleVotedSince(tx, startedAt);
      scheduleBattleRefit(tx, new Date(Date.now() + (missed ? BATTLE_REFIT_DELAY_MS : BATTLE_REFIT_EVERY_MS)));
    });
  },
  giveUp: (tx) => scheduleBattleRefit(tx, new Date(Date.now() + BATTLE_REFIT_EVERY_MS)),
};
