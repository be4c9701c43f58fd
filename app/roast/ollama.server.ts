import { setTimeout as sleep } from 'node:timers/promises';
import { Ollama, type ChatRequest } from 'ollama';
import { z } from 'zod';
import type { RoastIntensity } from '~/domain/roast-intensity';
import { type Checked, checkText, parseAdvice, parseFacts, REPLY_LIMITS, ROAST_LIMITS, type TextLimits } from '~/roast/answer-checks';
import { roastFactsSchema, type RoastFacts } from '~/roast/facts';
import { DESCRIBE_SYSTEM_PROMPT, DESCRIBE_USER_PROMPT, DESCRIPTION_JSON_SCHEMA, parseDescription } from '~/roast/photo-description';
import {
  ADVICE_SYSTEM_PROMPT,
  adviceUserMessage,
  LOOK_SYSTEM_PROMPT,
  LOOK_USER_PROMPT,
  REPLY_SYSTEM_PROMPT,
  replyUserMessage,
  ROAST_SYSTEM_PROMPTS,
  roastUserMessage,
  type ReplyInput,
  type RoastInput,
} from '~/roast/prompts';
import { cutAtRepetition } from '~/roast/repetition';
import { env } from '~/services/env.server';

export type OllamaConfig = {
  host: string;
  model: string;
  /** How long one answer may take once the model is loaded. */
  timeoutMs: number;
  /** How long loading the model may take: never cut short by timeoutMs. */
  loadTimeoutMs: number;
  /** Sent as keep_alive on every call (a duration, or seconds; negative keeps the model loaded). */
  keepAlive: string | number;
  /** How many requests go to this Ollama host at once. */
  concurrency: number;
  /** The first wait before asking a busy Ollama again (it doubles each time). */
  busyBackoffMs?: number;
};

type OllamaErrorKind = 'unavailable' | 'timeout' | 'bad_answer' | 'model_missing' | 'busy';

/** Why Ollama gave no usable answer; the caller picks a fallback by kind. */
export class OllamaError extends Error {
  override name = 'OllamaError';
  readonly kind: OllamaErrorKind;

  constructor(kind: OllamaErrorKind, message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
  }
}

export function ollamaConfig(): OllamaConfig {
  const config = env();
  return {
    host: config.OLLAMA_HOST,
    model: config.OLLAMA_MODEL,
    timeoutMs: config.OLLAMA_TIMEOUT_MS,
    loadTimeoutMs: config.OLLAMA_LOAD_TIMEOUT_MS,
    keepAlive: config.OLLAMA_KEEP_ALIVE,
    concurrency: config.OLLAMA_CONCURRENCY,
  };
}

/** One try and two retries: a small model's bad answer is often followed by a good one. */
const TRIES = 3;

/**
 * A busy Ollama (503: its queue is full) is asked again after 1, 2, 4 and 8 s by
 * default; past that the job's own retries take over, minutes later.
 */
const BUSY_TRIES = 5;
const BUSY_BACKOFF_MS = 1000;

/**
 * The context window for every call. A ≤1024 px image costs the common vision models
 * 256 (gemma3) to ~1,400 (qwen2.5-vl) and at most ~2,900 (llava 1.6) tokens; with the
 * look prompt (~600) and the facts (~300) that fits 4096, where Ollama's older 2048
 * default would silently cut the image off. The same value for the text-only calls,
 * because Ollama reloads the model whenever num_ctx changes between calls.
 */
const NUM_CTX = 4096;

/** The facts JSON is ~150–300 tokens; the cap stops a model that loops. */
const LOOK_MAX_TOKENS = 600;
/** 140 words are ~190 tokens; room for a slightly long answer we then reject or accept. */
const ROAST_MAX_TOKENS = 320;
const REPLY_MAX_TOKENS = 200;
/** Five suggestions of up to 45 words in JSON are ~400 tokens. */
const ADVICE_MAX_TOKENS = 520;
/** 35 words of description in JSON are ~60 tokens. */
const DESCRIBE_MAX_TOKENS = 120;

/**
 * The look is deterministic at temperature 0, so the same request would only repeat a
 * bad answer; retries loosen it a little.
 */
const LOOK_TEMPERATURE = 0;
const LOOK_RETRY_TEMPERATURE = 0.3;
const WRITE_TEMPERATURE = 0.8;
/** Advice is meant to be sound rather than surprising. */
const ADVICE_TEMPERATURE = 0.4;

/** /api/tags answers at once when Ollama is up; a health check must not hang. */
const READY_TIMEOUT_MS = 2000;

