import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrateDatabase, openDatabase } from '~/services/db.server';
import { MIGRATED_DATABASE } from './app-process';

/**
 * Integration tests run the real production server, so build it once per run, and migrate
 * the database its test servers start on a copy of, once per run, from today's migrations.
 */
export default function setup() {
  if (process.env.SKIP_BUILD !== '1') {
    const result = spawnSync('npm', ['run', 'build'], { stdio: 'pipe', encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
  }
  // The last run's database goes whole, its WAL files with it; openDatabase makes the folder again.
  rmSync(dirname(MIGRATED_DATABASE), { recursive: true, force: true });
  const database = openDatabase(MIGRATED_DATABASE);
  migrateDatabase(database);
  database.$client.close();
}
