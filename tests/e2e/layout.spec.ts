import { drawsAPage, ROUTES } from '../support/route-table';
import { expect, hydrated, test } from './fixtures';
import type { HostileSite } from './support/hostile-content';
import { layoutProblems, WIDTHS } from './support/layout';

/**
 * Every page of the route table, at a phone's width and a desktop's, as a guest, the
 * member who wrote the most hostile content the forms allow (the longest one-word
 * username, title, parts, comments, 300-character addresses, emoji, right-to-left
 * text) and an admin: nothing may scroll sideways, no control may leave the window.
 * A page added to routes.ts is opened here by itself.
 */

// One set of hostile content per worker (fixtures.ts, `hostile`): each project's tests of this file run in one.
test.describe.configure({ mode: 'default' });

/** The pages to open: every route that draws one, its parameters filled with the hostile rows. */
function pagesOf(site: HostileSite): { pattern: string; paths: string[] }[] {
  const ids: Record<string, number[]> = {
    build: [site.buildId, ...site.glowUpIds],
    users: [site.member.id],
    competitions: site.competitionIds,
  };
  return ROUTES.filter(drawsAPage).map(({ pattern }) => {
    const one = pattern
      .replace(':username', encodeURIComponent(site.member.username))
      .replace(':token', site.shareToken)
      .replace(':period?', 'week')
      // A build's photo page: its main photo, the one every build has.
      .replace(':n', '1')
      .replace('*', 'no-such-page');
    const collection = /(\w+)\/:id\b/.exec(one)?.[1];
    const paths = collection ? (ids[collection] ?? []).map((id) => one.replace(':id', String(id))) : [one];
    // Rig Battles after the member's vote: the pair revealed.
    if (pattern === '/battles') paths.push(site.revealPath);
    // A new kind of parameter needs a row to fill it with: say so rather than skip the page.
    expect(paths.length && paths.every((path) => !path.includes(':')), `fill the parameters of ${pattern}`).toBe(true);
    return { pattern, paths };
  });
}

const ROLES = ['guest', 'member', 'admin'] as const;
/** Pages the hostile member's rows fill that are theirs alone: anyone else is told they do not exist. */
const OWNERS_ONLY = new Set(['/build/:id/edit']);

for (const role of ROLES) {
  test(`every page fits a phone and a desktop window, seen by ${role === 'guest' ? 'a guest' : `the ${role}`}`, async ({
    page,
    context,
    hostile,
    javaScriptEnabled,
  }) => {
    test.setTimeout(180_000);
    if (role !== 'guest') await context.addCookies(hostile[role].storageState.cookies);
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const { pattern, paths } of pagesOf(hostile)) {
      for (const path of paths) {
        // Each page is opened once, at a phone's width, and then looked at again in a desktop's window.
        await page.setViewportSize({ width: WIDTHS[0], height: 844 });
        const response = await page.goto(path);
        // A page the hostile rows should fill that answers "not found" would pass unlooked-at: only the catch-all route
        // draws a 404, and a page of the member's own to anyone else (an admin editing their build).
        if (response?.status() === 404 && !pattern.endsWith('*') && !(role !== 'member' && OWNERS_ONLY.has(pattern))) {
          problems.push(`${path} (${pattern}) answered 404: fill its parameters with rows that exist`);
          continue;
        }
        const type = response?.headers()['content-type'] ?? '';
        if (!type.startsWith('text/html')) {
          problems.push(`${path} (${pattern}) draws a page but answered ${type || 'nothing'}`);
          continue;
        }
        // A page others redirect to (sign-in, for a guest) is looked at once.
        const landed = new URL(page.url()).pathname;
        const redirected = landed !== new URL(path, page.url()).pathname;
        if (redirected && seen.has(landed)) continue;
        seen.add(landed);
        // An error page (a build of someone else's to edit) is drawn by the root's error boundary, which marks no hydration.
        if (response!.ok()) await hydrated(page, javaScriptEnabled);
        for (const width of WIDTHS) {
          if (width !== WIDTHS[0]) await page.setViewportSize({ width, height: 800 });
          for (const problem of await layoutProblems(page)) {
            problems.push(`${path}${redirected ? ` → ${landed}` : ''} at ${width} px: ${problem}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
}