const FACTS_JSON_SCHEMA = z.toJSONSchema(roastFactsSchema);
const ADVICE_JSON_SCHEMA = z.toJSONSchema(z.object({ advice: z.array(z.string()) }));

/** Reads the photo into facts: the first of the two steps, the only one that sees the image. */
export function ollamaLook(config: OllamaConfig, image: Buffer, signal?: AbortSignal): Promise<RoastFacts> {
  return see(
    config,
    'look',
    { system: LOOK_SYSTEM_PROMPT, user: LOOK_USER_PROMPT, format: FACTS_JSON_SCHEMA, maxTokens: LOOK_MAX_TOKENS, image },
    parseFacts,
    signal,
  );
}

/** A photo's alt text (roast/photo-description.ts): one vision call per photo, its answer checked like the look's. */
export function ollamaDescribe(config: OllamaConfig, image: Buffer, signal?: AbortSignal): Promise<string> {
  return see(
    config,
    'description',
    { system: DESCRIBE_SYSTEM_PROMPT, user: DESCRIBE_USER_PROMPT, format: DESCRIPTION_JSON_SCHEMA, maxTokens: DESCRIBE_MAX_TOKENS, image },
    parseDescription,
    signal,
  );
}

/**
 * A call that shows the model the photo and takes its answer as JSON in `format`, read
 * by `parse`: literal first (temperature 0), a little freer on a retry after an unusable answer.
 */
function see<T>(
  config: OllamaConfig,
  what: string,
  call: { system: string; user: string; format: ChatRequest['format']; maxTokens: number; image: Buffer },
  parse: (content: string) => Checked<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  return withRetries(
    what,
    (attempt) =>
      chat(
        config,
        {
          messages: [
            { role: 'system', content: call.system },
            // The client base64-encodes a Buffer for the wire.
            { role: 'user', content: call.user, images: [call.image] },
          ],
          format: call.format,
          options: {
            temperature: attempt === 0 ? LOOK_TEMPERATURE : LOOK_RETRY_TEMPERATURE,
            num_ctx: NUM_CTX,
            num_predict: call.maxTokens,
          },
        },
        signal,
      ),
    parse,
  );
}

/** Writes the roast from the facts and the title, without the image, as hard as the owner asked. */
export async function ollamaRoast(
  config: OllamaConfig,
  input: RoastInput & { intensity: RoastIntensity },
  signal?: AbortSignal,
): Promise<string> {
  const system = ROAST_SYSTEM_PROMPTS[input.intensity];
  return write(config, 'roast', { system, user: roastUserMessage(input), maxTokens: ROAST_MAX_TOKENS, limits: ROAST_LIMITS }, signal);
}

/** The serious advice beside the roast: a second call, from the same facts, answered as JSON. */
export async function ollamaAdvice(config: OllamaConfig, input: RoastInput, signal?: AbortSignal): Promise<string[]> {
  return withRetries(
    'advice',
    () =>
      chat(
        config,
        {
          messages: [
            { role: 'system', content: ADVICE_SYSTEM_PROMPT },
            { role: 'user', content: adviceUserMessage(input) },
          ],
          format: ADVICE_JSON_SCHEMA,
          options: { temperature: ADVICE_TEMPERATURE, num_ctx: NUM_CTX, num_predict: ADVICE_MAX_TOKENS },
        },
        signal,
      ),
    (content) => parseAdvice(content, ADVICE_SYSTEM_PROMPT, input),
  );
}

/** RoastBot's answer to the last comment of a thread under a build. */
export async function ollamaReply(config: OllamaConfig, input: ReplyInput, signal?: AbortSignal): Promise<string> {
  return write(
    config,
    'reply',
    { system: REPLY_SYSTEM_PROMPT, user: replyUserMessage(input), maxTokens: REPLY_MAX_TOKENS, limits: REPLY_LIMITS },
    signal,
  );
}

/** A text-only call whose answer is checked against `limits` and retried when it fails them. */
function write(
  config: OllamaConfig,
  step: 'roast' | 'reply',
  prompt: { system: string; user: string; maxTokens: number; limits: TextLimits },
  signal?: AbortSignal,
): Promise<string> {
  return withRetries(
    step,
    () =>
      chat(
        config,
        {
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
          options: { temperature: WRITE_TEMPERATURE, num_ctx: NUM_CTX, num_predict: prompt.maxTokens },
        },
        signal,
      ),
    (content) => checkText(content, prompt.limits, prompt.system),
  );
}

