import { isBusyError, withoutWaitingForLock, type Writer } from '~/services/db.server';
import { isReplicaWriteError } from '~/services/litefs.server';
import { log } from '~/services/log.server';
import { jobDuration } from '~/services/metrics.server';
import {
  type ClaimedJob,
  claimJob,
  completeJob,
  extendLease,
  failJob,
  LeaseLostError,
  listAbandonedJobs,
  releaseJob,
  retryDelay,
  waitingTypes,
} from './lease.server';
import { counted } from '~/utils/count';

export type JobContext = {
  job: ClaimedJob;
  /** Aborted when the runner stops: the job is handed back and runs again later. */
  signal: AbortSignal;
  /** Writes the job's result and marks it done, in one transaction, only while this runner holds it. */
  complete: <T>(write: (tx: Writer) => T) => T;
};

export type JobHandler = {
  run: (context: JobContext) => Promise<void>;
  /** Writes what running out of attempts means for the job's row (e.g. "roast failed"). */
  giveUp?: (tx: Writer, job: ClaimedJob) => void;
};

/**
 * Jobs that share slots. Each lane has its own, so jobs of one lane never wait
 * for another's: a slow AI roast cannot hold up the screening of the next upload.
 */
export type JobLane = {
  name: string;
  /** How many of this lane's jobs run at once. */
  concurrency: number;
  handlers: Record<string, JobHandler>;
};

export type RunnerOptions = {
  lanes: JobLane[];
  pollMs: number;
  /** How long a claim lasts; renewed every third of it while the job runs. */
  leaseMs: number;
  /** Asked before every claim: only the LiteFS primary runs jobs. */
  isPrimary: () => Promise<boolean>;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long stop() waits for running jobs after aborting them. */
  stopGraceMs?: number;
};

type Running = { job: ClaimedJob; lane: JobLane; controller: AbortController; done: Promise<void> };

/**
 * The job runner: polls the jobs table every `pollMs`, runs up to each lane's
 * `concurrency` of its jobs at once, renews their leases while they run, retries
 * failures with exponential backoff, and idles wherever this instance is not the primary.
 */
export class JobRunner {
  private readonly running = new Map<number, Running>();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private stopped = true;
  private readonly handlers: Record<string, JobHandler>;
  private readonly types: string[];
  private readonly options: RunnerOptions;

