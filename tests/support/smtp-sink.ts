import { type AddressInfo, createServer, type Socket } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** The envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  /** The From header's address. */
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
};

export type SmtpSink = {
  /** smtp://127.0.0.1:<port>; any user name and password in front of the host is accepted. */
  url: string;
  /** Every accepted message, oldest first. */
  messages: ReceivedMail[];
  /**
   * The next message for `to` once it has arrived: the first one, or with `after` the one
   * after that many already seen for the address.
   */
  waitForMail(to: string, options?: { timeoutMs?: number; after?: number }): Promise<ReceivedMail>;
  /** Rejects the next `count` messages with a 554 after their DATA. */
  failNext(count?: number): void;
  /** An outage: stops listening, so connections are refused, until `up()` listens on the same port again. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
};

type Waiter = { to: string; index: number; resolve: (mail: ReceivedMail) => void };

/** A real SMTP server on a free local port that keeps what it receives, for tests. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<Waiter>();
  let failures = 0;

  const mailsFor = (to: string) => messages.filter((mail) => mail.to.includes(to.toLowerCase()));

  const settle = () => {
    for (const waiter of waiters) {
      const mail = mailsFor(waiter.to)[waiter.index];
      if (mail) {
        waiters.delete(waiter);
        waiter.resolve(mail);
      }
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anyone' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          callback(Object.assign(new Error('Message rejected by the test sink'), { responseCode: 554 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        PostalMime.parse(raw).then(
          (email) => {
            const from = email.from && 'address' in email.from ? (email.from.address ?? '') : '';
            messages.push({ to, from, subject: email.subject ?? '', text: email.text ?? '', html: email.html ?? '', raw });
            callback();
            settle();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that hangs up mid-session must not crash the test run.
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, { timeoutMs = 5000, after = 0 } = {}) {
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          to,
          index: after,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((mail) => `${mail.to.join(', ')}: ${mail.subject}`).join('\n  ') || '(none)';
          reject(new Error(`No mail #${after + 1} for ${to} within ${timeoutMs} ms. Received:\n  ${seen}`));
        }, timeoutMs);
        waiters.add(waiter);
        settle();
      });
    },
    failNext(count = 1) {
      failures += count;
    },
    down() {
      return new Promise((resolve) => server.server.close(() => resolve()));
    },
    up() {
      return new Promise((resolve, reject) => {
        server.server.once('error', reject);
        server.server.listen(port, '127.0.0.1', () => {
          server.server.off('error', reject);
          resolve();
        });
      });
    },
    stop() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The 6-digit code in a mail's text part. */
export function extractCode(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No 6-digit code in the mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}

/** The first URL in a mail's text part whose path starts with `pathPrefix` (e.g. '/auth/magic'). */
export function extractLink(mail: ReceivedMail, pathPrefix: string): string {
  for (const [candidate] of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    if (URL.canParse(candidate) && new URL(candidate).pathname.startsWith(pathPrefix)) return candidate;
  }
  throw new Error(`No link to ${pathPrefix} in the mail "${mail.subject}":\n${mail.text}`);
}

/**
 * A mail server that takes connections and never says a word: a sign-in code's
 * mail waits on it until the mailer's greeting timeout. `stop()` hangs up on
 * every connection, so those waiting fail at once.
 */
export async function startSilentSmtp(): Promise<{ url: string; connections: () => number; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let accepted = 0;
  server.on('connection', () => (accepted += 1));
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => accepted,
    stop() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
