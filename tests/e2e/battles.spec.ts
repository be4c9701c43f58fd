import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { signInAsNewMember } from './support/sign-in';

// Rig Battles, with and without JavaScript. Other tests list builds meanwhile, so a pair
// may be any two listed builds; new builds join battles at the refit a few seconds after
// they are listed, so the page is opened until it shows a pair.
test.describe.configure({ timeout: 90_000 });

async function openBattle(page: Page, javaScriptEnabled: boolean) {
  await expect(async () => {
    await page.goto('/battles');
    await expect(page.getByRole('heading', { name: 'Which rig is better?' })).toBeAttached({ timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  await hydrated(page, javaScriptEnabled);
}

test('a member picks the better rig blind, sees whose they were, and goes on to the next battle', async ({
  page,
  builds,
  javaScriptEnabled,
}, info) => {
  const stamp = `${info.project.name} ${Date.now()}`;
  const titles = [`Blind rig one ${stamp}`, `Blind rig two ${stamp}`];
  for (const title of titles) await builds.someoneElses(title);
  await signInAsNewMember(page, `${info.project.name}-battler`);
  // Listing a build brings a new member to level 2, where battle votes open.
  await builds.post(`Battler's own rig ${stamp}`);

  await openBattle(page, javaScriptEnabled);
  const battle = page.getByRole('region', { name: 'Which rig is better?' });
  await expect(battle.getByRole('img')).toHaveCount(2);
  for (const title of titles) await expect(page.getByText(title)).toHaveCount(0);
  await expect(page.getByText(`Battler's own rig ${stamp}`)).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  if (javaScriptEnabled) {
    // The arrow key picks A, and the reveal comes without a full reload.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.keyboard.press('ArrowLeft');
  } else {
    await battle.getByRole('button', { name: 'Pick A' }).click();
  }
  await expect(page).toHaveURL(/\/battles\?after=\d+-\d+$/);
  const reveal = page.getByRole('region', { name: /here is who they are/ });
  await expect(reveal.getByText('Your pick')).toBeVisible();
  await expect(reveal.getByRole('heading', { level: 3 })).toHaveCount(2);
  await expect(reveal.getByRole('link', { name: /^@/ })).toHaveCount(2);
  await expect(reveal.getByText(/in battles|Not ranked yet/)).toHaveCount(2);
  if (javaScriptEnabled) {
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(page.getByRole('link', { name: 'Next battle' })).toBeFocused();
  }

  await page.getByRole('link', { name: 'Next battle' }).click();
  await expect(page).toHaveURL(/\/battles$/);
  await expect(
    page.getByRole('heading', { name: 'Which rig is better?' }).or(page.getByText('No battles left for you right now.')),
  ).toBeVisible();
});

test('a guest sees a pair and is asked to sign in to vote', async ({ page, builds, javaScriptEnabled }, info) => {
  const stamp = `${info.project.name} ${Date.now()}`;
  await builds.someoneElses(`Guest rig one ${stamp}`);
  await builds.someoneElses(`Guest rig two ${stamp}`);
  await openBattle(page, javaScriptEnabled);
  await expect(page.getByRole('link', { name: 'Sign in to vote' })).toHaveAttribute('href', '/auth?redirectTo=%2Fbattles');
  await expect(page.getByRole('button', { name: /Pick/ })).toHaveCount(0);
});

test('the battle rankings say how sure each place is', async ({ page, javaScriptEnabled }) => {
  await page.goto('/battles/leaderboard');
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Battle Rankings');
  const rows = page.getByRole('list', { name: 'Battle rankings' }).getByRole('listitem');
  // Other specs' votes may be in and not yet fitted: the empty board says which.
  await expect(rows.or(page.getByText(/^(No battle votes yet|The first votes are in)/))).not.toHaveCount(0);
  if ((await rows.count()) > 0) await expect(rows.first()).toContainText(/How sure: (still settling|fairly sure|sure)/);
  await page.getByRole('link', { name: 'Vote in Rig Battles' }).click();
  await expect(page).toHaveURL(/\/battles$/);
});