  constructor(options: RunnerOptions) {
    this.options = options;
    this.handlers = Object.assign({}, ...options.lanes.map((lane) => lane.handlers)) as Record<string, JobHandler>;
    this.types = Object.keys(this.handlers);
    if (this.types.length !== options.lanes.reduce((sum, lane) => sum + Object.keys(lane.handlers).length, 0)) {
      throw new Error('A job type belongs to one lane only');
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Whether jobs are being worked on right now (for tests and shutdown logs). */
  get busy(): number {
    return this.running.size;
  }

  /** Asks for a poll now, e.g. right after enqueueing, instead of waiting for the next tick. */
  wake(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.schedule(0);
  }

  /**
   * Stops claiming, aborts the jobs in flight, waits briefly for them to wind
   * down, and hands back any that did not finish so the next start takes them.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const inFlight = [...this.running.values()];
    for (const entry of inFlight) entry.controller.abort(new Error('The job runner is stopping'));
    const grace = new Promise<void>((resolve) => setTimeout(resolve, this.options.stopGraceMs ?? 5000).unref());
    await Promise.race([Promise.allSettled(inFlight.map((entry) => entry.done)), grace]);
    // Jobs that ignored the abort are handed back too; their late writes are fenced off.
    for (const entry of this.running.values()) this.handBack(entry.job);
  }

  private handBack(job: ClaimedJob): void {
    try {
      releaseJob(job);
      log.info(`Job ${job.id} (${job.type}) interrupted by shutdown; it runs again on the next start`);
    } catch (error) {
      log.warn(`Could not hand back job ${job.id}; it runs again when its lease expires`, String(error));
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    try {
      if (await this.options.isPrimary()) {
        this.renewLeases();
        const waiting = waitingTypes(this.types);
        // Claims are tried again at the next poll: none waits for another process's write with the event loop stopped.
        if (waiting.size > 0) {
          withoutWaitingForLock(() => {
            this.failAbandoned();
            this.claimAvailable(waiting);
          });
        }
      }
    } catch (error) {
      if (isBusyError(error)) log.debug('Another process is writing to the database: the job runner claims at its next poll');
      else if (isReplicaWriteError(error)) log.info('The database is read-only here (a replica): the job runner idles');
      else log.error('The job runner could not poll', error);
    } finally {
      this.ticking = false;
      this.schedule(this.options.pollMs);
    }
  }

  /** Claims jobs of the `waiting` types, in the lanes that have a free slot for them. */
  private claimAvailable(waiting: Set<string>): void {
    for (const lane of this.options.lanes) {
      const types = Object.keys(lane.handlers).filter((type) => waiting.has(type));
      if (types.length === 0) continue;
      while (!this.stopped && this.runningIn(lane) < lane.concurrency) {
        const job = claimJob(types, this.options.leaseMs);
        if (!job) break;
        log.debug(`Job ${job.id} (${job.type}) starts in the ${lane.name} lane`);
        this.launch(job, lane);
      }
    }
  }

  private runningIn(lane: JobLane): number {
    let count = 0;
    for (const entry of this.running.values()) if (entry.lane === lane) count += 1;
    return count;
  }

  private renewLeases(): void {
    const now = Date.now();
    for (const entry of this.running.values()) {
      const left = (entry.job.leaseUntil?.getTime() ?? 0) - now;
      if (left > (this.options.leaseMs * 2) / 3) continue;
      if (extendLease(entry.job, this.options.leaseMs, now)) {
        entry.job = { ...entry.job, leaseUntil: new Date(now + this.options.leaseMs) };
      } else {
        entry.controller.abort(new LeaseLostError(`Job ${entry.job.id} was taken over by another runner`));
      }
    }
  }

  private failAbandoned(): void {
    for (const job of listAbandonedJobs(this.types)) {
      this.recordFailure(job, 'The job stopped before finishing (its process ended) and has no attempt left');
    }
  }

  private launch(job: ClaimedJob, lane: JobLane): void {
    const handler = lane.handlers[job.type];
    if (!handler) return;
    const controller = new AbortController();
    let completed = false;
    const context: JobContext = {
      job,
      signal: controller.signal,
      complete: (write) => {
        const result = completeJob(job, write);
        completed = true;
        return result;
      },
    };
    const started = performance.now();
    let outcome: 'done' | 'retry' | 'failed' | 'taken-over' | 'handed-back' = 'done';
    const done = (async () => {
      try {
        await handler.run(context);
        // A handler with nothing to write still finishes its job.
        if (!completed) completeJob(job, () => undefined);
      } catch (error) {
        const reason: unknown = controller.signal.reason;
        if (error instanceof LeaseLostError || reason instanceof LeaseLostError) {
          outcome = 'taken-over';
          log.warn(`Job ${job.id} (${job.type}) was taken over by another runner`);
        } else if (controller.signal.aborted) {
          outcome = 'handed-back';
          this.handBack(job);
        } else outcome = this.recordFailure(job, error instanceof Error ? error.message : String(error));
      } finally {
        jobDuration.observe({ type: job.type, outcome }, (performance.now() - started) / 1000);
        this.running.delete(job.id);
        // A freed slot may take the next job without waiting for the poll.
        if (!this.stopped) this.wake();
      }
    })();
    this.running.set(job.id, { job, lane, controller, done });
  }

  private recordFailure(job: ClaimedJob, message: string): 'retry' | 'failed' | 'taken-over' {
    const handler = this.handlers[job.type];
    const delayMs = retryDelay(job.attempts, this.options.retryBaseMs ?? 5000, this.options.retryMaxMs ?? 10 * 60_000);
    try {
      const outcome = failJob(job, message, { delayMs, giveUp: handler?.giveUp && ((tx) => handler.giveUp?.(tx, job)) });
      if (outcome === 'failed')
        log.error(`Job ${job.id} (${job.type}) failed for good after ${counted(job.attempts, 'attempt', 'attempts')}: ${message}`);
      else log.warn(`Job ${job.id} (${job.type}) attempt ${job.attempts} failed, retrying in ${Math.round(delayMs / 1000)} s: ${message}`);
      return outcome;
    } catch (error) {
      if (!(error instanceof LeaseLostError)) throw error;
      log.warn(error.message);
      return 'taken-over';
    }
  }
}
