import { expect, hydrated, test } from './fixtures';
import { aMemberWithABuild } from './support/builds';
import { countMails, waitForMail } from './support/outbox';
import { signInAsNewMember, toasts } from './support/sign-in';

test('the e-mail switches in Settings save, by keyboard, with and without JavaScript', async ({ page, javaScriptEnabled }, info) => {
  await signInAsNewMember(page, info.project.name);
  await page.goto('/profile?tab=settings');
  await hydrated(page, javaScriptEnabled);
  const form = page.getByRole('form', { name: 'E-mail preferences' });
  const digest = form.getByRole('switch', { name: 'Weekly digest' });
  const notifications = form.getByRole('switch', { name: 'Notifications' });
  await expect(digest).toBeChecked();
  await expect(notifications).toBeChecked();
  // News and offers is off until the member turns it on: nothing is sent before they say yes.
  const news = form.getByRole('switch', { name: 'News and offers' });
  await expect(news).not.toBeChecked();
  await expect(news).toHaveAccessibleDescription(/None is sent unless you turn this on/);
  await expect(digest).toHaveAccessibleDescription('The week on RigRoast, every Monday: top builds and roasts, competition results.');

  await digest.focus();
  await page.keyboard.press('Space');
  // Without JavaScript the form is posted with its button; with it, the switch saves as it flips.
  if (!javaScriptEnabled) await form.getByRole('button', { name: 'Save e-mail preferences' }).click();
  await expect(toasts(page)).toContainText('Email preferences updated');

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Weekly digest' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Notifications' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'News and offers' })).not.toBeChecked();
});

test('News and offers reads the same in the settings and the API: off at first, on with its date once turned on, off again', async ({
  page,
  javaScriptEnabled,
}, info) => {
  await signInAsNewMember(page, info.project.name);
  const api = async () =>
    (await (await page.request.get('/api/user')).json()) as { emailPreferences: { marketing: boolean }; marketingOptedInAt: string | null };
  const flip = async () => {
    await hydrated(page, javaScriptEnabled);
    await page.getByRole('switch', { name: 'News and offers' }).focus();
    await page.keyboard.press('Space');
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Save e-mail preferences' }).click();
    await expect(toasts(page)).toContainText('Email preferences updated');
    await page.reload();
  };
  await page.goto('/profile?tab=settings');
  expect(await api()).toMatchObject({ emailPreferences: { marketing: false }, marketingOptedInAt: null });

  await flip();
  const news = page.getByRole('switch', { name: 'News and offers' });
  await expect(news).toBeChecked();
  await expect(news).toHaveAccessibleDescription(/You opted in on \d{1,2} \w{3,4} \d{4}/);
  expect(await api()).toMatchObject({ emailPreferences: { marketing: true }, marketingOptedInAt: expect.any(String) });

  await flip();
  await expect(news).not.toBeChecked();
  expect(await api()).toMatchObject({ emailPreferences: { marketing: false }, marketingOptedInAt: null });
});

test('the unsubscribe link in a notification mail works signed out, after asking', async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  const { email, id } = await aMemberWithABuild(page, baseURL!, info.project.name, 'Ask');
  const seen = await countMails(email);
  // RoastBot's answer is mailed to whoever asked it.
  await page.request.post(`/build/${id}`, {
    headers: { Origin: baseURL! },
    form: { intent: 'comment', form: 'comment-new', content: '@RoastBot rate my cables' },
  });
  const mail = await waitForMail(email, seen, 20_000);
  expect(mail.subject).toMatch(/^RoastBot answered you on/);
  const link = new URL(/https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail.text)![0]);

  const stranger = await browser.newContext({ javaScriptEnabled });
  await stranger.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const signedOut = await stranger.newPage();
  await signedOut.goto(`${baseURL}${link.pathname}${link.search}`);
  await hydrated(signedOut, javaScriptEnabled);
  await expect(signedOut.getByText('Stop notification e-mails?')).toBeVisible();
  await signedOut.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(signedOut.getByRole('status')).toContainText("You're unsubscribed");
  await stranger.close();

  await page.goto('/profile?tab=settings');
  await expect(page.getByRole('switch', { name: 'Notifications' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Weekly digest' })).toBeChecked();
});
