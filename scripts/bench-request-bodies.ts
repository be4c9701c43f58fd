// `node scripts/bench-request-bodies.ts`: how the server meets oversized request
// bodies. 40 MB form posts to the guest forms and pages, declared up front
// (Content-Length) and chunked, one at a time and 20 at once: time to the 413,
// what the client had sent by then, and the server's peak memory (VmHWM) over idle.
// Uses the existing build (npm run build).
import type { startApp as StartApp } from '../tests/support/app-process';
import type { postOversized as PostOversized } from '../tests/support/oversized-post';
import type { processMemory as ProcessMemory } from '../tests/support/process-memory';

// Node runs this file by stripping its types: the helpers are loaded by their .ts paths.
const { startApp } = (await import(new URL('../tests/support/app-process.ts', import.meta.url).href)) as { startApp: typeof StartApp };
const { postOversized } = (await import(new URL('../tests/support/oversized-post.ts', import.meta.url).href)) as {
  postOversized: typeof PostOversized;
};
const { processMemory } = (await import(new URL('../tests/support/process-memory.ts', import.meta.url).href)) as {
  processMemory: typeof ProcessMemory;
};

const PATHS = ['/auth', '/forgot-password', '/reset-password', '/verify-email', '/auth/magic', '/build/1', '/'];

const app = await startApp();
const pid = app.child.pid!;

type Result = { status: number; ms: number; sentMb: number };

/** A 40 MB post sent 64 KB at a time; sending stops once the answer arrives. */
async function post(path: string, chunked: boolean): Promise<Result> {
  const answer = await postOversized(new URL(path, app.origin), { chunked, timeoutMs: 30_000 });
  return { status: answer.status, ms: answer.ms, sentMb: answer.sent / 1024 / 1024 };
}

const summary = (label: string, results: Result[]) => {
  const statuses = [...new Set(results.map((result) => result.status))].join(',');
  const slowest = Math.max(...results.map((result) => result.ms));
  const sent = Math.max(...results.map((result) => result.sentMb));
  console.log(
    `${label.padEnd(34)} status ${statuses}  slowest ${slowest.toFixed(0).padStart(5)} ms  client had sent ≤ ${sent.toFixed(1)} MB`,
  );
};

try {
  const idle = (await processMemory(pid)).rssMb;
  console.log(`idle RSS ${idle.toFixed(0)} MB`);
  for (const chunked of [false, true]) {
    const kind = chunked ? 'chunked' : 'declared';
    const one: Result[] = [];
    for (const path of PATHS) one.push(await post(path, chunked));
    summary(`40 MB ${kind}, one at a time (${PATHS.length})`, one);
    summary(`40 MB ${kind}, 20 at once`, await Promise.all(Array.from({ length: 20 }, (_, i) => post(PATHS[i % PATHS.length]!, chunked))));
  }
  const { peakMb } = await processMemory(pid);
  console.log(`peak RSS ${peakMb.toFixed(0)} MB (+${(peakMb - idle).toFixed(0)} MB over idle)`);
} finally {
  await app.stop();
}
