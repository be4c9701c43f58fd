import Database from 'better-sqlite3';

/**
 * Resolves once no job is running or due in the server's database at `databasePath`
 * (the jobs a start or a write queued are done), or after a minute. A read of a page
 * right after a write can meet these jobs' own writes, which render the page anew.
 */
export async function backgroundSettled(databasePath: string): Promise<void> {
  const queue = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const busy = queue.prepare("select count(*) from jobs where status = 'running' or (status = 'queued' and run_at <= ?)").pluck();
    for (const until = Date.now() + 60_000; (busy.get(Date.now()) as number) > 0 && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    queue.close();
  }
}
