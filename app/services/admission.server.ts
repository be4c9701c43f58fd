import { admissionRefusals, gaugeReadOnScrape } from './metrics.server';

/** The line is full: the caller should answer "busy, try again" rather than queue without end. */
export class AdmissionFullError extends Error {
  override name = 'AdmissionFullError';
  /** `key`: the caller's own share is taken (their network is asking too much at once); `all`: every place is. */
  readonly scope: 'all' | 'key';

  constructor(message: string, scope: 'all' | 'key' = 'all') {
    super(message);
    this.scope = scope;
  }
}

export type AdmissionLimits = {
  /** The line's name in /metrics (its depth and refusals); unnamed lines are not shown there. */
  name?: string;
  /** Tasks that may run at once. */
  running: number;
  /** What running tasks may cost together (e.g. pixels in memory); a task alone may always run. */
  budget?: number;
  /** Tasks that may wait for their turn; one more is refused. */
  waiting?: number;
  /** What waiting tasks may hold together (e.g. the uploaded bytes they keep in memory); one more is refused. */
  waitingBytes?: number;
  /** Tasks of one key (e.g. a client's network) that may run and wait together; one more is refused. */
  perKey?: number;
  /** Tasks of one key that may run at once: the rest of its tasks wait even while places are free, for other keys. */
  runningPerKey?: number;
  /** What one key's running tasks may cost together (its share of `budget`); a key's task alone may always run. */
  budgetPerKey?: number;
};

export type AdmissionOptions = {
  cost?: number;
  bytes?: number;
  /** Whose task it is: waiting keys take turns, so one key's many tasks do not hold the others back. */
  key?: string;
  /** Gives up the task's place while it waits (its caller went away); the promise rejects with the reason. */
  signal?: AbortSignal;
};

export type Admission = {
  /**
   * Runs `task` as soon as it fits, holding its place until the task settles.
   * Admission is decided synchronously: when the line is full the returned
   * promise rejects with AdmissionFullError and nothing was counted.
   */
  run<T>(task: () => Promise<T>, options?: AdmissionOptions): Promise<T>;
  /** Whether a task holding `bytes` would be admitted (to run or to wait) right now. */
  hasRoom(bytes?: number): boolean;
  /** Running and waiting tasks, for tests and logs. */
  stats(): { running: number; waiting: number };
};

type Waiter = { cost: number; bytes: number; start: () => void };

/** The named lines of this process, for /metrics. */
const namedLines = new Map<string, Admission>();

gaugeReadOnScrape({
  name: 'rigroast_line_tasks',
  help: 'Tasks holding a place in a line (requests, uploads being read, image encodes), running or waiting.',
  labelNames: ['line', 'state'],
  read: () =>
    [...namedLines].flatMap(([line, admission]) => {
      const { running, waiting } = admission.stats();
      return [
        { labels: { line, state: 'running' }, value: running },
        { labels: { line, state: 'waiting' }, value: waiting },
      ];
    }),
});

/**
 * A bounded set of places for work that costs memory or time. A waiting task
 * that fits the remaining budget starts before an earlier one that does not (a
 * small encode while a large one waits), so the budget is used; with no costs
 * the order is first come, first served within a key, and keys take turns.
 *
 * Each task starts on a turn of the event loop of its own, later than the one that
 * gave it its place. A page made within the callback that read its request was done
 * there: one turn served every connected client's request, and as libuv takes one new
 * connection a turn, under load a new visitor waited seconds (a turn per client already
 * connected) before being read at all. One start a turn keeps the turns as short as a
 * page, so new connections are taken as often.
 */
