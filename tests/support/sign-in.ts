import type { Browser, Page } from './browser';
import { extractCode, type SmtpSink } from './smtp-sink';

/** Signs `browser` in as `email` through the real forms, reading the code from the sink. */
export async function signInWithCode(browser: Browser, sink: SmtpSink, email: string, redirectTo = ''): Promise<Page> {
  const before = sink.messages.filter((mail) => mail.to.includes(email)).length;
  await browser.post('/auth', { intent: 'request-code', email, tab: 'login', redirectTo });
  const code = extractCode(await sink.waitForMail(email, { after: before }));
  return browser.post('/auth?step=code', { intent: 'verify', code, tab: 'login', redirectTo });
}
