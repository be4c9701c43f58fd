import { randomUUID } from 'node:crypto';
import { existsSync, renameSync } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import { env } from './env.server';
import { log } from './log.server';
import { mailsSent } from './metrics.server';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
};

/** A message could not be handed over to the mail server (or, without SMTP_URL, to the outbox). */
export class MailError extends Error {
  override name = 'MailError';
}

export type MailerOptions = {
  /** smtp:// or smtps:// URL with optional credentials; unset selects the dev mailer. */
  smtpUrl?: string;
  from: string;
  /** Where the dev mailer writes its .eml files. */
  outboxDir: string;
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

// A dead or black-holed server must fail a sign-in request within seconds, not
// after nodemailer's defaults (2 minutes for the greeting, 10 for the socket).
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
  dnsTimeout: 10_000,
};

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : devMailer(options.from, options.outboxDir);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    // URL's own error carries the input, password included.
    throw new MailError('SMTP_URL is not a valid URL such as smtp://user:pass@mail.example.com:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new MailError('SMTP_URL must start with smtp:// or smtps://');
  }
  const secure = url.protocol === 'smtps:';
  const server = `${url.hostname}:${url.port || (secure ? 465 : 587)}`;
  const secrets = credentialsOf(url);
  // Timeouts first: parameters in the URL's query string (?socketTimeout=…) still win.
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: smtpUrl });

  return {
    async send(message) {
      try {
        const info = await transport.sendMail(compose(from, message));
        log.info(`Mail to ${message.to} accepted by ${server} (${info.messageId})`);
      } catch (error) {
        const reason = redact(describe(error), secrets);
        const failure = new MailError(`Could not send mail to ${message.to} through ${server}: ${reason}`);
        log.error(failure.message, smtpDetails(error, secrets));
        throw failure;
      }
    },
    close() {
      transport.close();
    },
  };
}

function devMailer(from: string, outboxDir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      let file: string;
      try {
        const info = await transport.sendMail(compose(from, message));
        if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport returned no buffer');
        file = await writeAtomically(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${slug(message.to)}`, info.message);
      } catch (error) {
        const failure = new MailError(`Could not write mail to ${message.to} into ${outboxDir}: ${describe(error)}`);
        log.error(failure.message);
        throw failure;
      }
      log.info(
        [
          'Mail (dev mailer: SMTP_URL is not set, nothing was sent)',
          `  To:      ${message.to}`,
          `  Subject: ${message.subject}`,
          `  File:    ${file}`,
          '',
          message.text.replace(/^/gm, '  | '),
        ].join('\n'),
      );
    },
    close() {
      transport.close();
    },
  };
}

/** Both parts, so every client has something to show; nodemailer adds Date and Message-ID. */
function compose(from: string, message: MailMessage) {
  return { from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers };
}

/**
 * Writes `<dir>/<base>.eml` (or `<base>-2.eml`, … when taken) through a temp file and a
 * rename, so a reader of the outbox never sees half a message. Returns the file's path.
 */
async function writeAtomically(dir: string, base: string, content: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${base}.${randomUUID()}.tmp`);
  await writeFile(temp, content, { flag: 'wx' });
  try {
    // No await between choosing the name and the rename, so two messages sent in the
    // same millisecond by this process cannot pick the same file.
    let file = join(dir, `${base}.eml`);
    for (let n = 2; existsSync(file); n++) file = join(dir, `${base}-${n}.eml`);
    renameSync(temp, file);
    return resolve(file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/** `Ada.L+test@Example.com` → `ada.l-test-example.com`, safe as part of a file name everywhere. */
function slug(address: string): string {
  const cleaned = address
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return cleaned || 'recipient';
}

/** The user name and password of an SMTP URL, as written and percent-decoded. */
function credentialsOf(url: URL): string[] {
  const parts = [url.username, url.password].filter(Boolean);
  const decoded = parts.map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
  // Longest first, so a password that contains the user name is hidden whole.
  return [...new Set([...parts, ...decoded])].sort((a, b) => b.length - a.length);
}

function redact(text: string, secrets: string[]): string {
  return secrets.reduce((result, secret) => result.replaceAll(secret, '***'), text);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** nodemailer's error fields worth logging; never the error itself, whose fields are not ours to vet. */
function smtpDetails(error: unknown, secrets: string[]): Record<string, string | number> | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const details: Record<string, string | number> = {};
  for (const key of ['code', 'command', 'responseCode', 'response'] as const) {
    const value: unknown = (error as Record<string, unknown>)[key];
    if (typeof value === 'number') details[key] = value;
    else if (typeof value === 'string') details[key] = redact(value, secrets);
  }
  return Object.keys(details).length > 0 ? details : undefined;
}

let processMailer: Mailer | undefined;

/** Sends through the process-wide mailer configured by SMTP_URL and MAIL_FROM. */
export async function sendMail(message: MailMessage): Promise<void> {
  processMailer ??= createMailer({
    smtpUrl: env().SMTP_URL,
    from: env().MAIL_FROM,
    outboxDir: resolve('data/outbox'),
  });
  try {
    await processMailer.send(message);
    mailsSent.inc({ result: 'sent' });
  } catch (error) {
    mailsSent.inc({ result: 'failed' });
    throw error;
  }
}
