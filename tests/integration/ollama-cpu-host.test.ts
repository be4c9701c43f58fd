import { afterEach, describe, expect, it } from 'vitest';
import type { AppProcess } from '#tests/support/app-process';
import { type Browser, pageText, toastText } from '#tests/support/browser';
import { type FakeOllama, SAMPLE_ROAST, startFakeOllama } from '#tests/support/fake-ollama';
import { readRow } from '#tests/support/test-database';
import { testPhoto, uploadBuild } from '#tests/support/uploads';
import { type Stack, startStack } from '#tests/support/stack';
import { waitFor } from '#tests/support/wait';

/*
 * The built server against a stand-in Ollama that behaves like a CPU-only host: its model
 * takes far longer to load than an answer may take once it is loaded.
 */

let fake: FakeOllama | undefined;
let stack: Stack | undefined;

afterEach(async () => {
  await stack?.stop();
  await fake?.close();
  stack = undefined;
  fake = undefined;
});

async function launch(env: Record<string, string>) {
  stack = await startStack({ JOB_POLL_MS: '100', ...env });
  return stack.app;
}

async function upload(browser: Browser, title: string) {
  const page = await uploadBuild(browser, { title, file: { bytes: await testPhoto('jpeg'), name: 'rig.jpg', type: 'image/jpeg' } });
  return Number(page.url.split('/').pop());
}

type BuildRow = { roast: string; roast_provider: string | null; roast_fallback: string | null };
const buildRow = (app: AppProcess, id: number) => readRow<BuildRow>(app.databasePath, 'select * from builds where id = ?', id);
const roaster = async (app: AppProcess) => ((await (await app.fetch('/healthz')).json()) as { roaster: string }).roaster;

describe('a model that loads for long on a CPU host', () => {
  it('is loaded after start, said on /healthz, and the first roast waits for the load instead of giving it up', async () => {
    fake = await startFakeOllama({ cpuHost: { loadMs: 8000 } });
    // An answer may take 1 s once the model is loaded; loading takes eight.
    const app = await launch({
      ROAST_PROVIDER: 'ollama',
      OLLAMA_HOST: fake.url,
      OLLAMA_TIMEOUT_MS: '1000',
      OLLAMA_LOAD_TIMEOUT_MS: '60000',
    });
    expect(await roaster(app)).toBe('loading');
    const owner = await stack!.member();
    const id = await upload(owner, 'Patient Potato');

    await waitFor(() => buildRow(app, id).roast || null, { timeoutMs: 40_000, intervalMs: 200 });
    expect(buildRow(app, id)).toMatchObject({ roast: SAMPLE_ROAST, roast_provider: 'ollama', roast_fallback: null });
    expect(fake.loads()).toMatchObject({ started: 1, finished: 1, abandoned: 0 });
    await waitFor(async () => (await roaster(app)) === 'ready', { timeoutMs: 15_000, intervalMs: 500 });
    const load = fake.requests.find((request) => request.path === '/api/generate')?.body;
    expect(load).toMatchObject({ keep_alive: '30m' });
  });

  // The model loads for 15 s, on purpose: the owner asks for its roast while it still loads.
  it(
    'past the owner deadline the built-in roaster answers and says why; the owner alone may ask for the model roast, which replaces it',
    { timeout: 45_000 },
    async () => {
      fake = await startFakeOllama({ cpuHost: { loadMs: 15_000 } });
      const app = await launch({
        ROAST_PROVIDER: 'auto',
        OLLAMA_HOST: fake.url,
        OLLAMA_TIMEOUT_MS: '1000',
        OLLAMA_LOAD_TIMEOUT_MS: '60000',
        ROAST_DEADLINE_MS: '2000',
      });
      const owner = await stack!.member();
      const other = await stack!.member();
      const id = await upload(owner, 'Impatient Potato');

      await waitFor(() => buildRow(app, id).roast || null, { timeoutMs: 20_000, intervalMs: 100 });
      expect(buildRow(app, id)).toMatchObject({ roast_provider: 'builtin', roast_fallback: 'model_slow' });
      // The model's load was not thrown away with the roast that stopped waiting for it.
      expect(fake.loads()).toMatchObject({ abandoned: 0 });

      const seen = pageText((await other.get(`/build/${id}`)).html);
      expect(seen).toContain('the AI model was too slow to answer in time');
      expect(seen).not.toContain("Get the AI model's roast instead");
      const refused = await other.post(`/build/${id}`, { intent: 'model-roast' });
      expect(toastText(refused.html)).toContain('Only the owner');

      const offered = pageText((await owner.get(`/build/${id}`)).html);
      expect(offered).toContain("Get the AI model's roast instead");
      const asked = await owner.post(`/build/${id}`, { intent: 'model-roast' });
      expect(toastText(asked.html)).toContain('The AI model is on it');
      expect(pageText(asked.html)).toContain('The AI model is writing its roast. It replaces this one here when it lands');
      const again = await owner.post(`/build/${id}`, { intent: 'model-roast' });
      expect(toastText(again.html)).toContain('already writing');

      await waitFor(() => (buildRow(app, id).roast_provider === 'ollama' ? true : null), { timeoutMs: 40_000, intervalMs: 200 });
      expect(buildRow(app, id)).toMatchObject({ roast: SAMPLE_ROAST, roast_fallback: null });
      expect(pageText((await owner.get(`/build/${id}`)).html)).not.toContain('too slow');
      expect(fake.loads()).toMatchObject({ started: 1, finished: 1, abandoned: 0 });
    },
  );
});
