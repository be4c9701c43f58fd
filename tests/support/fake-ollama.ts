import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RoastFacts } from '../../app/roast/facts';

/*
 * A real HTTP server speaking the part of Ollama's API that RigRoast uses, so tests run
 * the real `ollama` client (and, in integration tests, the built app with OLLAMA_HOST
 * pointed here) instead of mocking functions.
 *
 * With `cpuHost` it behaves as Ollama does on a CPU-only machine: the model is not in
 * memory until a request loads it (`loadMs`, shared by the requests that arrive
 * meanwhile, and thrown away when the request that started it gives up), it is unloaded
 * after the request's keep_alive (Ollama's 5 minutes when none is sent) of idleness,
 * requests are answered one at a time, and past `maxQueue` waiting ones Ollama answers
 * 503. Durations a request names (keep_alive) are multiplied by `timeScale`, so a test
 * can keep a 30-minute keep_alive apart from a 5-minute one in milliseconds.
 */

export type FakeAnswer =
  | { content: string }
  | { status: number; error: string }
  | { delayMs: number; content: string }
  /** Answered once `until` settles: a model as slow as the test needs, released when it says. */
  | { until: Promise<void>; content: string }
  | { hangUp: true }
  /** Streams `text` over and over, one piece every `pieceMs`, until num_predict (as Ollama does with a model that loops). */
  | { runaway: string; pieceMs?: number };

export type CpuHost = {
  /** How long loading the model takes (Ollama on a CPU host: 60-105 s). */
  loadMs: number;
  /** Requests waiting beyond the one being answered before Ollama answers 503 (OLLAMA_MAX_QUEUE). */
  maxQueue?: number;
  /** Real milliseconds per millisecond a request names (keep_alive); 1 by default. */
  timeScale?: number;
};

/** What happened to the model's memory, for assertions. */
export type FakeLoads = { started: number; finished: number; abandoned: number; unloaded: number };

/** Ollama's answer when its queue is full (server/sched.go's ErrMaxQueue). */
export const BUSY_ERROR = 'server busy, please try again.  maximum pending requests exceeded';

/** A request's JSON body as Ollama's chat API defines it (other endpoints: their own fields). */
export type FakeRequestBody = {
  model?: string;
  stream?: boolean;
  format?: unknown;
  options?: Record<string, unknown>;
  messages?: { role: string; content: string; images?: string[] }[];
  [field: string]: unknown;
};

export type FakeRequest = { path: string; body: FakeRequestBody | null };

export type FakeOllama = {
  /** http://127.0.0.1:<port>, for OLLAMA_HOST. */
  url: string;
  /** Every request received, in order; `body` is null when there was none. */
  requests: FakeRequest[];
  /**
   * Answers for the next chat calls but the photo descriptions, in order. With the queue
   * empty a look request (images and a format) gets SAMPLE_FACTS, an advice request (a
   * format, no image) gets SAMPLE_ADVICE, and any other chat gets SAMPLE_ROAST.
   */
  respond(...answers: FakeAnswer[]): void;
  /**
   * Answers for the next describe calls (a photo's alt text: an image and a format asking
   * for a description), in order; with none queued they get SAMPLE_DESCRIPTION. A queue
   * of their own: they run beside the looks and roasts, whose answers they never take.
   */
  respondToDescribe(...answers: FakeAnswer[]): void;
  setModels(names: string[]): void;
  /** Delays every chat answer, on top of an answer's own delayMs. */
  setDelay(ms: number): void;
  /**
   * Holds every written answer (a chat without an image to look at: roasts and
   * replies) until the returned function is called; looks still answer at once.
   */
  holdWrites(): () => void;
  /** How many written answers are being held right now. */
  heldWrites(): number;
  /** How often the model was loaded, abandoned mid-load and unloaded (cpuHost only). */
  loads(): FakeLoads;
  /** Whether the model is in memory now (always, without cpuHost). */
  loaded(): boolean;
  /** Streamed answers the client closed before they were done (a runaway cut short). */
  cutShort(): number;
  /** Chat requests refused with 503 because the queue was full. */
  busyRefusals(): number;
  close(): Promise<void>;
};

export const SAMPLE_FACTS: RoastFacts = {
  isPcBuild: true,
  gpu: 'RTX 4080',
  cpu: null,
  cooler: '360 mm AIO liquid cooler',
  case: 'white mid-tower with glass side panel',
  rgb: 'lots',
  cableManagement: 'messy',
  setting: 'cluttered desk',
  peripherals: ['mechanical keyboard', 'ultrawide monitor'],
  features: ['white build', 'vertical GPU'],
  colours: ['white', 'purple', 'cyan'],
  safety: { people: false, nsfw: false, offensive: false },
};

