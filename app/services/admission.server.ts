/** The line is full: the caller should answer "busy, try again" rather than queue without end. */
export class AdmissionFullError extends Error {
  override name = 'AdmissionFullError';
}

export type AdmissionLimits = {
  /** Tasks that may run at once. */
  running: number;
  /** What running tasks may cost together (e.g. pixels in memory); a task alone may always run. */
  budget?: number;
  /** Tasks that may wait for their turn; one more is refused. */
  waiting?: number;
  /** What waiting tasks may hold together (e.g. the uploaded bytes they keep in memory); one more is refused. */
  waitingBytes?: number;
};

export type Admission = {
  /**
   * Runs `task` as soon as it fits, holding its place until the task settles.
   * Admission is decided synchronously: when the line is full the returned
   * promise rejects with AdmissionFullError and nothing was counted.
   */
  run<T>(task: () => Promise<T>, options?: { cost?: number; bytes?: number }): Promise<T>;
  /** Whether a task holding `bytes` would be admitted (to run or to wait) right now. */
  hasRoom(bytes?: number): boolean;
  /** Running and waiting tasks, for tests and logs. */
  stats(): { running: number; waiting: number };
};

type Waiter = { cost: number; bytes: number; start: () => void };

/**
 * A bounded set of places for work that costs memory. A waiting task that fits
 * the remaining budget starts before an earlier one that does not (a small
 * encode while a large one waits), so the budget is used; with no costs the
 * order is first come, first served.
 */
export function createAdmission({
  running: maxRunning,
  budget = Infinity,
  waiting: maxWaiting = Infinity,
  waitingBytes: maxWaitingBytes = Infinity,
}: AdmissionLimits): Admission {
  let running = 0;
  let spent = 0;
  let heldBytes = 0;
  const line: Waiter[] = [];

  const fits = (cost: number) => running < maxRunning && (running === 0 || spent + cost <= budget);

  function startWaiting() {
    for (let index = 0; index < line.length && running < maxRunning;) {
      const waiter = line[index]!;
      if (!fits(waiter.cost)) {
        index += 1;
        continue;
      }
      line.splice(index, 1);
      heldBytes -= waiter.bytes;
      waiter.start();
    }
  }

  function hasRoom(bytes = 0) {
    return fits(0) || (line.length < maxWaiting && heldBytes + bytes <= maxWaitingBytes);
  }

  function run<T>(task: () => Promise<T>, { cost = 0, bytes = 0 }: { cost?: number; bytes?: number } = {}): Promise<T> {
    const execute = async () => {
      running += 1;
      spent += cost;
      try {
        return await task();
      } finally {
        running -= 1;
        spent -= cost;
        startWaiting();
      }
    };
    // Whatever fits was started when the last task ended, so a newcomer that fits jumps no one who could run.
    if (fits(cost)) return execute();
    if (line.length >= maxWaiting || heldBytes + bytes > maxWaitingBytes) {
      return Promise.reject(new AdmissionFullError('Every place is taken'));
    }
    heldBytes += bytes;
    return new Promise<T>((resolve, reject) => {
      line.push({ cost, bytes, start: () => void execute().then(resolve, reject) });
    });
  }

  return { run, hasRoom, stats: () => ({ running, waiting: line.length }) };
}
