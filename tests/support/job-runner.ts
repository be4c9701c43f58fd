import { afterEach } from 'vitest';
import { type JobHandler, JobRunner } from '~/queue/runner.server';

const started = new Set<JobRunner>();

// Every runner a test started is stopped after it, before the next test's database.
afterEach(async () => {
  await Promise.all([...started].map((runner) => runner.stop()));
  started.clear();
});

/**
 * Runs these job handlers as the server would on a primary, on one lane that polls
 * every 20 ms, until the test ends: what the job tests put their handlers through.
 */
export function startJobRunner(handlers: Record<string, JobHandler>, { lane = 'upkeep', concurrency = 1 } = {}): JobRunner {
  const runner = new JobRunner({ lanes: [{ name: lane, concurrency, handlers }], pollMs: 20, leaseMs: 5000, isPrimary: async () => true });
  started.add(runner);
  runner.start();
  return runner;
}
