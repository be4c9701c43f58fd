import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { extractCode, extractLink, startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { setLogLevel } from './log.server';
import { emailChangedNoticeEmail, emailChangeEmail, loginCodeEmail, passwordResetEmail } from './mail-templates.server';
import { escapeHtml } from '~/utils/html';
import { createMailer, MailError, type MailMessage } from './mail.server';

const FROM = 'RigRoast <noreply@rigroast.test>';
const MAGIC_LINK = 'https://rigroast.test/auth/magic?code=123456&token=abc_DEF-9';

function loginMessage(to: string, code = '123456'): MailMessage {
  return { to, ...loginCodeEmail({ code, magicLink: MAGIC_LINK }) };
}

/** Lines written through console.log / console.error while the spies are active. */
function captureConsole() {
  const out = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const show = (arg: unknown) => (typeof arg === 'string' ? arg : JSON.stringify(arg));
  const text = (spy: typeof out) => spy.mock.calls.map((args) => args.map(show).join(' ')).join('\n');
  return { log: () => text(out), error: () => text(err) };
}

/** An smtp:// URL on which nothing listens any more. */
async function deadUrl(): Promise<string> {
  const sink = await startSmtpSink();
  await sink.stop();
  return sink.url;
}

beforeAll(() => setLogLevel('info'));
afterEach(() => vi.restoreAllMocks());

describe('SMTP mailer', () => {
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.stop();
  });

  it('delivers a multipart message with the code in both parts', async () => {
    captureConsole();
    const mailer = createMailer({ smtpUrl: sink.url, from: FROM, outboxDir: '/nonexistent' });
    await mailer.send(loginMessage('Ada@Example.com', '482913'));
    mailer.close();

    const mail = await sink.waitForMail('ada@example.com');
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.from).toBe('noreply@rigroast.test');
    expect(mail.subject).toBe('Your RigRoast code: 482913');
    expect(mail.text).toContain('482913');
    expect(mail.html).toContain('482913');
    expect(extractCode(mail)).toBe('482913');
    expect(extractLink(mail, '/auth/magic')).toBe(MAGIC_LINK);
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/im);
    expect(mail.raw).toMatch(/^Date: /m);
    expect(mail.raw).toMatch(/^Message-ID: <.+@.+>/im);
    expect(mail.raw).toMatch(/^From: RigRoast <noreply@rigroast\.test>/m);
  });

  it('accepts credentials in the URL', async () => {
    captureConsole();
    const mailer = createMailer({ smtpUrl: sink.url.replace('//', '//alice:pa%40ss@'), from: FROM, outboxDir: '/nonexistent' });
    await mailer.send(loginMessage('bob@example.com'));
    mailer.close();
    expect((await sink.waitForMail('bob@example.com')).subject).toBe('Your RigRoast code: 123456');
  });

  it('waits for the next mail to the same address', async () => {
    captureConsole();
    const mailer = createMailer({ smtpUrl: sink.url, from: FROM, outboxDir: '/nonexistent' });
    const seen = sink.messages.filter((mail) => mail.to.includes('carol@example.com')).length;
    const next = sink.waitForMail('carol@example.com', { after: seen + 1 });
    await mailer.send(loginMessage('carol@example.com', '111111'));
    await mailer.send(loginMessage('carol@example.com', '222222'));
    mailer.close();
    expect(extractCode(await next)).toBe('222222');
  });

  it('rejects with a MailError when the server refuses the message', async () => {
    const output = captureConsole();
    const mailer = createMailer({ smtpUrl: sink.url, from: FROM, outboxDir: '/nonexistent' });
    sink.failNext();
    const failed = mailer.send(loginMessage('dave@example.com'));
    await expect(failed).rejects.toBeInstanceOf(MailError);
    await expect(failed).rejects.toThrow(/dave@example\.com.*554/);
    expect(output.error()).toContain('dave@example.com');

    // Only the one message failed.
    await mailer.send(loginMessage('dave@example.com', '654321'));
    mailer.close();
    expect(extractCode(await sink.waitForMail('dave@example.com'))).toBe('654321');
  });

  it('never reveals the URL credentials in errors or the log', async () => {
    const output = captureConsole();
    const mailer = createMailer({
      smtpUrl: sink.url.replace('//', '//mailuser:Sup3r%2FSecret@'),
      from: FROM,
      outboxDir: '/nonexistent',
    });
    sink.failNext();
    const error = await mailer.send(loginMessage('erin@example.com')).catch((caught: unknown) => caught);
    mailer.close();
    expect(error).toBeInstanceOf(MailError);
    const shown = `${(error as Error).message}\n${output.error()}\n${output.log()}`;
    expect(shown).toContain('127.0.0.1');
    for (const secret of ['Sup3r', 'Sup3r%2FSecret', 'Sup3r/Secret', 'mailuser:']) expect(shown).not.toContain(secret);
  });

  it('fails fast with a MailError, never synchronously, when no server listens', async () => {
    const output = captureConsole();
    const url = (await deadUrl()).replace('//', '//user:hunter22@');
    const mailer = createMailer({ smtpUrl: url, from: FROM, outboxDir: '/nonexistent' });
    let sending: Promise<void> | undefined;
    expect(() => {
      sending = mailer.send(loginMessage('frank@example.com'));
    }).not.toThrow();
    const started = Date.now();
    const error = await sending?.catch((caught: unknown) => caught);
    mailer.close();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error).toBeInstanceOf(MailError);
    expect((error as Error).message).toMatch(/frank@example\.com/);
    expect((error as Error).message).not.toContain('hunter22');
    expect(output.error()).not.toContain('hunter22');
  });
});

