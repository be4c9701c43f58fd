/**
 * Settings that bound the server's memory but are read only when a process
 * starts: glibc reads its `MALLOC_*` variables before any code runs, and V8 sizes
 * its young generation at start-up. `node build/server/index.js` (the container,
 * LiteFS's exec, `npm start`, the benches) gets them all from here, so every way
 * of starting the server measures and runs the same. A value the operator set
 * (in the environment, `NODE_OPTIONS` or node's own flags) is kept as it is.
 * Where and why the memory goes: docs/decisions/015-upload-memory.md.
 */
export const MEMORY_ENV: Readonly<Record<string, string>> = {
  // glibc gives each thread (libvips', libuv's, V8's) a malloc arena of its own and
  // keeps what they freed in it.
  MALLOC_ARENA_MAX: '2',
  // Blocks from 64 KB (a page's HTML and its copies, decoded photos, encoder
  // buffers) are mapped on their own and given back when freed, instead of leaving
  // holes in the heap that glibc never returns; glibc would otherwise raise this
  // threshold after each large free.
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/**
 * V8 sizes its heap for the machine: on a large one each semi-space of its young
 * generation grows to 64 MB (128 MB held under load). 4 MB costs no measurable CPU
 * per page (static files about 5 %) and holds about 10 MB less than 8; a capped old
 * generation or --optimize-for-size held less but took 1.5–2.5 times the CPU per page.
 * After each full collection V8 lets the old generation grow to up to four times what
 * survived before the next one; two and a half times held 40–70 MB less after the page
 * runs for the same CPU per page (twice: every collection became a full one while the
 * heap was small) (docs/decisions/015-upload-memory.md).
 */
export const MEMORY_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=150'];

type Process = { env: NodeJS.ProcessEnv; execArgv: readonly string[]; platform: NodeJS.Platform };

/** What the process must be started again with to have every memory setting, or undefined when it has them all. */
export function missingMemorySettings({ env, execArgv, platform }: Process): { env: NodeJS.ProcessEnv; execArgv: string[] } | undefined {
  // process.execve exists only on POSIX systems; the MALLOC_* variables mean something only to glibc.
  if (platform !== 'linux') return undefined;
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  const flags = MEMORY_FLAGS.filter((flag) => !given.some((option) => option.split('=')[0] === flag.split('=')[0]));
  const variables = Object.entries(MEMORY_ENV).filter(([name]) => env[name] === undefined);
  if (flags.length === 0 && variables.length === 0) return undefined;
  return { env: { ...env, ...Object.fromEntries(variables) }, execArgv: [...execArgv, ...flags] };
}

/** Replaces this process (same PID, same stdio, same arguments) with one that has the memory settings, if it lacks any. */
export function relaunchWithMemorySettings(): void {
  const missing = missingMemorySettings(process);
  if (!missing) return;
  process.execve!(process.execPath, [process.execPath, ...missing.execArgv, ...process.argv.slice(1)], missing.env);
}
