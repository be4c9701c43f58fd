import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4789);
const ollamaPort = port + 1;
/** How long the fake Ollama takes per answer: a new build's waiting view shows for a few seconds. */
const OLLAMA_DELAY_MS = 1500;
const retries = process.env.CI ? 1 : 0;
const modes = [
  { name: 'js', use: { ...devices['Desktop Chrome'] } },
  { name: 'no-js', use: { ...devices['Desktop Chrome'], javaScriptEnabled: false } },
];
/**
 * The e2e server's ADMIN_EMAILS address for the auth spec's test of that setting: one per
 * project and attempt, since an address is sent a code at most every 30 s. Other tests
 * make admins of their own (e2e/support/sign-in.ts, signInAsNewAdmin).
 */
export const adminEmail = (project: string, attempt: number) => `admin-${project}-${attempt}@e2e.example`;
const ADMIN_EMAILS = modes.flatMap(({ name }) => Array.from({ length: retries + 1 }, (_, attempt) => adminEmail(name, attempt)));
/** The e2e server's data folder, relative to the project root. */
export const E2E_DATA = 'tests/.artifacts/e2e-data';
/** Its database, for tests that write straight into it. */
export const E2E_DATABASE = resolve(import.meta.dirname, '..', E2E_DATA, 'sqlite.db');
/**
 * The server for the spec about the one line of roasts, which counts the places in it
 * (roast-queue.spec.ts): a second server of its own, on the next port but one and a
 * database of its own, so no other test's roast stands in its line and it runs beside
 * them rather than after them all. It runs in the e2e data folder, so its sign-in codes
 * land in the same dev outbox.
 */
export const ROAST_LINE_PORT = port + 2;
const ROAST_LINE_DATA = 'roast-line';
/** That server's database, for the spec that puts builds in its line. */
export const ROAST_LINE_DATABASE = resolve(import.meta.dirname, '..', E2E_DATA, ROAST_LINE_DATA, 'sqlite.db');
/**
 * The Chromium to drive: CHROMIUM_PATH, else Debian's headless shell (the build Playwright
 * itself runs headless tests on: the same Blink without the desktop browser around it, at
 * about half the CPU per page, which on two cores is most of the suite's time), else the
 * full browser, else Playwright's own.
 */
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

/** What both e2e servers run with, besides where they listen and keep their data. */
const serverEnv = {
  HOST: '127.0.0.1',
  ADMIN_EMAILS: ADMIN_EMAILS.join(','),
  LOG_LEVEL: 'warn',
  // Tests tell their own client address in X-Forwarded-For (see e2e/fixtures.ts).
  TRUST_PROXY: 'true',
  // Roasts from a vision model: the fake Ollama above, a real HTTP server. The
  // built-in roaster and the screening models are covered by the integration tests.
  ROAST_PROVIDER: 'ollama',
  OLLAMA_HOST: `http://127.0.0.1:${ollamaPort}`,
  SCREENING: 'off',
  JOB_POLL_MS: '200',
  // As many roasts at once as the settings allow, since the fake answers every request
  // at once, unlike a CPU host: a spec that posts a gallery's worth of builds (24 in
  // gallery.spec.ts, 13 in public-member-pages.spec.ts) leaves a line of roasts that,
  // four at a time, kept the next tests' roasts waiting 20-30 s.
  JOB_CONCURRENCY: '16',
  OLLAMA_CONCURRENCY: '16',
  // Notification mails gather for a second instead of five minutes.
  NOTIFY_BATCH_MS: '1000',
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './.artifacts/results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries,
  // Most of a test's time is waiting (the fake model's roasts, the pages' polls and
  // refreshes, the server's jobs), so four workers keep two cores busy where two left
  // them about half idle; the server and the browsers share those cores, so a check
  // waits up to 10 s for a page that a busy moment slowed.
  workers: 4,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { outputFolder: './.artifacts/report', open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // As a visitor who asked for less motion: a check reads where a page came to rest, not
    // a smooth scroll still under way on a busy machine, and no spinner repaints its page
    // sixty times a second while a test waits (about a tenth of a core each). The tests of
    // the motion itself (shell.spec.ts) ask for it.
    reducedMotion: 'reduce',
    // A trace records every action's screenshots and DOM, which costs each test about a
    // fifth more CPU: CI keeps one for a failed test's retry, a local run for each failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: modes,
  webServer: [
    {
      command: `node tests/support/fake-ollama-server.ts ${ollamaPort} ${OLLAMA_DELAY_MS}`,
      cwd: '..',
      url: `http://127.0.0.1:${ollamaPort}/api/version`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // A production build on a fresh database, as `npm start` would serve it. It runs
      // inside the data folder, so the dev mailer's ./data/outbox (where the tests read
      // sign-in codes) lands there too. SKIP_BUILD=1 serves the build already there, as
      // the integration tests do (.ci/run builds once for both).
      command: `rm -rf ${E2E_DATA} && mkdir -p ${E2E_DATA} && ${process.env.SKIP_BUILD === '1' ? '' : 'npm run build && '}cd ${E2E_DATA} && node ../../../build/server/index.js`,
      cwd: '..',
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...serverEnv, PORT: String(port), DATABASE_PATH: './sqlite.db', UPLOADS_DIR: './uploads' },
    },
    {
      // Started once the first is up: the data folder is made, and the build there.
      command: `mkdir -p ${E2E_DATA}/${ROAST_LINE_DATA} && cd ${E2E_DATA} && node ../../../build/server/index.js`,
      cwd: '..',
      url: `http://127.0.0.1:${ROAST_LINE_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv,
        PORT: String(ROAST_LINE_PORT),
        DATABASE_PATH: `./${ROAST_LINE_DATA}/sqlite.db`,
        UPLOADS_DIR: `./${ROAST_LINE_DATA}/uploads`,
      },
    },
  ],
});
