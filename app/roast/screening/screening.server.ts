import { type ChildProcess, fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { env } from '~/services/env.server';
import { rgbPixels } from '~/images/encode.server';
import { log } from '~/services/log.server';
import { nsfwScore, type ScreeningScores, type ScreeningThresholds } from './verdict';
import type { WorkerMessage, WorkerRequest } from './worker';

export {
  nsfwScore,
  SCREENING_REASONS,
  screeningVerdict,
  type ScreeningScores,
  type ScreeningThresholds,
  type ScreeningVerdict,
} from './verdict';

/** The hold and reject thresholds from the environment. */
export function screeningThresholds(): ScreeningThresholds {
  const config = env();
  return { nsfwHold: config.SCREENING_NSFW_HOLD, nsfwReject: config.SCREENING_NSFW_REJECT, faceHold: config.SCREENING_FACE_HOLD };
}

const settings = {
  /** How long the screening process waits for work before it exits; read when it starts. */
  idleMs: 60_000,
  /** How long one image may take, loading the models included. */
  timeoutMs: 60_000,
};

/** Changes the screening process's timings (tests); the idle time applies from the next start. */
export function configureScreening(options: Partial<typeof settings>): void {
  Object.assign(settings, options);
}

/**
 * The models' inputs: the NSFW classifier's 224×224 and the face detector's 512×512 (the
 * image fits inside; SSD MobileNetV1 scales it to that itself, so more pixels would only
 * cost decoding). Made here, with the server's sharp, and sent as pixels (worker.ts).
 */
const INPUT_SIZES = {
  nsfw: { width: 224, height: 224, fit: 'fill' },
  faces: { width: 512, height: 512, fit: 'inside', withoutEnlargement: true },
} as const;

type Request = {
  /** The image's inputs, being decoded while the process starts or finishes other images. */
  pixels: Promise<Pick<WorkerRequest, 'nsfw' | 'faces'>>;
  resolve: (scores: ScreeningScores) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  /** The process it was sent to. */
  worker: Worker | null;
};

type Worker = { process: ChildProcess; requests: Map<number, Request> };

let worker: Worker | null = null;
let nextId = 1;

/**
 * The worker's file: its source beside this module in development and tests,
 * where Node strips the types itself; in production the server build's second
 * entry, beside build/server/index.js, which this module is bundled into.
 */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  return join(dirname(here), here.endsWith('.ts') ? 'worker.ts' : 'screening-worker.js');
}

/** Rejects every request a process still owes and forgets the process. */
function retire(gone: Worker, error: Error): void {
  if (worker === gone) worker = null;
  if (gone.requests.size > 0) log.warn(error.message);
  for (const request of gone.requests.values()) {
    clearTimeout(request.timer);
    request.reject(error);
  }
  gone.requests.clear();
}

function startWorker(): Worker {
  const child = fork(workerFile(), [String(settings.idleMs)], {
    // None of the server's own Node flags (or a test runner's) belong in the worker; its
    // own keep it small (decision 015): V8's young generation at 1 MB instead of 16
    // (little of what it allocates lives long), and glibc returning freed buffers of
    // 128 KB and more to the system (the models' weights are read once, then freed).
    execArgv: ['--max-semi-space-size=1'],
    // The pixels travel as bytes (structured clone), not as JSON arrays of numbers.
    serialization: 'advanced',
    env: { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' },
    // nsfwjs chats on stdout; errors still reach the server's log on stderr.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const started: Worker = { process: child, requests: new Map() };
  // An idle process must not keep a script alive: pending requests' timers do.
  child.unref();
  child.channel?.unref();

  child.on('message', (message: WorkerMessage) => {
    if (message.type === 'loaded') {
      log.info(`Image screening models loaded in ${message.ms} ms (process ${child.pid}, ${Math.round(message.rss / 1e6)} MB)`);
      return;
    }
    const request = started.requests.get(message.id);
    if (!request) return;
    started.requests.delete(message.id);
    clearTimeout(request.timer);
    if (message.type === 'result') request.resolve({ ...message.findings, nsfw: nsfwScore(message.findings.classes) });
    else request.reject(new Error(`Image screening failed: ${message.message}`));
  });

  // Mostly when it could not start, and then no 'exit' follows.
  child.on('error', (error) => retire(started, new Error(`The image screening process failed: ${error.message}`)));

  child.once('exit', (code, signal) => {
    if (code !== 0 || signal !== null) {
      retire(started, new Error(`The image screening process stopped (${signal ?? `exit code ${code}`})`));
      return;
    }
    // It left idle, so it never read what is still waiting: those were sent as it exited.
    if (worker === started) worker = null;
    const unread = [...started.requests.entries()];
    started.requests.clear();
    for (const [id, request] of unread) dispatch(id, request);
  });

  return started;
}

function dispatch(id: number, request: Request): void {
  worker ??= startWorker();
  const current = worker;
  request.worker = current;
  current.requests.set(id, request);
  // Answered meanwhile (timed out, or its process stopped and it was rejected or resent).
  const stillOwed = () => current.requests.get(id) === request;
  request.pixels.then(
    (pixels) => {
      if (!stillOwed()) return;
      const message: WorkerRequest = { id, ...pixels };
      current.process.send(message, (error) => {
        // A closed channel means the process is going: its 'exit' resends or rejects.
        if (error) current.process.kill('SIGKILL');
      });
    },
    (error: unknown) => {
      if (!stillOwed()) return;
      current.requests.delete(id);
      clearTimeout(request.timer);
      request.reject(new Error(`Image screening failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
    },
  );
}

function timeOut(id: number, request: Request, ms: number): void {
  request.worker?.requests.delete(id);
  request.reject(new Error(`Image screening took longer than ${ms} ms`));
  // A process that stalls on one image stalls on the next too: replace it.
  request.worker?.process.kill('SIGKILL');
}

/**
 * Screens an image file (a JPEG variant) in the screening process, starting it
 * when none is running; the file is decoded here, while it starts. Rejects when the
 * file is no image, the process fails or stops mid-way, or the image takes longer
 * than the timeout (decoding and loading the models included); the caller retries later.
 */
export function screenImage(file: string): Promise<ScreeningScores> {
  return new Promise((resolveScores, reject) => {
    const id = nextId++;
    const { timeoutMs } = settings;
    const request: Request = {
      pixels: rgbPixels(file, INPUT_SIZES),
      resolve: resolveScores,
      reject,
      timer: setTimeout(() => timeOut(id, request, timeoutMs), timeoutMs),
      worker: null,
    };
    dispatch(id, request);
  });
}

/** The screening process's id while one runs (tests, diagnostics). */
export function screeningProcessId(): number | null {
  return worker?.process.pid ?? null;
}

/** Stops the screening process if one runs (shutdown, tests); its pending requests reject. */
export async function stopScreening(): Promise<void> {
  const current = worker;
  if (!current) return;
  worker = null;
  // Never started, or already gone: no 'exit' is coming.
  if (current.process.pid === undefined || current.process.exitCode !== null || current.process.signalCode !== null) return;
  const exited = new Promise<void>((done) => current.process.once('exit', () => done()));
  current.process.kill('SIGTERM');
  await exited;
}
