import { afterEach, beforeEach } from 'vitest';
import { closeDatabase } from '~/services/db.server';
import { stopJobRunners } from './job-runner';
import { openTestDatabase } from './test-database';

// Every unit test starts on a fresh, migrated in-memory database (db() answers it)
// and leaves none open behind it, nor a job runner still working on it, so no unit
// file repeats this.
beforeEach(() => {
  openTestDatabase();
});

afterEach(async () => {
  await stopJobRunners();
  closeDatabase();
});
