import { afterAll, beforeAll } from 'vitest';

/**
 * What `start` gives, shared by a whole test file: started before its first test and
 * stopped after its last. Every property is read from the running one, so read them
 * inside tests and hooks; `what` names it in the error for a read made too early.
 */
export function sharedForFile<T extends { stop(): Promise<void> }>(what: string, start: () => Promise<T>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.stop();
  });
  return new Proxy({} as T, {
    get(_target, property) {
      if (!started) throw new Error(`The ${what} starts in beforeAll: use it inside a test or a hook`);
      const value: unknown = Reflect.get(started, property);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}