/** The default description of a photo (its alt text), as the describe call's JSON carries it. */
export const SAMPLE_DESCRIPTION =
  'A white mid-tower PC with a glass side panel on a cluttered desk, purple and cyan RGB fans lighting a vertical graphics card.';

/** The default written answer: 67 words, so it passes as a roast (40–140) and as a reply (10–80). */
export const SAMPLE_ROAST =
  'An RTX 4080 in a white case with this much RGB? You did not build a PC, you built a nightclub that happens to render frames. ' +
  'The AIO is working overtime just to stay calm about those cables, which look like a bowl of spaghetti lost a boss fight. ' +
  'Tidy that desk, hide those wires, and maybe turn the brightness down before planes start landing on it.';

/** The default advice answer: four suggestions, as the advice step's JSON. */
export const SAMPLE_ADVICE = [
  'The RTX 4080 is the part to upgrade first: an RTX 5090 would be a clear step up, once the power supply is checked for 1000 W.',
  'Route the loose cables behind the motherboard tray and strap them down with Velcro ties.',
  'Turn the front fans into intakes with dust filters so the glass side panel stops trapping heat.',
  'Move the PC off the cluttered desk edge so its intake fans can breathe freely.',
];

const DEFAULT_MODELS = ['qwen2.5vl:7b'];

