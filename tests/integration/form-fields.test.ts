import { describe, expect, it } from 'vitest';
import { FORM_MAX_FIELDS } from '~/utils/constants';
import { pageText } from '#tests/support/browser';
import { FORM_TYPE, fieldBomb, MULTIPART_TYPE, multipartBomb, watchHealth } from '#tests/support/hostile-bodies';
import { postBody } from '#tests/support/oversized-post';
import { sharedStack } from '#tests/support/stack';

const stack = sharedStack({}, { network: '198.18.40' });

/** A browser's own form post (no JavaScript), which reads the answer as a page. */
const BROWSER = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
/** Past this, an answer or a /healthz wait is a server kept busy, not a refusal. */
const SECOND = 1000;

/** Sends `body` to `path` as a guest's browser would, while /healthz is asked again and again. */
async function postWatched(path: string, body: Buffer, contentType: string) {
  const health = watchHealth(stack.app);
  try {
    const answer = await postBody(new URL(path, stack.app.origin), body, {
      headers: { ...BROWSER, 'Content-Type': contentType, Origin: stack.app.origin },
      timeoutMs: 5000,
    });
    return { ...answer, slowestHealth: health.stop() };
  } finally {
    health.stop();
  }
}

describe('a form with thousands of fields', () => {
  it.each([
    ['/forgot-password', fieldBomb(32_000)],
    ['/auth', fieldBomb(32_000, { start: 'intent=request-code&email=x%40example.com' })],
    ['/auth', fieldBomb(16_000, { start: 'intent=request-code&email=x%40example.com', values: true })],
  ])('posted to %s is refused at once with the page saying why, and /healthz stays fast meanwhile', async (path, body) => {
    const answer = await postWatched(path, body, FORM_TYPE);
    expect(answer.status).toBe(413);
    expect(pageText(answer.body)).toContain(`The form has too many fields: at most ${FORM_MAX_FIELDS}.`);
    expect(answer.body).toContain(
      '<p>Your browser’s Back button returns to the form with what you typed in it.</p><a href="">Open the form again</a>',
    );
    expect(answer.ms).toBeLessThan(SECOND);
    expect(answer.slowestHealth).toBeLessThan(SECOND);
  });

  it(`is taken with ${FORM_MAX_FIELDS} fields, one more than that is not`, async () => {
    const member = await stack.member();
    const fields = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`f${index}`, 'x']));
    const taken = await member.submit('/profile', { intent: 'bio', bio: 'Fields to spare', ...fields(FORM_MAX_FIELDS - 2) });
    expect(taken.status).toBe(302);
    const refused = await member.submit('/profile', { intent: 'bio', bio: 'One too many', ...fields(FORM_MAX_FIELDS - 1) });
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe(`The form has too many fields: at most ${FORM_MAX_FIELDS}.`);
  });
});

describe('a multipart body where no file is taken', () => {
  it.each(['/forgot-password', '/auth'])('posted to %s is refused 415 before it is parsed, and /healthz stays fast', async (path) => {
    const answer = await postWatched(path, multipartBomb(20_000), MULTIPART_TYPE);
    expect(answer.status).toBe(415);
    expect(pageText(answer.body)).toContain('This form takes no files');
    expect(answer.ms).toBeLessThan(SECOND);
    expect(answer.slowestHealth).toBeLessThan(SECOND);
  });
});
