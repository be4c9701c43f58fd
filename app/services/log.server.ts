import { AsyncLocalStorage } from 'node:async_hooks';
import { inspect } from 'node:util';

const levels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
type Level = (typeof levels)[number];
type Format = 'text' | 'json';

// Until an entry point sets what its settings name (LOG_LEVEL, LOG_FORMAT, read with the others in env.server.ts).
let threshold = levels.indexOf('info');
let format: Format = 'text';

export function setLogLevel(level: Level): void {
  threshold = levels.indexOf(level);
}

export function setLogFormat(chosen: Format): void {
  format = chosen;
}

const requests = new AsyncLocalStorage<string>();

/** Runs `work` (a request's handling, to its end) with `id` on every line it logs. */
export function withRequestId<T>(id: string, work: () => T): T {
  return requests.run(id, work);
}

function write(level: Exclude<Level, 'silent'>, message: string, details?: unknown): void {
  if (levels.indexOf(level) < threshold) return;
  const out = level === 'error' || level === 'warn' ? console.error : console.log;
  if (format === 'json') return out(jsonLine(level, message, details));
  const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}`;
  if (details === undefined) out(line);
  else out(line, details);
}

/** One JSON object per line, for log collectors: what happened, when, in which request, with its details. */
function jsonLine(level: string, msg: string, details: unknown): string {
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, msg };
  const requestId = requests.getStore();
  if (requestId) entry.requestId = requestId;
  if (details !== undefined) entry.details = details instanceof Error ? errorFields(details) : details;
  try {
    return JSON.stringify(entry);
  } catch {
    // A cycle or a BigInt in the details: they are still worth reading.
    return JSON.stringify({ ...entry, details: inspect(details, { depth: 4, breakLength: Infinity }) });
  }
}

function errorFields(error: Error): Record<string, unknown> {
  const { code } = error as { code?: unknown };
  return { name: error.name, message: error.message, ...(code === undefined ? {} : { code }), stack: error.stack };
}

/** The server log: one line per event on stdout/stderr, filtered by LOG_LEVEL, as text or JSON (LOG_FORMAT). */
export const log = {
  debug: (message: string, details?: unknown) => write('debug', message, details),
  info: (message: string, details?: unknown) => write('info', message, details),
  warn: (message: string, details?: unknown) => write('warn', message, details),
  error: (message: string, details?: unknown) => write('error', message, details),
};