/** Whether Ollama answers quickly and has the configured model. Never throws. */
export async function ollamaReady(config: OllamaConfig): Promise<boolean> {
  try {
    return listed((await readyClient(config).list()).models, config);
  } catch {
    return false;
  }
}

export type OllamaProbe = { hasModel: boolean; loaded: boolean; problem: string | null };

/** What Ollama says right now: whether it has the model, and whether the model is in memory. Never throws. */
export async function ollamaProbe(config: OllamaConfig): Promise<OllamaProbe> {
  const client = readyClient(config);
  try {
    if (!listed((await client.list()).models, config))
      return { hasModel: false, loaded: false, problem: `Ollama has no model "${config.model}"` };
    return { hasModel: true, loaded: listed((await client.ps()).models, config), problem: null };
  } catch (error) {
    return { hasModel: false, loaded: false, problem: toOllamaError(error, config, 'answer').message };
  }
}

/** A client for the quick questions (a health check must not hang). */
function readyClient(config: OllamaConfig): Ollama {
  return new Ollama({ host: config.host, fetch: limitedFetch(Math.min(READY_TIMEOUT_MS, config.timeoutMs)) });
}

function listed(models: { name: string; model: string }[], config: OllamaConfig): boolean {
  const wanted = withoutLatest(config.model);
  return models.some((model) => withoutLatest(model.name) === wanted || withoutLatest(model.model) === wanted);
}

/** "llava" and "llava:latest" are the same model to Ollama. */
function withoutLatest(name: string): string {
  return name.replace(/:latest$/, '');
}

async function withRetries<T>(step: string, ask: (attempt: number) => Promise<string>, check: (content: string) => Checked<T>): Promise<T> {
  let problem = '';
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const checked = check(await ask(attempt));
    if (checked.ok) return checked.value;
    problem = checked.problem;
  }
  throw new OllamaError('bad_answer', `Ollama gave no usable ${step} answer in ${TRIES} tries (last: ${problem})`);
}

/**
 * One chat call, as a CPU host needs it: it waits for a free slot on this Ollama host,
 * makes sure the model is loaded (with the load's own, longer timeout), then streams the
 * answer within the answer timeout and cuts it where it starts repeating itself. A busy
 * Ollama is asked again after a pause. Any failure becomes an OllamaError, or the
 * caller's AbortError.
 */
async function chat(
  config: OllamaConfig,
  request: Omit<ChatRequest, 'model' | 'stream' | 'keep_alive'>,
  signal: AbortSignal | undefined,
): Promise<string> {
  signal?.throwIfAborted();
  const release = await slot(config, signal);
  try {
    await untilAborted(loadModel(config), signal);
    return await whileBusy(config, signal, () => streamChat(config, request, signal));
  } finally {
    release();
  }
}

async function streamChat(
  config: OllamaConfig,
  request: Omit<ChatRequest, 'model' | 'stream' | 'keep_alive'>,
  signal: AbortSignal | undefined,
): Promise<string> {
  const cut = new AbortController();
  const client = new Ollama({
    host: config.host,
    fetch: limitedFetch(config.timeoutMs, AbortSignal.any([cut.signal, ...(signal ? [signal] : [])])),
  });
  let text = '';
  try {
    const stream = await client.chat({ ...request, model: config.model, keep_alive: config.keepAlive, stream: true });
    for await (const part of stream) {
      text += typeof part.message?.content === 'string' ? part.message.content : '';
      const looped = cutAtRepetition(text);
      if (looped !== null) {
        // Closing the stream is what stops Ollama generating.
        cut.abort();
        return looped;
      }
    }
    return text;
  } catch (error) {
    signal?.throwIfAborted();
    throw toOllamaError(error, config, `answer within ${config.timeoutMs} ms`);
  }
}

/** Loads in flight, one per host and model, shared by every caller (the warm-up too). */
const loads = new Map<string, Promise<void>>();
/** Why the last load of a model failed, until one succeeds: a host that never loads it is not "loading". */
const failedLoads = new Map<string, string>();

/**
 * Makes sure Ollama has the model in memory, with an empty request (Ollama's way to load
 * a model) carrying the same num_ctx and keep_alive as every call, so the next call does
 * not load it again. A load on a CPU host takes a minute or two and is thrown away when
 * its client gives up, so it is never tied to one caller: a caller that stops waiting
 * (its job's deadline, a shutdown) leaves it running for the next.
 */
