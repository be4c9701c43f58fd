import { notificationsEmail, weeklyDigestEmail } from '~/services/mail-templates.server';
import { BUILD_TITLE_MAX_LENGTH } from '~/utils/schemas';
import { COMMENT_MAX_LENGTH, USERNAME_MAX_LENGTH } from '~/utils/constants';
import { expect, test } from './fixtures';
import { layoutProblems, WIDTHS } from './support/layout';

/**
 * The mails that carry members' words (the weekly digest, notifications), written with
 * the longest one-word title, username and comment the forms allow, opened in a phone's
 * and a desktop's window as a mail app shows their HTML: nothing may make them scroll
 * sideways, and no link may leave the window.
 */

const word = (length: number) => 'W'.repeat(length);
const arabicWord = (length: number) => 'كلمةطويلةجدا'.repeat(Math.ceil(length / 12)).slice(0, length);
const title = word(BUILD_TITLE_MAX_LENGTH);
const username = word(USERNAME_MAX_LENGTH);
const links = { origin: 'https://rigroast.example', unsubscribe: 'https://rigroast.example/u', settings: 'https://rigroast.example/s' };
const build = (id: number) => ({ id, title: id % 2 ? title : arabicWord(BUILD_TITLE_MAX_LENGTH), username });

const MAILS = {
  'weekly digest': weeklyDigestEmail({
    username,
    links,
    digest: {
      kind: 'digest',
      week: '2026-W48',
      topBuilds: [1, 2, 3, 4, 5].map((id) => ({ ...build(id), votes: 12, average: 4.5 })),
      topRoasts: [1, 2].map((id) => ({ ...build(id), landed: 9, opening: word(200) })),
      results: [{ id: 1, title: arabicWord(100), winner: { ...build(1), prize: word(200) } }],
      battleWinners: [1, 2].map((id) => ({ ...build(id), wins: 20, votes: 30 })),
      battleMovers: [1, 2].map((id) => ({ ...build(id), from: 120, to: 3 })),
      glowUps: [1, 2].map((id) => ({ ...build(id), improvement: 2.5, before: { id: 9, title } })),
    },
  }),
  notifications: notificationsEmail({
    username,
    links,
    items: [
      { kind: 'comment', buildId: 1, buildTitle: title, commentId: 2, author: username, excerpt: word(COMMENT_MAX_LENGTH), reply: false },
      { kind: 'reply', buildId: 1, buildTitle: arabicWord(BUILD_TITLE_MAX_LENGTH), commentId: 3, author: username, excerpt: word(200) },
    ],
  }),
};

for (const [name, mail] of Object.entries(MAILS)) {
  test(`the ${name} mail with the longest words fits a phone and a desktop window`, async ({ page }, info) => {
    test.skip(info.project.name !== 'js', 'a mail is looked at once; mail apps run no scripts either way');
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      await page.setContent(mail.html);
      problems.push(...(await layoutProblems(page)).map((problem) => `at ${width} px: ${problem}`));
      await page.screenshot({ path: info.outputPath(`${name.replace(' ', '-')}-${width}.png`), fullPage: true });
    }
    expect(problems).toEqual([]);
  });
}
