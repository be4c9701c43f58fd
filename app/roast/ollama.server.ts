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
import { env } from '~/services/env.server';

export type OllamaConfig = { host: string; model: string; timeoutMs: number };

type OllamaErrorKind = 'unavailable' | 'timeout' | 'bad_answer' | 'model_missing';

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
  return { host: config.OLLAMA_HOST, model: config.OLLAMA_MODEL, timeoutMs: config.OLLAMA_TIMEOUT_MS };
}

/** One try and two retries: a small model's bad answer is often followed by a good one. */
const TRIES = 3;

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
export async function ollamaLook(config: OllamaConfig, image: Buffer, signal?: AbortSignal): Promise<RoastFacts> {
  return withRetries(
    'look',
    (attempt) =>
      chat(
        config,
        {
          messages: [
            { role: 'system', content: LOOK_SYSTEM_PROMPT },
            // The client base64-encodes a Buffer for the wire.
            { role: 'user', content: LOOK_USER_PROMPT, images: [image] },
          ],
          format: FACTS_JSON_SCHEMA,
          options: {
            temperature: attempt === 0 ? LOOK_TEMPERATURE : LOOK_RETRY_TEMPERATURE,
            num_ctx: NUM_CTX,
            num_predict: LOOK_MAX_TOKENS,
          },
        },
        signal,
      ),
    parseFacts,
  );
}

/** A photo's alt text (roast/photo-description.ts): one vision call per photo, its answer checked like the look's. */
export async function ollamaDescribe(config: OllamaConfig, image: Buffer, signal?: AbortSignal): Promise<string> {
  return withRetries(
    'description',
    (attempt) =>
      chat(
        config,
        {
          messages: [
            { role: 'system', content: DESCRIBE_SYSTEM_PROMPT },
            { role: 'user', content: DESCRIBE_USER_PROMPT, images: [image] },
          ],
          format: DESCRIPTION_JSON_SCHEMA,
          options: {
            temperature: attempt === 0 ? LOOK_TEMPERATURE : LOOK_RETRY_TEMPERATURE,
            num_ctx: NUM_CTX,
            num_predict: DESCRIBE_MAX_TOKENS,
          },
        },
        signal,
      ),
    parseDescription,
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
    (content) => parseAdvice(content, ADVICE_SYSTEM_PROMPT),
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
    const client = new Ollama({ host: config.host, fetch: limitedFetch(Math.min(READY_TIMEOUT_MS, config.timeoutMs)) });
    const { models } = await client.list();
    const wanted = withoutLatest(config.model);
    return models.some((model) => withoutLatest(model.name) === wanted || withoutLatest(model.model) === wanted);
  } catch {
    return false;
  }
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

/** One non-streaming chat call; any failure becomes an OllamaError, or the caller's AbortError. */
async function chat(
  config: OllamaConfig,
  request: Omit<ChatRequest, 'model' | 'stream'>,
  signal: AbortSignal | undefined,
): Promise<string> {
  signal?.throwIfAborted();
  const client = new Ollama({ host: config.host, fetch: limitedFetch(config.timeoutMs, signal) });
  try {
    const response = await client.chat({ ...request, model: config.model, stream: false });
    return typeof response.message?.content === 'string' ? response.message.content : '';
  } catch (error) {
    signal?.throwIfAborted();
    throw toOllamaError(error, config);
  }
}

/**
 * The client passes no signal to non-streaming calls, so the timeout and the caller's
 * abort are put on every request here; they also cut off reading the body.
 */
function limitedFetch(timeoutMs: number, signal?: AbortSignal): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return fetch(input, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  };
}

function toOllamaError(error: unknown, config: OllamaConfig): OllamaError {
  const cause = { cause: error };
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new OllamaError('timeout', `Ollama did not answer within ${config.timeoutMs} ms`, cause);
  }
  // The client's ResponseError (not exported): an HTTP error with Ollama's own message.
  if (error instanceof Error && 'status_code' in error) {
    if (error.status_code === 404 && /not found/i.test(error.message)) {
      return new OllamaError('model_missing', `Ollama has no model "${config.model}": ${error.message}`, cause);
    }
    return new OllamaError('unavailable', `Ollama answered ${String(error.status_code)}: ${error.message}`, cause);
  }
  // fetch's "fetch failed" hides the reason (ECONNREFUSED, ENOTFOUND, ECONNRESET…) in its cause.
  const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  return new OllamaError('unavailable', `Cannot reach Ollama at ${config.host}: ${reason}`, cause);
}