export function loadModel(config: OllamaConfig): Promise<void> {
  const key = `${config.host} ${config.model}`;
  const inFlight = loads.get(key);
  if (inFlight) return inFlight;
  const loading = whileBusy(config, undefined, async () => {
    const client = new Ollama({ host: config.host, fetch: limitedFetch(config.loadTimeoutMs) });
    try {
      await client.generate({
        model: config.model,
        prompt: '',
        keep_alive: config.keepAlive,
        options: { num_ctx: NUM_CTX },
        stream: false,
      });
      failedLoads.delete(key);
    } catch (error) {
      const failure = toOllamaError(error, config, `load the model within ${config.loadTimeoutMs} ms`);
      failedLoads.set(key, failure.message);
      throw failure;
    }
  }).finally(() => loads.delete(key));
  loads.set(key, loading);
  // Whoever asked handles the failure; nobody may have asked (a warm-up after start).
  loading.catch(() => undefined);
  return loading;
}

/** Why this process's last load of the model failed; null when none has failed since one succeeded. */
export function lastLoadFailure(config: OllamaConfig): string | null {
  return failedLoads.get(`${config.host} ${config.model}`) ?? null;
}

/** Whether this process is loading the model right now. */
export function modelLoading(config: OllamaConfig): boolean {
  return loads.has(`${config.host} ${config.model}`);
}

/** A busy Ollama (503) is asked again, after 1, 2, 4 and 8 s; anything else is the caller's to handle. */
async function whileBusy<T>(config: OllamaConfig, signal: AbortSignal | undefined, ask: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ask();
    } catch (error) {
      if (!(error instanceof OllamaError) || error.kind !== 'busy' || attempt >= BUSY_TRIES) throw error;
      const pause = (config.busyBackoffMs ?? BUSY_BACKOFF_MS) * 2 ** (attempt - 1);
      // Some jitter, so the jobs that were turned away together do not come back together.
      await sleep(pause * (0.75 + Math.random() / 2), undefined, { signal });
    }
  }
}

type Slots = { busy: number; waiting: (() => void)[] };
const hosts = new Map<string, Slots>();

/**
 * A place among the requests to this Ollama host (OLLAMA_CONCURRENCY, one by default: a
 * CPU host answers one at a time, and a second request would only wait in Ollama's own
 * queue, where a timeout cannot tell waiting from working).
 */
async function slot(config: OllamaConfig, signal: AbortSignal | undefined): Promise<() => void> {
  let slots = hosts.get(config.host);
  if (!slots) hosts.set(config.host, (slots = { busy: 0, waiting: [] }));
  const held = slots;
  if (held.busy >= config.concurrency) {
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        held.waiting.splice(held.waiting.indexOf(turn), 1);
        reject(signal?.reason);
      };
      held.waiting.push(turn);
      signal?.addEventListener('abort', leave, { once: true });
    });
  } else held.busy += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // The slot goes straight to the next waiter; only with none is it freed.
    const next = held.waiting.shift();
    if (next) next();
    else held.busy -= 1;
  };
}

/** Waits for `promise`, but no longer than `signal` allows (the promise itself goes on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * The client passes no signal to non-streaming calls, so the timeout and the caller's
 * abort are put on every request here (beside the client's own, for a stream); they also
 * cut off reading the body.
 */
function limitedFetch(timeoutMs: number, signal?: AbortSignal): typeof fetch {
  return (input, init) => {
    const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : []), ...(init?.signal ? [init.signal] : [])];
    return fetch(input, { ...init, signal: AbortSignal.any(signals) });
  };
}

function toOllamaError(error: unknown, config: OllamaConfig, task: string): OllamaError {
  const cause = { cause: error };
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new OllamaError('timeout', `Ollama did not ${task}`, cause);
  }
  // The client's ResponseError (not exported): an HTTP error with Ollama's own message.
  if (error instanceof Error && 'status_code' in error) {
    if (error.status_code === 404 && /not found/i.test(error.message)) {
      return new OllamaError('model_missing', `Ollama has no model "${config.model}": ${error.message}`, cause);
    }
    if (error.status_code === 503) return new OllamaError('busy', `Ollama is busy: ${error.message}`, cause);
    return new OllamaError('unavailable', `Ollama answered ${String(error.status_code)}: ${error.message}`, cause);
  }
  // fetch's "fetch failed" hides the reason (ECONNREFUSED, ENOTFOUND, ECONNRESET…) in its cause.
  const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  return new OllamaError('unavailable', `Cannot reach Ollama at ${config.host}: ${reason}`, cause);
}
