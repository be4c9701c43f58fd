// The fake Ollama as a process, for the end-to-end tests' web server (see
// tests/playwright.config.ts): `node tests/support/fake-ollama-server.ts <port> <delay ms> [<load ms>]`.
// Every chat answer waits `delay` ms, so a new build's waiting view is there long
// enough to be seen before its roast lands. With `load ms` it behaves as a CPU host
// (see CpuHost): the model loads for that long and is unloaded after its keep_alive.
// Loaded through Vite like the seed script.
import { createServer } from 'vite';
import type { startFakeOllama as Start } from './fake-ollama';

const [port = '11435', delay = '0', loadMs] = process.argv.slice(2);
const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn' });
const { startFakeOllama } = (await vite.ssrLoadModule('/tests/support/fake-ollama.ts')) as { startFakeOllama: typeof Start };
await vite.close();
const fake = await startFakeOllama({ port: Number(port), ...(loadMs ? { cpuHost: { loadMs: Number(loadMs) } } : {}) });
fake.setDelay(Number(delay));
console.log(`Fake Ollama listening on ${fake.url}`);
process.once('SIGTERM', () => void fake.close().then(() => process.exit(0)));
process.once('SIGINT', () => void fake.close().then(() => process.exit(0)));
