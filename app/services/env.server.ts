import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A whole decimal number: "3000", not " ", "0x10" or "3e3". */
const wholeNumber = (min: number, max: number, message: string) =>
  z.string().regex(/^\d+$/, 'must be a number').transform(Number).pipe(z.number().min(min, message).max(max, message));

const port = wholeNumber(0, 65535, 'must be between 0 and 65535');

const DURATION_UNITS_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** A duration such as "30m", "24h" or "7d", in milliseconds. */
const duration = z
  .string()
  .regex(/^[1-9]\d{0,4}[mhd]$/, 'must be a duration such as 30m, 24h or 7d')
  .transform((value) => Number(value.slice(0, -1)) * DURATION_UNITS_MS[value.slice(-1) as keyof typeof DURATION_UNITS_MS]);

/**
 * Ollama's keep_alive: a Go duration ("30m", "1h30m", "90s"), a whole number of seconds,
 * or a negative one ("-1") to keep the model loaded for good. Whole numbers are sent as
 * numbers: Ollama reads a string only as a duration with a unit ("-1" as a string fails).
 */
const keepAlive = z
  .string()
  .regex(/^(-?\d{1,9}|(\d{1,6}(\.\d+)?(ms|s|m|h))+)$/, 'must be a duration such as 30m, 1h or 90s, a number of seconds, or -1')
  .transform((value) => (/^-?\d+$/.test(value) ? Number(value) : value));

/**
 * How many proxies in front of the app may be believed: `false` (0) reads the
 * socket, `true` is one hop (nginx, or Fly's edge), a number counts the hops.
 */
const proxyHops = z
  .string()
  .regex(/^(true|false|yes|no|\d{1,2})$/, 'must be true, false or a number of proxy hops such as 2')
  .transform((value) => (value === 'true' || value === 'yes' ? 1 : value === 'false' || value === 'no' ? 0 : Number(value)));

/** A decimal between 0 and 1, such as "0.85". */
const fraction = z
  .string()
  .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a number between 0 and 1')
  .transform(Number);

/** An http(s) origin: scheme, host and optional port, nothing after it. */
const origin = (example: string) =>
  z
    .url({ protocol: /^https?$/, hostname: z.regexes.hostname, error: `must be a URL such as ${example}` })
    .refine((value) => !URL.canParse(value) || (new URL(value).pathname === '/' && !/[?#]/.test(value)), {
      error: `must be an origin such as ${example}, without a path`,
    })
    .transform((value) => new URL(value).origin);

const settings = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_PATH: z.string().min(1).default('./data/sqlite.db'),
  UPLOADS_DIR: z.string().min(1).default('./data/uploads'),
  PUBLIC_ORIGIN: origin('https://rigroast.example.com').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      hostname: z.regexes.hostname,
      error: 'must look like smtp://user:pass@mail.example.com:587',
    })
    .optional(),
  MAIL_FROM: z.string().min(3).default('RigRoast <noreply@localhost>'),
  MAIL_TO_LOG: boolean.default(false),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' }))),
  ROAST_PROVIDER: z.enum(['auto', 'ollama', 'builtin']).default('auto'),
  OLLAMA_HOST: origin('http://127.0.0.1:11434').default('http://127.0.0.1:11434'),
  OLLAMA_MODEL: z.string().min(1).default('qwen2.5vl:7b'),
  OLLAMA_TIMEOUT_MS: wholeNumber(1000, 3_600_000, 'must be between 1000 and 3600000').default(180_000),
  OLLAMA_LOAD_TIMEOUT_MS: wholeNumber(1000, 3_600_000, 'must be between 1000 and 3600000').default(600_000),
  OLLAMA_KEEP_ALIVE: keepAlive.default('30m'),
  OLLAMA_CONCURRENCY: wholeNumber(1, 16, 'must be between 1 and 16').default(1),
  ROAST_DEADLINE_MS: wholeNumber(1000, 3_600_000, 'must be between 1000 and 3600000').default(180_000),
  JOB_POLL_MS: wholeNumber(50, 3_600_000, 'must be between 50 and 3600000').default(1000),
  JOB_CONCURRENCY: wholeNumber(1, 16, 'must be between 1 and 16').default(2),
  JOB_LEASE_MS: wholeNumber(1000, 3_600_000, 'must be between 1000 and 3600000').default(60_000),
  // How long notifications for one member gather before they go out as one mail.
  NOTIFY_BATCH_MS: wholeNumber(100, 86_400_000, 'must be between 100 and 86400000').default(300_000),
  // The slowest an upload may come in once it is being read, past a head start (server/body-limit.ts).
  UPLOAD_MIN_KB_PER_S: wholeNumber(1, 1_048_576, 'must be between 1 and 1048576').default(32),
  TRUST_PROXY: proxyHops.default(0),
  // Set by Fly.io on its machines: only there is Fly-Client-IP Fly's own header.
  FLY_APP_NAME: z.string().min(1).optional(),
  SCREENING: z.enum(['auto', 'off']).default('auto'),
  // Scores are the models' probabilities (0–1); docs/decisions/006-roast-engine.md explains them.
  SCREENING_NSFW_HOLD: fraction.default(0.45),
  SCREENING_NSFW_REJECT: fraction.default(0.9),
  SCREENING_FACE_HOLD: fraction.default(0.8),
  // How long, beyond the local models, a new build's listing waits for the vision model's look.
  SCREENING_LOOK_WAIT_MS: wholeNumber(0, 600_000, 'must be between 0 and 600000').default(10_000),
  // Rig Battles: the level a member needs to vote, unless their account is old enough (domain/battle-votes.ts).
  BATTLE_MIN_LEVEL: wholeNumber(1, 1000, 'must be between 1 and 1000').default(2),
  // Scheduled backups on the primary (app/jobs/scheduled-backups.server.ts): off unless BACKUP_DIR is set.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_EVERY: duration.default(86_400_000),
  BACKUP_KEEP: wholeNumber(1, 1000, 'must be between 1 and 1000').default(7),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  // Unset: /metrics is not there (404). Set: it answers only `Authorization: Bearer <token>`.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LITEFS_DIR: z.string().min(1).optional(),
  LITEFS_INFO_URL: z
    .url({ protocol: /^https?$/, error: 'must be a URL such as http://127.0.0.1:20202/info' })
    .default('http://127.0.0.1:20202/info'),
  // `{host}` stands for the primary's hostname, which LiteFS's `.primary` file names.
  PRIMARY_APP_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+\/?$/, 'must be an origin such as http://{host}:3000, without a path')
    .transform((value) => value.replace(/\/$/, ''))
    .optional(),
});

