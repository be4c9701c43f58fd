import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetEnv } from '~/services/env.server';

/**
 * Gives each test of the file an empty UPLOADS_DIR of its own (and the settings `env`
 * besides), removed after it with the settings: call at the top of a test file, then
 * read the folder through the returned function.
 */
export function freshUploadsDir(name: string, env: Record<string, string> = {}): () => string {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), `rigroast-${name}-`));
    vi.stubEnv('UPLOADS_DIR', dir);
    for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
    resetEnv();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnv();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => dir;
}