/** Starts the fake on a free local port (or `port`). */
export async function startFakeOllama(options: { models?: string[]; port?: number; cpuHost?: CpuHost } = {}): Promise<FakeOllama> {
  const requests: FakeRequest[] = [];
  const queue: FakeAnswer[] = [];
  const describeQueue: FakeAnswer[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let models = options.models ?? DEFAULT_MODELS;
  let delay = 0;
  let writesHeld: Promise<void> | null = null;
  let held = 0;
  const cpu = options.cpuHost;
  const loads: FakeLoads = { started: 0, finished: 0, abandoned: 0, unloaded: 0 };
  let inMemory = !cpu;
  let loading: { done: Promise<boolean>; abandon: () => void } | null = null;
  let unloadTimer: NodeJS.Timeout | undefined;
  let pending = 0;
  let turn: Promise<void> = Promise.resolve();
  let cut = 0;
  let refused = 0;

  const knows = (name: string | undefined) => {
    const base = (value: string) => value.replace(/:latest$/, '');
    return name !== undefined && models.some((model) => base(model) === base(name));
  };

  const wait = (ms: number, response: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      if (ms <= 0) return resolve(!response.destroyed);
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(!response.destroyed);
      }, ms);
      timers.add(timer);
      // A client that gave up (timeout, abort) needs no answer.
      response.on('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      });
    });

  /** Whether `until` settled while the client still waited for its answer. */
  const settled = (until: Promise<void>, response: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      response.on('close', () => resolve(false));
      void until.then(() => resolve(!response.destroyed));
    });

  /** Loads the model once for every request waiting on it; false when the request that started it gave up. */
  function load(response: ServerResponse): Promise<boolean> {
    if (inMemory) return Promise.resolve(true);
    if (loading) return loading.done;
    loads.started += 1;
    let abandon: () => void = () => undefined;
    const done = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        loads.finished += 1;
        inMemory = true;
        loading = null;
        resolve(true);
      }, cpu?.loadMs ?? 0);
      timers.add(timer);
      abandon = () => {
        clearTimeout(timer);
        timers.delete(timer);
        loads.abandoned += 1;
        loading = null;
        resolve(false);
      };
    });
    const started = { done, abandon };
    loading = started;
    // Ollama cancels a load whose request is cancelled; the load is lost.
    response.on('close', () => {
      if (loading === started && !response.writableFinished) started.abandon();
    });
    return done;
  }

  /** After each answer the model stays for the request's keep_alive, then is unloaded. */
  function keepFor(keepAlive: unknown) {
    if (!cpu) return;
    clearTimeout(unloadTimer);
    const ms = durationMs(keepAlive);
    if (ms < 0) return;
    unloadTimer = setTimeout(
      () => {
        inMemory = false;
        loads.unloaded += 1;
      },
      ms * (cpu.timeScale ?? 1),
    );
  }

  /** One request at a time on a CPU host; past the queue's length a 503. */
  async function inTurn(response: ServerResponse, answer: () => Promise<void>) {
    if (!cpu) return answer();
    if (pending > (cpu.maxQueue ?? Number.POSITIVE_INFINITY)) {
      refused += 1;
      sendJson(response, 503, { error: BUSY_ERROR });
      return;
    }
    pending += 1;
    const previous = turn;
    let finish: () => void = () => undefined;
    turn = new Promise((resolve) => (finish = resolve));
    try {
      await previous;
      if (!response.destroyed) await answer();
    } finally {
      pending -= 1;
      finish();
    }
  }

  async function chat(request: IncomingMessage, response: ServerResponse, body: FakeRequestBody) {
    if (!knows(body.model)) {
      sendJson(response, 404, { error: `model "${body.model}" not found, try pulling it first` });
      return;
    }
    await inTurn(response, async () => {
      if (!(await load(response)) || response.destroyed) return;
      await answerChat(request, response, body);
      keepFor(body.keep_alive);
    });
  }

  /** /api/generate as RigRoast uses it: an empty prompt, which only loads the model. */
  async function generate(response: ServerResponse, body: FakeRequestBody) {
    if (!knows(body.model)) {
      sendJson(response, 404, { error: `model "${body.model}" not found, try pulling it first` });
      return;
    }
    if (body.prompt) {
      sendJson(response, 400, { error: 'the fake Ollama only loads models through /api/generate' });
      return;
    }
    await inTurn(response, async () => {
      if (!(await load(response)) || response.destroyed) return;
      sendJson(response, 200, { model: body.model, created_at: new Date().toISOString(), response: '', done: true, done_reason: 'load' });
      keepFor(body.keep_alive);
    });
  }

  async function answerChat(request: IncomingMessage, response: ServerResponse, body: FakeRequestBody) {
    const model = body.model ?? '';
    // No messages: Ollama only loads the model and says so.
    if ((body.messages ?? []).length === 0) {
      sendJson(response, 200, { ...chunk(model, ''), done: true, done_reason: 'load' });
      return;
    }
    if (writesHeld && !isLook(body)) {
      held += 1;
      await writesHeld;
      held -= 1;
    }
    const answer = (isDescribeCall(body) ? describeQueue.shift() : queue.shift()) ?? defaultAnswer(body);
    if ('hangUp' in answer) {
      request.socket.destroy();
      return;
    }
    const answerDelay = 'delayMs' in answer ? answer.delayMs : 0;
    if (!(await wait(delay + answerDelay, response))) return;
    if ('until' in answer && !(await settled(answer.until, response))) return;
    if ('error' in answer) {
      sendJson(response, answer.status, { error: answer.error });
      return;
    }
    if ('runaway' in answer) {
      await runaway(response, body, answer);
      return;
    }
    if (body.stream) {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      for (const piece of answer.content.match(/[\s\S]{1,40}/g) ?? []) {
        response.write(`${JSON.stringify({ ...chunk(model, piece), done: false })}\n`);
      }
      response.end(`${JSON.stringify({ ...chunk(model, ''), ...finalStats(answer.content) })}\n`);
      return;
    }
    sendJson(response, 200, { ...chunk(model, answer.content), ...finalStats(answer.content) });
  }

  /** A model that loops: the same text until num_predict's tokens (about four characters each) are spent. */
  async function runaway(response: ServerResponse, body: FakeRequestBody, answer: { runaway: string; pieceMs?: number }) {
    const model = body.model ?? '';
    const limit = typeof body.options?.num_predict === 'number' && body.options.num_predict > 0 ? body.options.num_predict * 4 : 400_000;
    const pieces = answer.runaway.match(/[\s\S]{1,16}/g) ?? [' '];
    if (!body.stream) {
      const text = answer.runaway.repeat(Math.ceil(limit / answer.runaway.length)).slice(0, limit);
      sendJson(response, 200, { ...chunk(model, text), ...finalStats(text), done_reason: 'length' });
      return;
    }
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    let sent = 0;
    for (let index = 0; sent < limit; index += 1) {
      if (!(await wait(answer.pieceMs ?? 2, response))) {
        cut += 1;
        return;
      }
      const piece = pieces[index % pieces.length] ?? ' ';
      sent += piece.length;
      response.write(`${JSON.stringify({ ...chunk(model, piece), done: false })}\n`);
    }
    response.end(`${JSON.stringify({ ...chunk(model, ''), ...finalStats('x'.repeat(sent)), done_reason: 'length' })}\n`);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (part: Buffer) => chunks.push(part));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: FakeRequestBody | null;
      try {
        body = raw ? (JSON.parse(raw) as FakeRequestBody) : null;
      } catch {
        sendJson(response, 400, { error: 'invalid JSON body' });
        return;
      }
      requests.push({ path, body });

      if (request.method === 'POST' && path === '/api/chat') {
        chat(request, response, body ?? {}).catch((error: unknown) => {
          if (!response.headersSent) sendJson(response, 500, { error: String(error) });
        });
      } else if (request.method === 'POST' && path === '/api/generate') {
        generate(response, body ?? {}).catch((error: unknown) => {
          if (!response.headersSent) sendJson(response, 500, { error: String(error) });
        });
      } else if (request.method === 'GET' && path === '/api/tags') {
        sendJson(response, 200, { models: models.map(modelInfo) });
      } else if (request.method === 'GET' && path === '/api/ps') {
        sendJson(response, 200, { models: inMemory ? models.slice(0, 1).map(modelInfo) : [] });
      } else if (request.method === 'GET' && path === '/api/version') {
        sendJson(response, 200, { version: '0.12.6' });
      } else if ((request.method === 'GET' || request.method === 'HEAD') && path === '/') {
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Ollama is running');
      } else {
        sendJson(response, 404, { error: `${request.method} ${path} is not part of the fake Ollama` });
      }
    });
  });

  await new Promise<void>((ready) => server.listen(options.port ?? 0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (...answers) => queue.push(...answers),
    respondToDescribe: (...answers) => describeQueue.push(...answers),
    setModels: (names) => {
      models = names;
    },
    setDelay: (ms) => {
      delay = ms;
    },
    holdWrites: () => {
      let release: () => void = () => undefined;
      writesHeld = new Promise((resolve) => (release = resolve));
      return () => {
        writesHeld = null;
        release();
      };
    },
    heldWrites: () => held,
    loads: () => ({ ...loads }),
    loaded: () => inMemory,
    cutShort: () => cut,
    busyRefusals: () => refused,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      clearTimeout(unloadTimer);
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function isLook(body: FakeRequestBody): boolean {
  return body.format !== undefined && (body.messages ?? []).some((message) => (message.images?.length ?? 0) > 0);
}

/** A describe call (a photo's alt text): an image, and a format whose object has a description. */
export function isDescribeCall(body: FakeRequestBody | null): boolean {
  if (!body) return false;
  const format = body.format as { properties?: Record<string, unknown> } | undefined;
  return isLook(body) && format?.properties?.description !== undefined;
}

function defaultAnswer(body: FakeRequestBody): FakeAnswer {
  if (isDescribeCall(body)) return { content: JSON.stringify({ description: SAMPLE_DESCRIPTION }) };
  if (isLook(body)) return { content: JSON.stringify(SAMPLE_FACTS) };
  return { content: body.format !== undefined ? JSON.stringify({ advice: SAMPLE_ADVICE }) : SAMPLE_ROAST };
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** keep_alive in milliseconds as Ollama reads it: a number is seconds, text a Go duration, negative is for good, none is 5 minutes. */
function durationMs(value: unknown): number {
  if (typeof value === 'number') return value < 0 ? -1 : value * 1000;
  if (typeof value !== 'string') return 5 * 60_000;
  let total = 0;
  for (const [, amount = '0', unit = 's'] of value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) total += Number(amount) * (UNIT_MS[unit] ?? 0);
  return value.startsWith('-') ? -1 : total;
}

function chunk(model: string, content: string) {
  return { model, created_at: new Date().toISOString(), message: { role: 'assistant', content } };
}

/** The closing fields of a chat answer, with believable timings (nanoseconds). */
function finalStats(content: string) {
  const tokens = Math.max(1, Math.round(content.length / 4));
  return {
    done: true,
    done_reason: 'stop',
    total_duration: 1_200_000_000,
    load_duration: 50_000_000,
    prompt_eval_count: 600,
    prompt_eval_duration: 300_000_000,
    eval_count: tokens,
    eval_duration: tokens * 20_000_000,
  };
}

function modelInfo(name: string) {
  const [family = name] = name.split(/[:.\d]/);
  return {
    name,
    model: name,
    modified_at: '2025-01-01T00:00:00Z',
    size: 5_969_245_856,
    digest: '5ced39dfa4bac325dc183dd1e4febaa1c46b3ea28bce48896c8e69c324d45c2e',
    details: {
      parent_model: '',
      format: 'gguf',
      family,
      families: [family],
      parameter_size: '8.3B',
      quantization_level: 'Q4_K_M',
    },
  };
}

function sendJson(response: ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(value));
}
