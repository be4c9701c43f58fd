import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import PostalMime from 'postal-mime';

// The e2e server has no SMTP_URL, so the dev mailer writes every message here.
const outbox = resolve(import.meta.dirname, '../../.artifacts/e2e-data/data/outbox');

type Mail = { to: string; subject: string; text: string };

type Parsed = { to: string[]; subject: string; text: string };

/**
 * Each message of the outbox, parsed once per worker: the dev mailer writes a file whole
 * (a temp file and a rename) and never changes it, and a late test would otherwise parse
 * hundreds of messages every 100 ms while it waits for its code.
 */
const parsedMails = new Map<string, Promise<Parsed>>();

async function parse(name: string): Promise<Parsed> {
  const parsed = await PostalMime.parse(await readFile(join(outbox, name), 'utf8'));
  const to = (parsed.to ?? []).flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : []));
  return { to, subject: parsed.subject ?? '', text: parsed.text ?? '' };
}

async function mailsTo(address: string): Promise<Mail[]> {
  const names = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
  const mails: Mail[] = [];
  for (const name of names) {
    let parsed = parsedMails.get(name);
    if (!parsed) parsedMails.set(name, (parsed = parse(name)));
    const { to, subject, text } = await parsed;
    if (to.includes(address.toLowerCase())) mails.push({ to: address, subject, text });
  }
  return mails;
}

/** Waits for the newest message to `address` after `seen` earlier ones. */
export async function waitForMail(address: string, seen = 0, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length > seen) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} in the dev outbox`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

export async function countMails(address: string): Promise<number> {
  return (await mailsTo(address)).length;
}

export function codeFrom(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error('No code in the mail');
  return code;
}
