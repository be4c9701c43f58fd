// `npm run lighthouse`: Lighthouse's mobile scores for the home page, the gallery, a
// build page, a member's page and a competition's (as a visitor), /notifications (as
// a signed-in member) and the admin overview (as an admin), on the built server with
// the demo data (scripts/seed.ts) in a throwaway folder. Members are signed in through
// the e-mailed code (tests/support/sign-in.ts) and their session cookie is sent with
// every request of their audits. Each page is audited RUNS times, each in a fresh
// headless Chromium (a first visit: empty cache), with Lighthouse's default
// simulated mobile device and network; the median of each category is printed.
// Options: --runs N, --port N, --chrome PATH, --app DIR (another checkout's build/,
// e.g. to measure "before" figures), --json.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import Database from 'better-sqlite3';
import { createServer } from 'vite';
import { ensureBuilt, superviseServer, untilHealthy } from '#scripts/server-process';
import type * as browserModule from '../tests/support/browser';
import type * as signInModule from '../tests/support/sign-in';
import type * as smtpSinkModule from '../tests/support/smtp-sink';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '4872' },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    app: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const execFileAsync = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const appRoot = resolve(args.app ?? root);
const runs = Number(args.runs);
const origin = `http://127.0.0.1:${args.port}`;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

ensureBuilt(appRoot);
console.error(`lighthouse: build ${join(appRoot, 'build')}, ${runs} runs per page, mobile (simulated), Chromium ${args.chrome}.`);

const dir = await mkdtemp(join(tmpdir(), 'rigroast-lighthouse-'));
// The sign-in helpers use the `~/` alias: loaded through Vite. Sign-in codes arrive at the sink.
const vite = await createServer({ root, server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn' });
const { Browser } = (await vite.ssrLoadModule('/tests/support/browser.ts')) as typeof browserModule;
const { signInWithCode } = (await vite.ssrLoadModule('/tests/support/sign-in.ts')) as typeof signInModule;
const { startSmtpSink } = (await vite.ssrLoadModule('/tests/support/smtp-sink.ts')) as typeof smtpSinkModule;
await vite.close();
const sink = await startSmtpSink();
const ADMIN_EMAIL = 'moderator@demo.rigroast.local';
const env = {
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  SMTP_URL: sink.url,
  ADMIN_EMAILS: ADMIN_EMAIL,
  PORT: args.port,
  HOST: '127.0.0.1',
  PUBLIC_ORIGIN: origin,
  DATABASE_PATH: join(dir, 'sqlite.db'),
  UPLOADS_DIR: join(dir, 'uploads'),
  SCREENING: 'off',
  ROAST_PROVIDER: 'builtin',
  LOG_LEVEL: 'warn',
};

console.error('Seeding the demo data…');
const seeded = spawnSync(process.execPath, [join(root, 'scripts/seed.ts')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
const database = new Database(env.DATABASE_PATH, { readonly: true });
const buildId = database.prepare("select id from builds where review_status = 'approved' order by id limit 1").pluck().get() as number;
// The member who posted it (with ratings, comments and notifications of their own), and the competition running now.
const owner = database.prepare('select username, email from users where id = (select user_id from builds where id = ?)').get(buildId) as {
  username: string;
  email: string;
};
const competitionId = database.prepare('select id from competitions order by end_date desc limit 1').pluck().get() as number;
database.close();

const server = spawn(process.execPath, [join(appRoot, 'build/server/index.js')], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
const supervised = superviseServer(server);
await untilHealthy(origin);

type Scores = Record<(typeof categories)[number], number> & { fcpMs: number; lcpMs: number; tbtMs: number };

/** A session cookie for `email`, signed in through the real forms. */
async function signedIn(email: string): Promise<string> {
  const browser = new Browser({
    origin,
    fetch: (path: string, init?: RequestInit) => fetch(`${origin}${path}`, { redirect: 'manual', ...init }),
  } as never);
  await signInWithCode(browser, sink, email);
  return browser.cookieHeader();
}
const memberCookie = await signedIn(owner.email);
const adminCookie = await signedIn(ADMIN_EMAIL);

/**
 * One Lighthouse run through its CLI, which starts and stops its own Chromium. Run
 * without blocking: the mail sink in this process must greet the server's mails meanwhile.
 */
async function audit(url: string, cookie?: string): Promise<Scores> {
  const result = await execFileAsync(
    join(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${categories.join(',')}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ],
    { env: { ...process.env, CHROME_PATH: args.chrome }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stderr?: string }) => {
    throw new Error(`Lighthouse failed on ${url}:\n${error.stderr ?? String(error)}`);
  });
  const report = JSON.parse(result.stdout) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue: number }>;
  };
  return {
    ...(Object.fromEntries(categories.map((name) => [name, Math.round(report.categories[name]!.score * 100)])) as Record<
      (typeof categories)[number],
      number
    >),
    fcpMs: report.audits['first-contentful-paint']!.numericValue,
    lcpMs: report.audits['largest-contentful-paint']!.numericValue,
    tbtMs: report.audits['total-blocking-time']!.numericValue,
  };
}

/** On a busy machine Chromium's trace now and then comes back without a navigation (NO_NAVSTART): run it again. */
async function auditWithRetries(url: string, cookie?: string, attempts = 3): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, cookie);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.error(`${url}: ${error instanceof Error ? error.message.split('\n')[1] : String(error)} (trying again)`);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const pages: { path: string; who?: string; cookie?: string }[] = [
  { path: '/' },
  { path: '/gallery' },
  { path: `/build/${buildId}` },
  { path: `/u/${owner.username}` },
  { path: `/competitions/${competitionId}` },
  { path: '/notifications', who: 'member', cookie: memberCookie },
  { path: '/admin', who: 'admin', cookie: adminCookie },
];
const results: { path: string; runs: Scores[]; median: Scores }[] = [];
for (const { path: page, who, cookie } of pages) {
  const path = who ? `${page} (${who})` : page;
  const scores: Scores[] = [];
  for (let run = 0; run < runs; run++) {
    console.error(`${path}: run ${run + 1} of ${runs}…`);
    scores.push(await auditWithRetries(`${origin}${page}`, cookie));
  }
  const keys = [...categories, 'fcpMs', 'lcpMs', 'tbtMs'] as const;
  results.push({ path, runs: scores, median: Object.fromEntries(keys.map((key) => [key, median(scores.map((s) => s[key]))])) as Scores });
}
supervised.stop();
// Open until the end: the members' notification mails keep arriving during the audits, and a refused one is retried.
await sink.stop();
await rm(dir, { recursive: true, force: true });

if (args.json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log(`\nLighthouse mobile, median of ${runs} runs per page (build ${join(appRoot, 'build')}):\n`);
  console.log('| page | performance | accessibility | best practices | SEO | FCP s | LCP s | TBT ms | performance per run |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const { path, runs: each, median: m } of results) {
    console.log(
      `| ${path} | ${m.performance} | ${m.accessibility} | ${m['best-practices']} | ${m.seo} | ${(m.fcpMs / 1000).toFixed(1)} | ${(m.lcpMs / 1000).toFixed(1)} | ${Math.round(m.tbtMs)} | ${each.map((s) => s.performance).join(' ')} |`,
    );
  }
}
