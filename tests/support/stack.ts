import { afterAll, beforeAll } from 'vitest';
import { type AppProcess, startApp } from './app-process';
import { Browser } from './browser';
import { sharedForFile } from './shared-for-file';
import { signInWithCode } from './sign-in';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

export type Stack = {
  app: AppProcess;
  mail: SmtpSink;
  /** A new browser from an address of its own (sent as X-Forwarded-For: the stack trusts the proxy). */
  browser(): Browser;
  /** A new browser signed in through the real forms, as `email` or as a new member. */
  member(email?: string): Promise<Browser>;
  /** Starts the server again on its data folder, after `app.stop(signal, { keepData: true })`. */
  startAgain(): Promise<void>;
  /** Stops the server (deleting its data) and the SMTP sink. */
  stop(): Promise<void>;
};

export type StackOptions = {
  /** The first three parts of the addresses browsers come from; each file's server has its own rate limits. */
  network?: string;
  /** Starts on an earlier server's data folder (stopped with keepData). */
  dataDir?: string;
  /** Runs a copy of the build of its own (startApp), for a test that plants files among it. */
  ownBuild?: boolean;
};

/**
 * The built server with an SMTP sink it sends its mail to, trusting the proxy
 * header so each browser has its own address; `env` adds to or overrides that.
 */
export async function startStack(
  env: Record<string, string> = {},
  { network = '198.51.100', dataDir, ownBuild }: StackOptions = {},
): Promise<Stack> {
  const mail = await startSmtpSink();
  const start = (on?: string) => startApp({ SMTP_URL: mail.url, TRUST_PROXY: 'true', ...env }, { dataDir: on, ownBuild });
  let app: AppProcess;
  try {
    app = await start(dataDir);
  } catch (error) {
    await mail.stop();
    throw error;
  }
  let browsers = 0;
  let members = 0;
  const browser = () => new Browser(app, `${network}.${(browsers++ % 254) + 1}`);
  return {
    get app() {
      return app;
    },
    mail,
    browser,
    async member(email = `member${++members}-${Date.now()}@example.com`) {
      const signedIn = browser();
      await signInWithCode(signedIn, mail, email);
      return signedIn;
    },
    async startAgain() {
      app = await start(app.dataDir);
    },
    async stop() {
      await app.stop();
      await mail.stop();
    },
  };
}

/**
 * `startStack` for a whole test file: starts before its first test and stops after
 * its last. Read `app` and `mail` inside tests and hooks, once it is running.
 */
export function sharedStack(env: Record<string, string> = {}, options: StackOptions = {}): Stack {
  return sharedForFile('stack', () => startStack(env, options));
}

/** The built server alone, for a whole test file, for tests that send no mail. */
export function sharedApp(env: Record<string, string> = {}, options: { freshDatabase?: boolean } = {}): { readonly app: AppProcess } {
  let app: AppProcess | undefined;
  beforeAll(async () => {
    app = await startApp(env, options);
  });
  afterAll(async () => {
    await app?.stop();
  });
  return {
    get app() {
      if (!app) throw new Error('The app starts in beforeAll: use it inside a test or a hook');
      return app;
    },
  };
}
