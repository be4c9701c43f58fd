import Database from 'better-sqlite3';

/**
 * Resolves once no job is running in the server's database at `databasePath` nor due
 * within the next `quietFor` ms, or after a minute. A read of a page right after a
 * write can meet these jobs' own writes, which render the page anew; a write also
 * queues jobs a few seconds ahead (a rating's ranking comes 3 s later), and the
 * periodic ones come round on their own.
 */
export async function backgroundSettled(databasePath: string, quietFor = 10_000): Promise<void> {
  const queue = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const busy = queue.prepare("select count(*) from jobs where status = 'running' or (status = 'queued' and run_at <= ?)").pluck();
    for (const until = Date.now() + 60_000; (busy.get(Date.now() + quietFor) as number) > 0 && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    queue.close();
  }
}
