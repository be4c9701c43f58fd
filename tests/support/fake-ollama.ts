import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RoastFacts } from '../../app/roast/facts';

/*
 * A real HTTP server speaking the part of Ollama's API that RigRoast uses, so tests run
 * the real `ollama` client (and, in integration tests, the built app with OLLAMA_HOST
 * pointed here) instead of mocking functions.
 */

export type FakeAnswer = { content: string } | { status: number; error: string } | { delayMs: number; content: string } | { hangUp: true };

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
  'The RTX 4080 can stay: the weakest part is the stock cooler, so fit a 360 mm AIO before anything else.',
  'Route the loose cables behind the motherboard tray and strap them down with Velcro ties.',
  'Turn the front fans into intakes with dust filters so the glass side panel stops trapping heat.',
  'Move the PC off the cluttered desk edge so its intake fans can breathe freely.',
];

const DEFAULT_MODELS = ['qwen2.5vl:7b'];

/** Starts the fake on a free local port (or `port`). */
export async function startFakeOllama(options: { models?: string[]; port?: number } = {}): Promise<FakeOllama> {
  const requests: FakeRequest[] = [];
  const queue: FakeAnswer[] = [];
  const describeQueue: FakeAnswer[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let models = options.models ?? DEFAULT_MODELS;
  let delay = 0;
  let writesHeld: Promise<void> | null = null;
  let held = 0;

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

  async function chat(request: IncomingMessage, response: ServerResponse, body: FakeRequestBody) {
    if (!knows(body.model)) {
      sendJson(response, 404, { error: `model "${body.model}" not found, try pulling it first` });
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
    if ('error' in answer) {
      sendJson(response, answer.status, { error: answer.error });
      return;
    }
    const model = body.model ?? '';
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
      } else if (request.method === 'GET' && path === '/api/tags') {
        sendJson(response, 200, { models: models.map(modelInfo) });
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
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
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
