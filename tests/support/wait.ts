/**
 * Polls `read` until it answers something truthy and returns that; fails after
 * `timeoutMs`. For work that lands in the background (jobs, child processes).
 */
export async function waitFor<T>(read: () => T | Promise<T>, { timeoutMs = 10_000, intervalMs = 20 } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