describe('dev mailer', () => {
  let outboxDir: string;

  beforeEach(() => {
    outboxDir = join(mkdtempSync(join(tmpdir(), 'rigroast-mail-')), 'outbox');
  });
  afterEach(() => {
    rmSync(join(outboxDir, '..'), { recursive: true, force: true });
  });

  it('writes one parseable .eml per message and logs the code', async () => {
    const output = captureConsole();
    const mailer = createMailer({ from: FROM, outboxDir });
    await mailer.send(loginMessage('Grace.H@example.com', '907311'));

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-grace\.h-example\.com\.eml$/);
    const raw = readFileSync(join(outboxDir, file ?? ''), 'utf8');
    expect(raw).not.toContain('\r\n');
    const email = await PostalMime.parse(raw);
    expect(email.subject).toBe('Your RigRoast code: 907311');
    expect(email.from).toMatchObject({ name: 'RigRoast', address: 'noreply@rigroast.test' });
    expect(email.to).toEqual([{ name: '', address: 'Grace.H@example.com' }]);
    expect(email.text).toContain('907311');
    expect(email.html).toContain('907311');
    expect(email.messageId).toMatch(/^<.+@.+>$/);
    expect(email.date).toBeTruthy();

    const logged = output.log();
    expect(logged).toContain('Your RigRoast code: 907311');
    expect(logged).toContain('Grace.H@example.com');
    expect(logged).toContain(join(outboxDir, file ?? ''));
    expect(logged).toContain(MAGIC_LINK);
    mailer.close();
  });

  it('keeps messages sent in the same moment apart', async () => {
    captureConsole();
    const mailer = createMailer({ from: FROM, outboxDir });
    await Promise.all(['100001', '100002', '100003'].map((code) => mailer.send(loginMessage('same@example.com', code))));
    mailer.close();
    const files = readdirSync(outboxDir);
    expect(files.filter((name) => name.endsWith('.eml'))).toHaveLength(3);
    expect(files).toHaveLength(3);
    const codes = files.map((name) => /\b(\d{6})\b/.exec(readFileSync(join(outboxDir, name), 'utf8'))?.[1]).sort();
    expect(codes).toEqual(['100001', '100002', '100003']);
  });

  it('rejects with a MailError when the outbox cannot be written', async () => {
    const output = captureConsole();
    // A folder inside a plain file can never be created.
    const blocker = join(outboxDir, '..', 'not-a-folder');
    writeFileSync(blocker, '');
    const mailer = createMailer({ from: FROM, outboxDir: join(blocker, 'outbox') });
    await expect(mailer.send(loginMessage('heidi@example.com'))).rejects.toBeInstanceOf(MailError);
    expect(output.error()).toContain('heidi@example.com');
    mailer.close();
  });
});

describe('templates', () => {
  it('escapes every interpolated value in the HTML', () => {
    const newEmail = '<script>x</script>@example.com';
    const mail = emailChangeEmail({ link: 'https://rigroast.test/verify-email?token=a&b="c"', newEmail });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(escapeHtml(newEmail));
    expect(mail.html).toContain('href="https://rigroast.test/verify-email?token=a&amp;b=&quot;c&quot;"');
    expect(mail.text).toContain(newEmail);

    const login = loginCodeEmail({ code: '<b>1</b>', magicLink: MAGIC_LINK });
    expect(login.html).not.toContain('<b>1</b>');

    const notice = emailChangedNoticeEmail({ newEmail });
    expect(notice.html).not.toContain('<script>');
    expect(notice.html).toContain(escapeHtml(newEmail));
  });

  it('tells the old address where the account went and what to do if it was not them', () => {
    const notice = emailChangedNoticeEmail({ newEmail: 'new@example.com' });
    expect(notice.subject).toBe('Your RigRoast e-mail address was changed');
    expect(notice.text).toContain('was changed to new@example.com');
    expect(notice.text).toContain('signed out');
    expect(notice.text).toContain("If this wasn't you");
  });

  it('refuses links that are not http(s)', () => {
    expect(() => passwordResetEmail({ link: 'javascript:alert(1)' })).toThrow(TypeError);
  });

  it('puts the magic link and the reset link verbatim on their own line of the text part', () => {
    const login = loginCodeEmail({ code: '123456', magicLink: MAGIC_LINK });
    expect(login.text.split('\n')).toContain(MAGIC_LINK);
    expect(login.text).toContain('123456');
    expect(login.text).toContain('15 minutes');
    expect(login.html).toContain('Sign in to RigRoast');
    expect(login.html).toContain(`href="${escapeHtml(MAGIC_LINK)}"`);

    const resetLink = 'https://rigroast.test/reset-password?token=Zx_9-aB';
    const reset = passwordResetEmail({ link: resetLink });
    expect(reset.subject).toBe('Reset your RigRoast password');
    expect(reset.text.split('\n')).toContain(resetLink);
    expect(reset.text).toContain('1 hour');

    const change = emailChangeEmail({ link: resetLink, newEmail: 'new@example.com' });
    expect(change.subject).toBe('Confirm your new RigRoast e-mail address');
    expect(change.text.split('\n')).toContain(resetLink);
    expect(change.text).toContain('24 hours');
  });

  it('uses no images or external resources', () => {
    for (const mail of [
      loginCodeEmail({ code: '123456', magicLink: MAGIC_LINK }),
      passwordResetEmail({ link: MAGIC_LINK }),
      emailChangeEmail({ link: MAGIC_LINK, newEmail: 'new@example.com' }),
      emailChangedNoticeEmail({ newEmail: 'new@example.com' }),
    ]) {
      expect(mail.html).not.toMatch(/<img|<link|<script|url\(|src=/i);
      expect(mail.html).toContain('You&#39;re receiving this because someone entered this address on RigRoast.');
      expect(mail.text).toContain("You're receiving this because someone entered this address on RigRoast.");
    }
  });
});
