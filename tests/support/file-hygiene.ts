import { afterAll, vi } from 'vitest';
import { resetEnv } from '~/services/env.server';

// Every project runs its files one after another in each worker without loading the
// modules again (isolate: false in vite.config.ts: loading them per file was a third of
// the unit run). Each file leaves the worker as it found it: the process's own
// settings, real timers, no spies.
afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetEnv();
});
