import type { Browser, Page } from './browser';
import { extractCode, type SmtpSink } from './smtp-sink';

/** Signs `browser` in as `email` through the real forms, reading the code from the sink. */
export async function signInWithCode(browser: Browser, sink: SmtpSink, email: string, redirectTo = ''): Promise<Page> {
  let after = sink.messages.filter((mail) => mail.to.includes(email)).length;
  await browser.post('/auth', { intent: 'request-code', email, tab: 'login', redirectTo });
  // The member's other mail (a notification digest) may arrive first: the code is in the first mail that has one.
  let mail = await sink.waitForMail(email, { after });
  while (!/\b\d{6}\b/.test(mail.text)) mail = await sink.waitForMail(email, { after: ++after });
  return browser.post('/auth?step=code', { intent: 'verify', code: extractCode(mail), tab: 'login', redirectTo });
}
