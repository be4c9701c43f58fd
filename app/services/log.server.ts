const levels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
type Level = (typeof levels)[number];

// Until an entry point sets the level its settings name (LOG_LEVEL, read with the others in env.server.ts).
let threshold = levels.indexOf('info');

export function setLogLevel(level: Level): void {
  threshold = levels.indexOf(level);
}

function write(level: Exclude<Level, 'silent'>, message: string, details?: unknown): void {
  if (levels.indexOf(level) < threshold) return;
  const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}`;
  const out = level === 'error' || level === 'warn' ? console.error : console.log;
  if (details === undefined) out(line);
  else out(line, details);
}

/** The server log: one line per event on stdout/stderr, filtered by LOG_LEVEL. */
export const log = {
  debug: (message: string, details?: unknown) => write('debug', message, details),
  info: (message: string, details?: unknown) => write('info', message, details),
  warn: (message: string, details?: unknown) => write('warn', message, details),
  error: (message: string, details?: unknown) => write('error', message, details),
};
