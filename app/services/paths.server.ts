import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project's root folder, found from this file's location so the same code
 * works from source (dev, tests) and from the bundled build/server/index.js.
 */
function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'db', 'migrations'))) return dir;
    if (dirname(dir) === dir) throw new Error(`Cannot find the RigRoast folder above ${start}`);
  }
}

export const projectRoot = findRoot(import.meta.dirname);
export const migrationsFolder = join(projectRoot, 'db', 'migrations');
export const clientBuildFolder = join(projectRoot, 'build', 'client');
