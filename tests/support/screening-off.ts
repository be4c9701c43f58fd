import { afterEach, beforeEach, vi } from 'vitest';
import { resetEnv } from '~/services/env.server';

/**
 * Runs every test of the calling file with SCREENING=off — new builds are listed at
 * once, as `aListedBuild` needs — and gives the environment back after each.
 */
export function withScreeningOff(): void {
  beforeEach(() => {
    vi.stubEnv('SCREENING', 'off');
    resetEnv();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnv();
  });
}
