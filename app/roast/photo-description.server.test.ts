import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALT_DRAFT_MAX_LENGTH } from '~/domain/photo-alt';
import { OllamaError, ollamaDescribe, type OllamaConfig } from '~/roast/ollama.server';
import { DESCRIBE_SYSTEM_PROMPT, DESCRIPTION_JSON_SCHEMA, parseDescription } from '~/roast/photo-description';
import { type FakeOllama, type FakeRequestBody, SAMPLE_DESCRIPTION, startFakeOllama } from '#tests/support/fake-ollama';

const MODEL = 'qwen2.5vl:7b';
const IMAGE = randomBytes(2048);

let fake: FakeOllama;
beforeEach(async () => {
  fake = await startFakeOllama({ models: [MODEL] });
});
afterEach(() => fake.close());

const config = (): OllamaConfig => ({
  host: fake.url,
  model: MODEL,
  timeoutMs: 5000,
  loadTimeoutMs: 5000,
  keepAlive: '30m',
  concurrency: 1,
});
const chats = (): FakeRequestBody[] => fake.requests.filter((request) => request.path === '/api/chat').map((request) => request.body ?? {});
const described = (description: unknown) => ({ content: JSON.stringify({ description }) });

describe('ollamaDescribe: a photo’s alt text from the vision model', () => {
  it('sends the photo with the describe prompt and a JSON format, and answers the description', async () => {
    expect(await ollamaDescribe(config(), IMAGE)).toBe(SAMPLE_DESCRIPTION);
    const [call] = chats();
    expect(chats()).toHaveLength(1);
    expect(call?.format).toEqual(DESCRIPTION_JSON_SCHEMA);
    expect(call?.options?.temperature).toBe(0);
    expect(call?.options?.num_predict).toBeGreaterThan(0);
    expect(call?.messages?.find((entry) => entry.role === 'system')?.content).toBe(DESCRIBE_SYSTEM_PROMPT);
    expect(call?.messages?.find((entry) => entry.role === 'user')?.images).toEqual([IMAGE.toString('base64')]);
  });

  it('retries an answer that is no description (not JSON, the look’s facts, a ramble) and uses the good one after', async () => {
    fake.respondToDescribe(
      { content: 'A black PC with RGB.' },
      { content: JSON.stringify({ gpu: 'RTX 4080' }) },
      described('**Here is the alt text:** A black mid-tower PC with three RGB fans on a wooden desk.'),
    );
    expect(await ollamaDescribe(config(), IMAGE)).toBe('A black mid-tower PC with three RGB fans on a wooden desk.');
    expect(chats().map((call) => call.options?.temperature)).toEqual([0, 0.3, 0.3]);
  });

  it('gives up as bad_answer after three answers that are no description', async () => {
    fake.respondToDescribe(described('PC.'), described(Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ')), described(''));
    const error = await ollamaDescribe(config(), IMAGE).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(OllamaError);
    expect((error as OllamaError).kind).toBe('bad_answer');
  });
});

describe('parseDescription', () => {
  it('cuts a long description at a word, within a draft’s length', () => {
    const long = `A white mid-tower PC with a glass side panel on a desk, ${Array.from({ length: 36 }, (_, i) => `fan${i}`).join(' ')}`;
    const checked = parseDescription(JSON.stringify({ description: long }));
    if (!checked.ok) throw new Error(checked.problem);
    expect(checked.value.length).toBeLessThanOrEqual(ALT_DRAFT_MAX_LENGTH);
    expect(long.startsWith(checked.value)).toBe(true);
    expect(checked.value).toMatch(/\w$/);
  });

  it('refuses a description that repeats itself or recites the instructions', () => {
    expect(parseDescription(JSON.stringify({ description: 'RGB fans. RGB fans. RGB fans. RGB fans. RGB fans. RGB fans.' })).ok).toBe(false);
    expect(parseDescription(JSON.stringify({ description: DESCRIBE_SYSTEM_PROMPT.split('\n')[0] })).ok).toBe(false);
  });
});
