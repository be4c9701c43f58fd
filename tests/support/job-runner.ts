import { type JobHandler, JobRunner } from '~/queue/runner.server';

const started = new Set<JobRunner>();

/**
 * Runs these job handlers as the server would on a primary, on one lane that polls
 * every 20 ms, until the test ends (unit-database.ts stops it before the test's
 * database closes): what the job tests put their handlers through.
 */
export function startJobRunner(handlers: Record<string, JobHandler>, { lane = 'upkeep', concurrency = 1 } = {}): JobRunner {
  const runner = new JobRunner({ lanes: [{ name: lane, concurrency, handlers }], pollMs: 20, leaseMs: 5000, isPrimary: async () => true });
  started.add(runner);
  runner.start();
  return runner;
}

/** Stops every runner startJobRunner started. */
export async function stopJobRunners(): Promise<void> {
  await Promise.all([...started].map((runner) => runner.stop()));
  started.clear();
}
