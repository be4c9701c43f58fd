import { describe, expect, it } from 'vitest';
import { AdmissionFullError, createAdmission } from './admission.server';

/** A task that runs until `finish` is called; `started` says whether it began. */
function gatedTask<T>(value: T) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<T>((resolve, reject) => {
    finish = () => resolve(value);
    fail = reject;
  });
  const task = { started: false, finish: () => finish(), fail: (error: Error) => fail(error), run: () => ((task.started = true), done) };
  return task;
}

/** A task of `key` whose caller goes away when `leave` is called; `ran` says whether it ran. */
function abandonedTask(admission: ReturnType<typeof createAdmission>, key: string) {
  const gone = new AbortController();
  const task = {
    ran: false,
    leave: () => gone.abort(new Error('left')),
    done: admission.run(
      async () => {
        task.ran = true;
      },
      { key, signal: gone.signal },
    ),
  };
  return task;
}

/** Enough turns of the event loop for the tasks given a place so far to start, one a turn. */
const settle = async () => {
  for (let turn = 0; turn < 8; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe('createAdmission', () => {
  it('runs so many tasks at once, queues the next ones in order, and refuses past the line', async () => {
    const admission = createAdmission({ running: 2, waiting: 2 });
    const tasks = Array.from({ length: 4 }, (_, index) => gatedTask(index));
    const results = tasks.map((task) => admission.run(task.run));
    await settle();
    expect(tasks.map((task) => task.started)).toEqual([true, true, false, false]);
    expect(admission.stats()).toEqual({ running: 2, waiting: 2 });
    expect(admission.hasRoom()).toBe(false);
    await expect(admission.run(async () => 'late')).rejects.toBeInstanceOf(AdmissionFullError);

    tasks[1]!.finish();
    await settle();
    expect(tasks.map((task) => task.started)).toEqual([true, true, true, false]);
    expect(admission.hasRoom()).toBe(true);
    for (const task of tasks) task.finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect(admission.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees a place when a task fails, and passes the failure on', async () => {
    const admission = createAdmission({ running: 1, waiting: 1 });
    const failing = gatedTask('never');
    const next = gatedTask('next');
    const failed = admission.run(failing.run);
    const after = admission.run(next.run);
    await settle();
    failing.fail(new Error('unreadable'));
    await expect(failed).rejects.toThrow('unreadable');
    await settle();
    expect(next.started).toBe(true);
    next.finish();
    expect(await after).toBe('next');
  });

  it('bounds the bytes that waiting tasks hold, not those of running ones', async () => {
    const admission = createAdmission({ running: 1, waiting: 10, waitingBytes: 100 });
    const running = gatedTask('running');
    const first = admission.run(running.run, { bytes: 500 });
    const waiting = gatedTask('waiting');
    const second = admission.run(waiting.run, { bytes: 60 });
    expect(admission.hasRoom(40)).toBe(true);
    expect(admission.hasRoom(41)).toBe(false);
    await expect(admission.run(async () => 'too big', { bytes: 41 })).rejects.toBeInstanceOf(AdmissionFullError);
    running.finish();
    await first;
    await settle();
    expect(waiting.started).toBe(true);
    expect(admission.hasRoom(100)).toBe(true);
    waiting.finish();
    await second;
  });

  it('runs tasks side by side while their costs fit the budget, a larger one alone, and lets a smaller one pass it', async () => {
    const admission = createAdmission({ running: 2, budget: 10 });
    const small = gatedTask('small');
    const large = gatedTask('large');
    const tiny = gatedTask('tiny');
    const smallDone = admission.run(small.run, { cost: 4 });
    const largeDone = admission.run(large.run, { cost: 8 });
    const tinyDone = admission.run(tiny.run, { cost: 6 });
    await settle();
    // 4 + 8 is over 10: the large one waits, the tiny one (4 + 6) fits beside the small one.
    expect([small.started, large.started, tiny.started]).toEqual([true, false, true]);
    small.finish();
    await smallDone;
    await settle();
    expect(large.started).toBe(false);
    tiny.finish();
    await tinyDone;
    await settle();
    // Alone, a task runs whatever its cost.
    expect(large.started).toBe(true);
    large.finish();
    expect(await largeDone).toBe('large');
  });

  it('lets waiting keys take turns, so one key with many tasks does not hold another back', async () => {
    const admission = createAdmission({ running: 1, waiting: 10 });
    const first = gatedTask('a0');
    const done = [admission.run(first.run, { key: 'a' })];
    const busy = Array.from({ length: 3 }, (_, index) => gatedTask(`a${index + 1}`));
    done.push(...busy.map((task) => admission.run(task.run, { key: 'a' })));
    const other = gatedTask('b');
    done.push(admission.run(other.run, { key: 'b' }));

    first.finish();
    await settle();
    // a1 waited longest, but a's turn has just been: b goes first.
    expect(other.started).toBe(true);
    expect(busy.map((task) => task.started)).toEqual([false, false, false]);
    other.finish();
    await settle();
    expect(busy.map((task) => task.started)).toEqual([true, false, false]);
    for (const task of busy) task.finish();
    expect(await Promise.all(done)).toEqual(['a0', 'a1', 'a2', 'a3', 'b']);
  });

  it("refuses a key's task past its share, running and waiting together, and not another key's", async () => {
    const admission = createAdmission({ running: 1, waiting: 10, perKey: 2 });
    const tasks = [gatedTask(1), gatedTask(2)];
    const done = tasks.map((task) => admission.run(task.run, { key: 'a' }));
    const refused = admission.run(async () => 3, { key: 'a' });
    await expect(refused).rejects.toBeInstanceOf(AdmissionFullError);
    await expect(refused).rejects.toMatchObject({ scope: 'key' });
    const other = admission.run(async () => 'b', { key: 'b' });
    for (const task of tasks) task.finish();
    expect(await Promise.all([...done, other])).toEqual([1, 2, 'b']);
    // Its places are given back as its tasks end.
    expect(await admission.run(async () => 'again', { key: 'a' })).toBe('again');
  });

  it('refuses with scope "all" when the whole line is full', async () => {
    const admission = createAdmission({ running: 1, waiting: 1, perKey: 5 });
    const running = gatedTask('running');
    const done = [admission.run(running.run, { key: 'a' }), admission.run(async () => 'waiting', { key: 'b' })];
    await expect(admission.run(async () => 'late', { key: 'c' })).rejects.toMatchObject({ scope: 'all' });
    running.finish();
    expect(await Promise.all(done)).toEqual(['running', 'waiting']);
  });

  it('gives up the place of a task whose caller went away while it waited', async () => {
    const admission = createAdmission({ running: 1, waiting: 1, perKey: 1 });
    const running = gatedTask('running');
    const done = admission.run(running.run, { key: 'a' });
    const abandoned = abandonedTask(admission, 'b');
    abandoned.leave();
    await expect(abandoned.done).rejects.toThrow('left');
    expect(admission.stats()).toEqual({ running: 1, waiting: 0 });
    // Its place in the line and its key's share are free again.
    const next = admission.run(async () => 'next', { key: 'b' });
    running.finish();
    expect(await Promise.all([done, next])).toEqual(['running', 'next']);
    expect(abandoned.ran).toBe(false);
  });

  it('gives up the place of a task whose caller went away after it was given its place, before it ran', async () => {
    const admission = createAdmission({ running: 1, perKey: 1 });
    const abandoned = abandonedTask(admission, 'a');
    abandoned.leave();
    await expect(abandoned.done).rejects.toThrow('left');
    expect(abandoned.ran).toBe(false);
    expect(admission.stats()).toEqual({ running: 0, waiting: 0 });
    expect(await admission.run(async () => 'next', { key: 'a' })).toBe('next');
  });

  it("keeps a key's further tasks waiting once it runs its share, leaving the other places to other keys", async () => {
    const admission = createAdmission({ running: 4, runningPerKey: 2, waiting: 10 });
    const own = Array.from({ length: 3 }, (_, index) => gatedTask(`a${index}`));
    const done = own.map((task) => admission.run(task.run, { key: 'a' }));
    await settle();
    expect(own.map((task) => task.started)).toEqual([true, true, false]);
    const other = gatedTask('b');
    done.push(admission.run(other.run, { key: 'b' }));
    await settle();
    expect(other.started).toBe(true);
    expect(admission.stats()).toEqual({ running: 3, waiting: 1 });
    own[0]!.finish();
    await settle();
    expect(own[2]!.started).toBe(true);
    for (const task of [...own, other]) task.finish();
    expect(await Promise.all(done)).toEqual(['a0', 'a1', 'a2', 'b']);
  });

  it("holds a key to its share of the budget: its next task waits while another key's runs, and a task alone runs whatever it costs", async () => {
    const admission = createAdmission({ running: Infinity, budget: 64, budgetPerKey: 16 });
    const own = [gatedTask('a0'), gatedTask('a1'), gatedTask('a2')];
    const done = [admission.run(own[0]!.run, { key: 'a', cost: 10 }), admission.run(own[1]!.run, { key: 'a', cost: 10 })];
    // A small one fits beside the first within the key's share.
    done.push(admission.run(own[2]!.run, { key: 'a', cost: 6 }));
    await settle();
    expect(own.map((task) => task.started)).toEqual([true, false, true]);
    const other = gatedTask('b');
    done.push(admission.run(other.run, { key: 'b', cost: 40 }));
    await settle();
    expect(other.started).toBe(true);
    own[0]!.finish();
    own[2]!.finish();
    await settle();
    expect(own[1]!.started).toBe(true);
    const large = gatedTask('a3');
    other.finish();
    own[1]!.finish();
    await Promise.all(done);
    const alone = admission.run(large.run, { key: 'a', cost: 20 });
    await settle();
    expect(large.started).toBe(true);
    large.finish();
    expect(await alone).toBe('a3');
  });

  it('starts one task a turn of the event loop, so the loop reads its sockets between them', async () => {
    const admission = createAdmission({ running: 3 });
    let turn = 0;
    let counting = true;
    const count = () => {
      turn += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    // Each task ends at once, as a page rendered from memory does: the next starts as it ends.
    const turns = await Promise.all(Array.from({ length: 6 }, () => admission.run(async () => turn)));
    counting = false;
    const tasksPerTurn = [...new Set(turns)].map((one) => turns.filter((other) => other === one).length);
    expect(tasksPerTurn).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
