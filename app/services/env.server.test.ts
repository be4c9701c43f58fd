import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvError, parseEnv, sessionSecret, SETTING_NAMES } from './env.server';

const SECRET = 'a-session-secret-that-is-32-chars';

/** The EnvError thrown for `source`, so its message can be inspected. */
function envError(source: Record<string, string | undefined>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error('parseEnv accepted the environment');
}

describe('parseEnv', () => {
  it('fills every default from an empty environment', () => {
    const config = parseEnv({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATABASE_PATH: './data/sqlite.db',
      UPLOADS_DIR: './data/uploads',
      PUBLIC_ORIGIN: 'http://localhost:3000',
      MAIL_FROM: 'RigRoast <noreply@localhost>',
      ROAST_PROVIDER: 'auto',
      OLLAMA_HOST: 'http://127.0.0.1:11434',
      OLLAMA_MODEL: 'qwen2.5vl:7b',
      OLLAMA_KEEP_ALIVE: '30m',
      OLLAMA_LOAD_TIMEOUT_MS: 600_000,
      OLLAMA_CONCURRENCY: 1,
      ROAST_DEADLINE_MS: 180_000,
      JOB_POLL_MS: 1000,
      TRUST_PROXY: 0,
      UPLOAD_MIN_KB_PER_S: 32,
      SCREENING: 'auto',
      LOG_LEVEL: 'info',
      ADMIN_EMAILS: [],
    });
    expect(config.SESSION_SECRET).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('derives the default PUBLIC_ORIGIN from PORT', () => {
    const config = parseEnv({ PORT: '8080' });
    expect(config.PORT).toBe(8080);
    expect(config.PUBLIC_ORIGIN).toBe('http://localhost:8080');
  });

  it('treats empty variables as unset', () => {
    const names = [
      'PORT',
      'HOST',
      'PUBLIC_ORIGIN',
      'SESSION_SECRET',
      'SMTP_URL',
      'ADMIN_EMAILS',
      'TRUST_PROXY',
      'JOB_POLL_MS',
      'LOG_LEVEL',
    ];
    expect(parseEnv(Object.fromEntries(names.map((name) => [name, ''])))).toEqual(parseEnv({}));
  });

  it('takes the values that are given', () => {
    const given: Record<string, [raw: string, read?: number]> = {
      PORT: ['4000', 4000],
      HOST: ['127.0.0.1'],
      DATABASE_PATH: ['/var/lib/rigroast/db.sqlite'],
      ROAST_PROVIDER: ['builtin'],
      OLLAMA_MODEL: ['llava'],
      JOB_POLL_MS: ['250', 250],
      SCREENING: ['off'],
      LOG_LEVEL: ['debug'],
    };
    const config = parseEnv(Object.fromEntries(Object.entries(given).map(([name, [raw]]) => [name, raw])));
    for (const [name, [raw, read = raw]] of Object.entries(given)) expect(config, name).toHaveProperty(name, read);
  });

  describe('ADMIN_EMAILS', () => {
    it('splits a comma-separated list, trimming and lower-casing each address', () => {
      const config = parseEnv({ ADMIN_EMAILS: ' Alice@Example.com, bob@example.org ,,CAROL@EXAMPLE.NET ' });
      expect(config.ADMIN_EMAILS).toEqual(['alice@example.com', 'bob@example.org', 'carol@example.net']);
    });

    it('accepts a single address', () => {
      expect(parseEnv({ ADMIN_EMAILS: 'admin@example.com' }).ADMIN_EMAILS).toEqual(['admin@example.com']);
    });

    it('rejects a list holding something that is not an address', () => {
      const error = envError({ ADMIN_EMAILS: 'admin@example.com, not-an-email' });
      expect(error.message).toContain('ADMIN_EMAILS');
      expect(error.message).toContain('not-an-email');
    });
  });

  describe('TRUST_PROXY', () => {
    it('reads true as one proxy hop and false as none', () => {
      expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
      expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    });

    it('reads a number of hops', () => {
      expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
      expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(0);
    });

    it.each(['maybe', '-1', '1.5', '100'])('rejects %s, naming the variable', (value) => {
      const error = envError({ TRUST_PROXY: value });
      expect(error.message).toContain('TRUST_PROXY must be true, false or a number of proxy hops');
      expect(error.message).toContain(`"${value}"`);
    });
  });

  describe('PUBLIC_ORIGIN', () => {
    it('drops a trailing slash', () => {
      expect(parseEnv({ PUBLIC_ORIGIN: 'https://rigroast.example.com/' }).PUBLIC_ORIGIN).toBe('https://rigroast.example.com');
    });

    it('is kept as given when set, whatever PORT says', () => {
      const config = parseEnv({ PORT: '8080', PUBLIC_ORIGIN: 'https://rigroast.example.com' });
      expect(config.PUBLIC_ORIGIN).toBe('https://rigroast.example.com');
    });

    it('rejects something that is not a URL', () => {
      const error = envError({ PUBLIC_ORIGIN: 'rigroast dot com' });
      expect(error.message).toContain('PUBLIC_ORIGIN');
      expect(error.message).toContain('"rigroast dot com"');
    });

    it('rejects other schemes, missing schemes and paths', () => {
      for (const value of ['ftp://rigroast.example.com', 'javascript:alert(1)', 'rigroast.example.com:3000']) {
        expect(envError({ PUBLIC_ORIGIN: value }).message).toContain('PUBLIC_ORIGIN');
      }
      expect(envError({ PUBLIC_ORIGIN: 'https://example.com/app' }).message).toContain('without a path');
    });
  });

  describe('PRIMARY_APP_URL', () => {
    it("defaults to the primary's hostname on this port, or Fly's internal name for its machine", () => {
      expect(parseEnv({ PORT: '8080' }).PRIMARY_APP_URL).toBe('http://{host}:8080');
      expect(parseEnv({ FLY_APP_NAME: 'rigroast' }).PRIMARY_APP_URL).toBe('http://{host}.vm.rigroast.internal:3000');
    });

    it('takes a fixed origin or a template, and refuses a path', () => {
      expect(parseEnv({ PRIMARY_APP_URL: 'http://10.0.0.5:3000/' }).PRIMARY_APP_URL).toBe('http://10.0.0.5:3000');
      expect(parseEnv({ PRIMARY_APP_URL: 'https://{host}.lan' }).PRIMARY_APP_URL).toBe('https://{host}.lan');
      expect(() => parseEnv({ PRIMARY_APP_URL: 'http://{host}:3000/app' })).toThrow(/PRIMARY_APP_URL must be an origin/);
    });
  });

  describe('OLLAMA_HOST', () => {
    it('must be an http(s) origin', () => {
      expect(parseEnv({ OLLAMA_HOST: 'http://gpu-box:11434/' }).OLLAMA_HOST).toBe('http://gpu-box:11434');
      expect(envError({ OLLAMA_HOST: 'localhost:11434' }).message).toContain('OLLAMA_HOST');
    });
  });

  describe('OLLAMA_KEEP_ALIVE', () => {
    it("takes Ollama's durations as text and whole seconds (-1: for good) as numbers", () => {
      for (const value of ['30m', '1h30m', '90s', '2.5h', '500ms'])
        expect(parseEnv({ OLLAMA_KEEP_ALIVE: value }).OLLAMA_KEEP_ALIVE).toBe(value);
      expect(parseEnv({ OLLAMA_KEEP_ALIVE: '-1' }).OLLAMA_KEEP_ALIVE).toBe(-1);
      expect(parseEnv({ OLLAMA_KEEP_ALIVE: '3600' }).OLLAMA_KEEP_ALIVE).toBe(3600);
    });

    it('refuses what Ollama would refuse, naming the setting', () => {
      for (const value of ['30 minutes', '30M', 'forever', '-30m', '1e3', '30m;rm', 'm']) {
        expect(envError({ OLLAMA_KEEP_ALIVE: value }).message).toContain('OLLAMA_KEEP_ALIVE must be a duration');
      }
    });
  });

  describe('errors', () => {
    it('lists every bad variable in one EnvError, each with its value', () => {
      const error = envError({
        PORT: 'eighty',
        JOB_POLL_MS: '10',
        LOG_LEVEL: 'loud',
        ROAST_PROVIDER: 'openai',
      });
      expect(error.name).toBe('EnvError');
      const lines = error.message.split('\n');
      for (const [name, value] of [
        ['PORT', 'eighty'],
        ['JOB_POLL_MS', '10'],
        ['LOG_LEVEL', 'loud'],
        ['ROAST_PROVIDER', 'openai'],
      ] as const) {
        expect(lines.some((line) => line.includes(name) && line.includes(`"${value}"`))).toBe(true);
      }
    });

    it('rejects a port out of range', () => {
      expect(envError({ PORT: '70000' }).message).toContain('PORT');
    });

    // Bug: zod skips the production SESSION_SECRET check once any other variable is bad,
    // so the message lists PORT only and the operator learns of the secret on the next start.
    it('lists a missing production SESSION_SECRET alongside other bad variables', () => {
      const error = envError({ NODE_ENV: 'production', PORT: 'eighty' });
      expect(error.message).toContain('PORT');
      expect(error.message).toContain('SESSION_SECRET');
    });

    // Bug: Number(' ') is 0, so a blank-looking PORT silently means "any free port".
    it('rejects a PORT made only of spaces', () => {
      expect(envError({ PORT: ' ' }).message).toContain('PORT');
    });

    it('never echoes SESSION_SECRET or SMTP_URL', () => {
      const error = envError({
        SESSION_SECRET: 'short-hunter2',
        SMTP_URL: 'http://user:hunter3@mail.example.com',
        PORT: 'eighty',
      });
      expect(error.message).toContain('SESSION_SECRET');
      expect(error.message).toContain('SMTP_URL');
      expect(error.message).toContain('"eighty"');
      expect(error.message).not.toContain('hunter2');
      expect(error.message).not.toContain('hunter3');
    });
  });

  describe('SMTP_URL', () => {
    it('accepts smtp:// and smtps:// URLs', () => {
      expect(parseEnv({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' }).SMTP_URL).toBe('smtp://user:pass@mail.example.com:587');
      expect(parseEnv({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).SMTP_URL).toBe('smtps://user:pass@mail.example.com:465');
    });

    it.each(['https://mail.example.com', 'mail.example.com:587', 'smtpx://mail.example.com'])('rejects %s', (value) => {
      expect(envError({ SMTP_URL: value }).message).toContain('SMTP_URL');
    });

    // Bug: z.url() only checks the scheme, so an smtp: URL with no host at all is accepted.
    it('rejects an smtp: URL without a host', () => {
      expect(envError({ SMTP_URL: 'smtp:/mail' }).message).toContain('SMTP_URL');
    });
  });

  describe('MAIL_TO_LOG', () => {
    it('in production, refuses to start without SMTP_URL, since codes would go to the log', () => {
      const error = envError({ NODE_ENV: 'production', SESSION_SECRET: SECRET });
      expect(error.message).toContain('SMTP_URL is required when NODE_ENV=production');
      expect(error.message).toContain('MAIL_TO_LOG=true');
      expect(error.message).not.toContain('SESSION_SECRET');
    });

    it('lets production print mail to the log only when asked to', () => {
      const config = parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET, MAIL_TO_LOG: 'true' });
      expect(config.MAIL_TO_LOG).toBe(true);
      expect(envError({ NODE_ENV: 'production', SESSION_SECRET: SECRET, MAIL_TO_LOG: 'false' }).message).toContain('SMTP_URL is required');
    });

    it('is not needed with SMTP_URL, nor outside production', () => {
      expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET, SMTP_URL: 'smtp://mail.example.com:587' }).MAIL_TO_LOG).toBe(false);
      expect(parseEnv({}).MAIL_TO_LOG).toBe(false);
    });
  });

  describe('SESSION_SECRET', () => {
    it('is required when NODE_ENV=production', () => {
      const error = envError({ NODE_ENV: 'production' });
      expect(error.message).toContain('SESSION_SECRET');
      expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET, MAIL_TO_LOG: 'true' }).SESSION_SECRET).toBe(SECRET);
    });

    it('is optional outside production', () => {
      expect(parseEnv({ NODE_ENV: 'development' }).SESSION_SECRET).toBeUndefined();
      expect(parseEnv({ NODE_ENV: 'test' }).SESSION_SECRET).toBeUndefined();
    });

    it('must be at least 32 characters when given', () => {
      expect(envError({ SESSION_SECRET: 'x'.repeat(31) }).message).toContain('SESSION_SECRET');
      expect(parseEnv({ SESSION_SECRET: 'x'.repeat(32) }).SESSION_SECRET).toBe('x'.repeat(32));
    });
  });
});

