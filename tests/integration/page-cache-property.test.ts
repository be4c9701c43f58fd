// The page cache's one invariant, tried on many generated requests against the real
// server: a page rendered for a member is never served to anyone whose cookies differ.
// Requests mix members, guests, sessions that are over and made-up cookies, spelled
// as a browser would and as no browser would, with toasts (whose pages set cookies),
// encodings and query parameters; the cache fills as they come.
import { parse } from 'cookie-es';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Browser } from '#tests/support/browser';
import { endedSessionCookie } from '#tests/support/cookies';
import { sharedStack } from '#tests/support/stack';
import { testPhoto, uploadBuild } from '#tests/support/uploads';

const stack = sharedStack({}, { network: '192.0.4' });

type Member = { email: string; session: string; toast: string };

/** A member signed in through the real forms, with a toast waiting (set by a rating, not yet shown). */
async function member(email: string, buildId: number): Promise<Member & { browser: Browser }> {
  const browser = await stack.member(email);
  await browser.request(`/build/${buildId}`, {
    method: 'POST',
    body: new URLSearchParams({ intent: 'rate', rating: '4' }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: stack.app.origin },
    redirect: 'manual',
  });
  return { browser, email, session: browser.cookies.get('rr_session')!, toast: browser.cookies.get('toast')! };
}

describe('the page cache', () => {
  it('never serves a page rendered for a member to a request whose cookies name someone else or no one', { timeout: 120_000 }, async () => {
    const owner = await stack.member('property-owner@example.com');
    const page = await uploadBuild(owner, {
      title: 'Property rig',
      file: { bytes: await testPhoto('jpeg', 640, 480), name: 'rig.jpg', type: 'image/jpeg' },
    });
    const buildId = Number(page.url.split('/').pop());
    const members = [await member('property-alice@example.com', buildId), await member('property-bob@example.com', buildId)];
    const ended = (await endedSessionCookie(stack.app)).split('=').slice(1).join('=');

    const session = fc.constantFrom<string | undefined>(undefined, members[0]!.session, members[1]!.session, ended, 'forged');
    const toast = fc.constantFrom<string | undefined>(undefined, members[0]!.toast, members[1]!.toast, 'made-up');
    // As browsers send them, and as some parsers would still read them.
    const spelling = fc.constantFrom('=', ' =', '\t=', '= ', ' = ');
    const separator = fc.constantFrom('; ', ';', ';  ', ' ;');
    const other = fc.constantFrom<string[]>([], ['_ga=GA1.1.2'], ['rr_session=forged'], ['toast=x', '__cf_bm=abc']);
    const request = fc.record({
      session,
      toast,
      spelling,
      separator,
      other,
      othersFirst: fc.boolean(),
      path: fc.constantFrom('/', '/gallery', '/about', '/leaderboard', `/build/${buildId}`),
      query: fc.constantFrom('', '?tutorial=1', '?utm_source=x', '?count=24', '?comments=all'),
      encoding: fc.constantFrom('gzip, deflate, br, zstd', 'br', 'gzip', 'identity'),
    });

    await fc.assert(
      fc.asyncProperty(request, async (asked) => {
        const ours = [
          ...(asked.session === undefined ? [] : [`rr_session${asked.spelling}${asked.session}`]),
          ...(asked.toast === undefined ? [] : [`toast${asked.spelling}${asked.toast}`]),
        ];
        const cookies = asked.othersFirst ? [...asked.other, ...ours] : [...ours, ...asked.other];
        const header = cookies.join(asked.separator);
        const response = await stack.app.fetch(`${asked.path}${asked.query}`, {
          headers: { ...(header ? { Cookie: header } : {}), 'Accept-Encoding': asked.encoding },
        });
        const html = await response.text();
        expect(response.status).toBe(200);
        // Whom the session's reader (React Router's cookie, cookie-es underneath) finds in this header.
        const reader = header ? parse(header).rr_session : undefined;
        const visitor = members.find(({ session: value }) => parse(`rr_session=${value}`).rr_session === reader);
        // A member's e-mail address is in their own pages' data and nowhere else: it names whom a page was rendered for.
        for (const { email } of members) {
          if (email === visitor?.email) expect(html, `${email} missing from their page, ${JSON.stringify(header)}`).toContain(email);
          else expect(html, `${email} in ${asked.path}${asked.query} for ${JSON.stringify(header)}`).not.toContain(email);
        }
      }),
      { numRuns: 300 },
    );
  });
});
