import { fork } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Pixels, WorkerMessage, WorkerRequest } from './worker';

/** A flat grey image of `side` × `side`: what the models make of it does not matter here. */
const grey = (side: number): Pixels => ({ data: new Uint8Array(side * side * 3).fill(90), shape: [side, side, 3] });

// Loading the models takes a few seconds, each image about one on a busy machine.
it('leaves quietly when the server goes while an image is being screened', { timeout: 60_000 }, async () => {
  // Started as screening.server.ts starts it, with its stderr kept here.
  const child = fork(join(import.meta.dirname, 'worker.ts'), ['60000'], {
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.on('message', (message: WorkerMessage) => {
    if (message.type === 'loaded') {
      for (let id = 1; id <= 8; id++) child.send({ id, nsfw: grey(224), faces: grey(512) } satisfies WorkerRequest);
      return;
    }
    // The first answer is in and the second image is being screened: the server stops, and its
    // end of the channel closes before the worker has a moment to notice.
    if (message.id === 1) setTimeout(() => child.disconnect(), 50);
  });

  expect(await exited).toEqual({ code: 0, signal: null });
  expect(stderr).toBe('');
});