export function createAdmission({
  name,
  running: maxRunning,
  budget = Infinity,
  waiting: maxWaiting = Infinity,
  waitingBytes: maxWaitingBytes = Infinity,
  perKey = Infinity,
  runningPerKey = Infinity,
  budgetPerKey = Infinity,
}: AdmissionLimits): Admission {
  let running = 0;
  let spent = 0;
  let heldBytes = 0;
  let waiting = 0;
  let starts = 0;
  // Tasks that have their place, each to be run on a turn of its own.
  const toRun: (() => void)[] = [];
  const runOne = () => {
    toRun.shift()!();
    if (toRun.length > 0) setImmediate(runOne);
  };
  const onALaterTurn = (run: () => void) => {
    if (toRun.push(run) === 1) setImmediate(runOne);
  };
  // Each key's waiting tasks, and its tasks in all with when one of them last started: a place
  // that frees goes to the waiting key served longest ago, so keys take turns.
  const lines = new Map<string, Waiter[]>();
  const keys = new Map<string, { tasks: number; running: number; spent: number; lastStart: number }>();

  const fits = (cost: number) => running < maxRunning && (running === 0 || spent + cost <= budget);
  const keyMayRun = (key: string, cost: number) => {
    const entry = keys.get(key);
    return !entry || (entry.running < runningPerKey && (entry.running === 0 || entry.spent + cost <= budgetPerKey));
  };

  function startNext(): boolean {
    let next: { key: string; index: number; lastStart: number } | undefined;
    for (const [key, line] of lines) {
      const lastStart = keys.get(key)?.lastStart ?? 0;
      if (next && next.lastStart <= lastStart) continue;
      const index = line.findIndex((waiter) => fits(waiter.cost) && keyMayRun(key, waiter.cost));
      if (index !== -1) next = { key, index, lastStart };
    }
    if (!next) return false;
    leaveLine(next.key, next.index).start();
    return true;
  }

  /** Takes a waiter out of its key's line, whether it starts or gives up. */
  function leaveLine(key: string, index: number): Waiter {
    const line = lines.get(key)!;
    const [waiter] = line.splice(index, 1);
    if (line.length === 0) lines.delete(key);
    waiting -= 1;
    heldBytes -= waiter!.bytes;
    return waiter!;
  }

  function startWaiting() {
    while (running < maxRunning && startNext());
  }

  function hasRoom(bytes = 0) {
    return fits(0) || (waiting < maxWaiting && heldBytes + bytes <= maxWaitingBytes);
  }

  function take(key: string) {
    const entry = keys.get(key);
    if (entry) entry.tasks += 1;
    else keys.set(key, { tasks: 1, running: 0, spent: 0, lastStart: 0 });
  }

  function release(key: string) {
    const entry = keys.get(key)!;
    entry.tasks -= 1;
    if (entry.tasks === 0) keys.delete(key);
  }

  function run<T>(task: () => Promise<T>, { cost = 0, bytes = 0, key = '', signal }: AdmissionOptions = {}): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if ((keys.get(key)?.tasks ?? 0) >= perKey) return refuse(new AdmissionFullError('Every place of this key is taken', 'key'));
    const execute = async () => {
      const entry = keys.get(key)!;
      running += 1;
      spent += cost;
      entry.running += 1;
      entry.spent += cost;
      entry.lastStart = ++starts;
      try {
        // The place is taken at once; the task runs on a later turn of the loop (below), unless
        // its caller went away meanwhile: that gives the place up, as leaving while waiting does.
        await new Promise<void>((resolve) => onALaterTurn(resolve));
        signal?.throwIfAborted();
        return await task();
      } finally {
        running -= 1;
        spent -= cost;
        entry.running -= 1;
        entry.spent -= cost;
        release(key);
        startWaiting();
      }
    };
    // Whatever fits was started when the last task ended, so a newcomer that fits jumps no one who could run.
    if (fits(cost) && keyMayRun(key, cost)) {
      take(key);
      return execute();
    }
    if (waiting >= maxWaiting || heldBytes + bytes > maxWaitingBytes) {
      return refuse(new AdmissionFullError('Every place is taken'));
    }
    take(key);
    waiting += 1;
    heldBytes += bytes;
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        cost,
        bytes,
        start: () => {
          signal?.removeEventListener('abort', giveUp);
          void execute().then(resolve, reject);
        },
      };
      function giveUp() {
        leaveLine(key, lines.get(key)!.indexOf(waiter));
        release(key);
        reject(signal!.reason);
      }
      signal?.addEventListener('abort', giveUp, { once: true });
      const line = lines.get(key);
      if (line) line.push(waiter);
      else lines.set(key, [waiter]);
    });
  }

  function refuse(error: AdmissionFullError): Promise<never> {
    if (name) admissionRefusals.inc({ line: name, scope: error.scope });
    return Promise.reject(error);
  }

  const admission: Admission = { run, hasRoom, stats: () => ({ running, waiting }) };
  // The latest line of a name is the one shown: a test or a restarted app builds its lines again.
  if (name) namedLines.set(name, admission);
  return admission;
}