/** Every setting the server reads, by name. */
export const SETTING_NAMES = Object.keys(settings.shape);

const schema = settings.transform((value) => ({
  ...value,
  PUBLIC_ORIGIN: value.PUBLIC_ORIGIN ?? `http://localhost:${value.PORT}`,
  PRIMARY_APP_URL:
    value.PRIMARY_APP_URL ??
    (value.FLY_APP_NAME ? `http://{host}.vm.${value.FLY_APP_NAME}.internal:${value.PORT}` : `http://{host}:${value.PORT}`),
}));

export type Env = z.output<typeof schema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses an environment (process.env by default); throws an EnvError listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable (`FOO=`) means "not set", as shells and .env files write it.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(present);
  // Checked beside the schema so it is reported together with any other mistake.
  const production = present.NODE_ENV === 'production';
  const missingSecret = production && !present.SESSION_SECRET;
  // Sign-in codes and links in a production log would let anyone who reads it sign in as anyone.
  const missingMail = production && !present.SMTP_URL && boolean.safeParse(present.MAIL_TO_LOG ?? 'false').data !== true;
  if (result.success && !missingSecret && !missingMail) return result.data;
  const lines = (result.error?.issues ?? []).map((issue) => {
    const name = issue.path[0] ? String(issue.path[0]) : 'environment';
    const given = typeof issue.path[0] === 'string' ? present[issue.path[0]] : undefined;
    const shown = given === undefined || /SECRET|SMTP_URL/.test(name) ? '' : ` (got "${given}")`;
    return `  ${name} ${issue.message}${shown}`;
  });
  if (missingSecret) {
    lines.push('  SESSION_SECRET is required when NODE_ENV=production (use a random string of 32+ characters)');
  }
  if (missingMail) {
    lines.push(
      '  SMTP_URL is required when NODE_ENV=production: without it every e-mail, sign-in codes included, goes to the log (set MAIL_TO_LOG=true to allow that)',
    );
  }
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every setting.`);
}

/**
 * The cookie-signing secret: SESSION_SECRET when given; outside production a
 * random one generated on first start and kept in ./data/.session-secret, so
 * sessions survive restarts without any setup.
 */
export function sessionSecret(config: Env, file = resolve('data/.session-secret')): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  try {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const created = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${created}\n`, { mode: 0o600 });
  return created;
}

let current: Env | undefined;

/** The validated process environment, parsed once. */
export function env(): Env {
  current ??= parseEnv(process.env);
  return current;
}

/** Makes env() read process.env again (tests that change a setting). */
export function resetEnv(): void {
  current = undefined;
}

let secret: string | undefined;

/** The secret that signs our cookies, resolved once per process. */
export function cookieSecret(): string {
  secret ??= sessionSecret(env());
  return secret;
}