describe('sessionSecret', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rigroast-secret-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns SESSION_SECRET when it is set, and writes no file', () => {
    const file = join(dir, 'data', '.session-secret');
    expect(sessionSecret(parseEnv({ SESSION_SECRET: SECRET }), file)).toBe(SECRET);
    expect(existsSync(file)).toBe(false);
  });

  it('otherwise creates a private file, with its folder, holding a long random secret', () => {
    const file = join(dir, 'nested', 'data', '.session-secret');
    const secret = sessionSecret(parseEnv({}), file);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('returns the same secret on later starts', () => {
    const file = join(dir, 'data', '.session-secret');
    const first = sessionSecret(parseEnv({}), file);
    const second = sessionSecret(parseEnv({}), file);
    const third = sessionSecret(parseEnv({}), file);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('generates a different secret for a different data folder', () => {
    const a = sessionSecret(parseEnv({}), join(dir, 'a', '.session-secret'));
    const b = sessionSecret(parseEnv({}), join(dir, 'b', '.session-secret'));
    expect(a).not.toBe(b);
  });
});

describe('.env.example', () => {
  it('describes every setting the server reads, and no other', () => {
    const example = readFileSync('.env.example', 'utf8');
    const named = new Set(example.match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\bPORT\b|\bHOST\b|\bSCREENING\b/g));
    expect(SETTING_NAMES.filter((name) => !named.has(name))).toEqual([]);
    const assigned = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect(assigned.filter((name) => !SETTING_NAMES.includes(name!))).toEqual([]);
  });
});
