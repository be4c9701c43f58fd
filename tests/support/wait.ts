type WaitOptions = {
  timeoutMs?: number;
  intervalMs?: number;
  /** What the failure says of the state it gave up in (a job's row, the server's last lines). */
  explain?: () => string;
};

/**
 * Polls `read` until it answers something truthy and returns that; fails after
 * `timeoutMs`. For work that lands in the background (jobs, child processes).
 */
export async function waitFor<T>(
  read: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 20, explain }: WaitOptions = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting after ${timeoutMs} ms${explain ? `:\n${explain()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
