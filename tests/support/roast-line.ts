import { openAppDatabase } from './test-database';

const HOUR = 3600_000;

/**
 * Puts builds of a running app in a line of roasts, as a slow CPU host leaves it, written
 * straight into its database: each waits for a roast (as after a fresh-roast request), the
 * first is being written under a lease an hour long, the others wait behind it. The test
 * servers' roasters answer in a second or two, four at once, so no line would last for a
 * page to show it; these rows are the state such a line is in, and the runner leaves them
 * alone (a held lease, jobs not yet due) until releaseRoast.
 */
export function holdRoastLine(databasePath: string, buildIds: number[]): void {
  const sqlite = openAppDatabase(databasePath);
  const now = Date.now();
  try {
    sqlite.transaction(() => {
      buildIds.forEach((buildId, n) => {
        const key = `roast:${buildId}`;
        sqlite
          .prepare("update builds set roast = '', roast_advice = null, roast_failed_at = null, roast_fallback = null where id = ?")
          .run(buildId);
        sqlite.prepare("delete from jobs where key = ? and status in ('queued', 'running')").run(key);
        const writing = n === 0;
        sqlite
          .prepare(
            `insert into jobs (type, payload, status, attempts, max_attempts, run_at, lease_until, key, lease_token, started_at, created_at, updated_at)
             values ('roast', ?, ?, ?, 5, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            JSON.stringify({ buildId }),
            writing ? 'running' : 'queued',
            writing ? 1 : 0,
            // Behind the first: due in an hour, so the runner does not take it before the test lets it.
            writing ? now : now + HOUR + n,
            writing ? now + HOUR : null,
            key,
            writing ? `held-${buildId}` : null,
            writing ? now : null,
            now + n,
            now + n,
          );
      });
    })();
  } finally {
    sqlite.close();
  }
}

/** Lets the runner write a held build's roast now (see holdRoastLine). */
export function releaseRoast(databasePath: string, buildId: number): void {
  const sqlite = openAppDatabase(databasePath);
  try {
    sqlite
      .prepare(
        "update jobs set status = 'queued', run_at = ?, lease_until = null, lease_token = null, attempts = 0 where key = ? and status in ('queued', 'running')",
      )
      .run(Date.now(), `roast:${buildId}`);
  } finally {
    sqlite.close();
  }
}

/**
 * Makes a roasted build's roast one the built-in roaster wrote because the model was too
 * slow (as a CPU host's deadline leaves it), straight in a running app's database: the
 * e2e server's model answers in seconds, so no deadline would pass for a page to show it.
 */
export function standInForSlowModel(databasePath: string, buildId: number, roast: string): void {
  const sqlite = openAppDatabase(databasePath);
  try {
    sqlite
      .prepare(
        "update builds set roast = ?, roast_provider = 'builtin', roast_model = null, roast_fallback = 'model_slow' where id = ? and roast != ''",
      )
      .run(roast, buildId);
  } finally {
    sqlite.close();
  }
}

/**
 * Has a roasted build of a running app wait for its roast again, as after a fresh-roast
 * request, and stay waiting until releaseRoast: its job is due a day from now, behind
 * every other roast (the runner claims them by run time), so no other build's place in
 * line changes, and the runner leaves it alone.
 */
export function holdRoast(databasePath: string, buildId: number): void {
  const sqlite = openAppDatabase(databasePath);
  const now = Date.now();
  try {
    sqlite.transaction(() => {
      sqlite
        .prepare("update builds set roast = '', roast_advice = null, roast_failed_at = null, roast_fallback = null where id = ?")
        .run(buildId);
      sqlite.prepare("delete from jobs where key = ? and status in ('queued', 'running')").run(`roast:${buildId}`);
      sqlite
        .prepare(
          `insert into jobs (type, payload, status, attempts, max_attempts, run_at, key, created_at, updated_at)
           values ('roast', ?, 'queued', 0, 5, ?, ?, ?, ?)`,
        )
        .run(JSON.stringify({ buildId }), now + 24 * HOUR, `roast:${buildId}`, now, now);
    })();
  } finally {
    sqlite.close();
  }
}
