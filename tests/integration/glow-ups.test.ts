import { describe, expect, it } from 'vitest';
import { type Browser, pageText } from '#tests/support/browser';
import { call, expectContract, expectError } from '#tests/support/api';
import { sharedStack } from '#tests/support/stack';
import { hideBuild } from '#tests/support/moderation';
import { openAppDatabase, readRow } from '#tests/support/test-database';
import { aBuildBy, testPhoto } from '#tests/support/uploads';
import { waitFor } from '#tests/support/wait';

// SCREENING is off in the test stack: a build is listed at once, and the built-in roaster writes its roast.
const stack = sharedStack();

const count = (sql: string, ...params: unknown[]) => readRow<{ n: number }>(stack.app.databasePath, sql, ...params).n;

/** The owner's confirmed parts list, as the edit page makes it. */
async function confirmParts(owner: Browser, buildId: number, parts: [string, string][]) {
  for (const [category, name] of parts) await owner.post(`/build/${buildId}/edit`, { intent: 'save-part', category, name });
}

async function confirmedParts(browser: Browser, buildId: number) {
  const { body } = await call(browser, 'GET', `/api/builds/${buildId}`);
  return (body as { parts: { category: string; name: string; status: string }[] }).parts
    .filter((part) => part.status === 'confirmed')
    .map(({ category, name }) => [category, name]);
}

/** Posts the upload form as a browser without JavaScript does: the photo, the title and whatever else `fields` holds. */
async function postUpload(browser: Browser, path: string, fields: Record<string, string>) {
  const body = new FormData();
  body.set('intent', 'upload');
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set('image', new Blob([await testPhoto('jpeg', 640, 480)], { type: 'image/jpeg' }), 'after.jpg');
  return browser.request(path, { method: 'POST', body, headers: { Origin: browser.origin } });
}

describe('posting a glow-up (no JavaScript)', () => {
  it('presets the upload form from the earlier build and publishes the glow-up with the parts list as changed', async () => {
    const owner = await stack.member();
    const earlier = await aBuildBy(owner, 'Budget box');
    await confirmParts(owner, earlier, [
      ['GPU', 'RTX 3060'],
      ['CPU', 'Ryzen 5 5600X'],
    ]);

    const build = (await owner.get(`/build/${earlier}`)).html;
    expect(build).toContain(`href="/upload?glowUpOf=${earlier}"`);
    const form = await owner.get(`/upload?glowUpOf=${earlier}`);
    expect(form.status).toBe(200);
    expect(pageText(form.html)).toContain('Post a glow-up');
    expect(form.html).toContain(`name="glowUpOf" value="${earlier}"`);
    expect(form.html).toMatch(/name="title"[^>]*value="Budget box"/);
    expect(form.html).toMatch(/name="parts\[0\]\.name"[^>]*value="RTX 3060"/);
    expect(form.html).toMatch(/name="parts\[1\]\.name"[^>]*value="Ryzen 5 5600X"/);

    const posted = await postUpload(owner, `/upload?glowUpOf=${earlier}`, {
      title: 'Budget box, glowed up',
      glowUpOf: String(earlier),
      'parts[0].category': 'GPU',
      'parts[0].name': 'RX 7800 XT',
      'parts[1].category': 'CPU',
      'parts[1].name': 'Ryzen 5 5600X',
      'parts[2].category': 'PSU',
      'parts[2].name': 'Corsair RM850x',
      'parts[3].category': 'other',
      'parts[3].name': '',
    });
    const page = await owner.follow(posted, '/upload');
    expect(page.url).toMatch(/^\/build\/\d+$/);
    const glowUp = Number(page.url.split('/').pop());
    expect(count('SELECT glow_up_of AS n FROM builds WHERE id = ?', glowUp)).toBe(earlier);
    expect(await confirmedParts(owner, glowUp)).toEqual([
      ['GPU', 'RX 7800 XT'],
      ['CPU', 'Ryzen 5 5600X'],
      ['PSU', 'Corsair RM850x'],
    ]);
  });

  it("refuses a glow-up of another member's build, or of none, with a clear message, and publishes nothing", async () => {
    const owner = await stack.member();
    const earlier = await aBuildBy(owner, 'Not yours');
    const stranger = await stack.member();
    const strangerId = ((await call(stranger, 'GET', '/api/user')).body as { id: number }).id;

    const form = await stranger.get(`/upload?glowUpOf=${earlier}`);
    expect(form.status).toBe(403);
    expect(pageText(form.html)).toContain("that build is another member's");
    expect(form.html).not.toContain('name="glowUpOf"');

    const forged = await postUpload(stranger, '/upload', { title: 'Stolen glow', glowUpOf: String(earlier) });
    expect(forged.status).toBe(403);
    expect(pageText(await forged.text())).toContain("that build is another member's");
    expect((await stranger.get(`/upload?glowUpOf=999999999`)).status).toBe(404);
    // An id spelt any other way than links write it is no build.
    for (const spelling of ['0', '010', '1e1', ' 1', '-1', '9'.repeat(30)]) {
      const refused = await postUpload(stranger, '/upload', { title: 'Odd', glowUpOf: spelling });
      expect(refused.status).toBe(400);
      expect(pageText(await refused.text())).toContain('That build does not exist');
    }
    expect(count('SELECT count(*) AS n FROM builds WHERE user_id = ?', strangerId)).toBe(0);
  });

  it('refuses a parts list longer than a build may have, by its message, and publishes nothing', async () => {
    const owner = await stack.member();
    const ownerId = ((await call(owner, 'GET', '/api/user')).body as { id: number }).id;
    const earlier = await aBuildBy(owner, 'Many parts');
    const fields: Record<string, string> = { title: 'Too many', glowUpOf: String(earlier) };
    for (let index = 0; index < 31; index++) {
      fields[`parts[${index}].category`] = 'other';
      fields[`parts[${index}].name`] = `Fan ${index}`;
    }
    const refused = await postUpload(owner, `/upload?glowUpOf=${earlier}`, fields);
    expect(refused.status).toBe(400);
    expect(pageText(await refused.text())).toContain('A build lists at most 30 parts');
    expect(count('SELECT count(*) AS n FROM builds WHERE user_id = ?', ownerId)).toBe(1);
  });

  it('sends a guest to sign in first', async () => {
    const guest = stack.browser();
    const response = await guest.request('/upload?glowUpOf=1');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/auth\?redirectTo=%2Fupload%3FglowUpOf%3D1/);
  });
});

describe("a glow-up's story on the build pages", () => {
  it('shows before and after side by side without JavaScript, the dates, what changed and the scores, and links the earlier build forward', async () => {
    const owner = await stack.member();
    const earlier = await aBuildBy(owner, 'Story rig');
    await confirmParts(owner, earlier, [
      ['GPU', 'RTX 3060'],
      ['cooler', 'Wraith Stealth'],
    ]);
    const posted = await postUpload(owner, '/upload', {
      title: 'Story rig, after',
      glowUpOf: String(earlier),
      'parts[0].category': 'GPU',
      'parts[0].name': 'RX 7800 XT',
      'parts[1].category': 'PSU',
      'parts[1].name': 'Corsair RM850x',
    });
    const glowUp = Number((await owner.follow(posted, '/upload')).url.split('/').pop());

    const guest = stack.browser();
    const page = await guest.get(`/build/${glowUp}`);
    const text = pageText(page.html);
    expect(page.html).toContain('id="glow-up-title"');
    expect(page.html).toContain(`href="/build/${earlier}"`);
    expect(text).toMatch(/Before, \d{1,2} \w+ \d{4}/);
    expect(text).toMatch(/After, \d{1,2} \w+ \d{4}/);
    expect(text).toMatch(/GPU:\s*RTX 3060\s*→?\s*replaced by\s*RX 7800 XT/);
    expect(text).toMatch(/Added\s*PSU: Corsair RM850x/);
    expect(text).toMatch(/Removed\s*Cooler: Wraith Stealth/);
    expect(text).toContain('Before no ratings yet');
    expect(text).toContain('once each has 5 ratings');
    // Without JavaScript the two photos stand side by side, each in a figure with its caption; no slider.
    const story = page.html.slice(page.html.indexOf('id="glow-up"'));
    expect(story.match(/<figure[^>]*>\s*<picture/g)).toHaveLength(2);
    expect(page.html).not.toContain('type="range"');

    const before = await guest.get(`/build/${earlier}`);
    expect(pageText(before.html)).toContain('Glowed up since');
    expect(before.html).toContain(`href="/build/${glowUp}"`);

    // The API tells the same story.
    const after = await call(guest, 'GET', `/api/builds/${glowUp}`);
    expectContract('GET', `/api/builds/${glowUp}`, after.body);
    expect(after.body).toMatchObject({ glowUpOf: earlier, glowUps: [] });
    expect((await call(guest, 'GET', `/api/builds/${earlier}`)).body).toMatchObject({ glowUpOf: null, glowUps: [glowUp] });
  });

  it('leaves out a glow-up the viewer may not see', async () => {
    const owner = await stack.member();
    const earlier = await aBuildBy(owner, 'Seen rig');
    const posted = await postUpload(owner, '/upload', { title: 'Hidden after', glowUpOf: String(earlier) });
    const glowUp = Number((await owner.follow(posted, '/upload')).url.split('/').pop());
    hideBuild(stack.app.databasePath, glowUp);
    const page = await stack.browser().get(`/build/${earlier}`);
    expect(page.html).not.toContain('id="glow-up-title"');
    expect(page.html).not.toContain(`href="/build/${glowUp}"`);
    expect((await owner.get(`/build/${earlier}`)).html).toContain(`href="/build/${glowUp}"`);
  });
});

/** Sets a build's average and number of ratings straight in the running server's database, as many members' ratings would. */
function rated(buildId: number, averageRating: number, ratingCount: number) {
  const sqlite = openAppDatabase(stack.app.databasePath);
  try {
    sqlite.prepare('UPDATE builds SET average_rating = ?, rating_count = ? WHERE id = ?').run(averageRating, ratingCount, buildId);
  } finally {
    sqlite.close();
  }
}

describe('best glow-ups and rig timelines', () => {
  it('ranks a glow-up by improvement on /glow-ups (linked from the rankings) and GET /api/glow-ups, and the member page tells the rig', async () => {
    const owner = await stack.member();
    const { username } = (await call(owner, 'GET', '/api/user')).body as { username: string };
    const earlier = await aBuildBy(owner, 'Ranked rig');
    const posted = await postUpload(owner, '/upload', { title: 'Ranked rig, after', glowUpOf: String(earlier) });
    const glowUp = Number((await owner.follow(posted, '/upload')).url.split('/').pop());
    const guest = stack.browser();
    expect(pageText((await guest.get('/glow-ups')).html)).not.toContain('Ranked rig, after');

    rated(earlier, 1.5, 6);
    rated(glowUp, 4.75, 8);
    expect((await guest.get('/leaderboard')).html).toContain('href="/glow-ups"');
    const page = await guest.get('/glow-ups');
    expect(page.status).toBe(200);
    expect(page.html).toContain(`href="/build/${glowUp}"`);
    expect(pageText(page.html)).toMatch(/Ranked rig, after\s*\+3\.3/);
    expect(pageText(page.html)).toContain('5 ratings or more');
    expect((await guest.get('/glow-ups?page=999')).status).toBe(404);

    const api = await call(guest, 'GET', '/api/glow-ups');
    expect(api.status).toBe(200);
    expectContract('GET', '/api/glow-ups', api.body);
    const listed = (api.body as { glowUps: { before: { id: number }; after: { id: number }; improvement: number; username: string }[] })
      .glowUps;
    expect(listed.find((row) => row.after.id === glowUp)).toMatchObject({ before: { id: earlier }, username, improvement: 3.25 });
    expect((await call(guest, 'GET', '/api/glow-ups?page=0')).status).toBe(400);
    expect((await call(guest, 'GET', '/api/glow-ups?page=1e1')).status).toBe(400);

    const member = await guest.get(`/u/${username}`);
    const timeline = member.html.slice(member.html.indexOf('id="rigs-heading"'));
    expect(member.html).toContain('id="rigs-heading"');
    expect(timeline.indexOf(`href="/build/${earlier}"`)).toBeLessThan(timeline.indexOf(`href="/build/${glowUp}"`));
    expect(timeline.indexOf(`href="/build/${earlier}"`)).toBeGreaterThan(-1);
  });
});

/** The build's roast and advice once written. */
async function roastOf(browser: Browser, buildId: number) {
  return waitFor(async () => {
    const { body } = await call(browser, 'GET', `/api/builds/${buildId}`);
    const { roast, roastAdvice } = body as { roast: string; roastAdvice: string[] | null };
    return roast ? { roast, advice: roastAdvice ?? [] } : null;
  });
}

describe("a glow-up's roast", () => {
  it('knows the earlier roast and what changed, and says whether the owner listened', async () => {
    const owner = await stack.member();
    const earlier = await aBuildBy(owner, 'Budget box with an RTX 3060');
    const first = await roastOf(owner, earlier);
    expect(first.advice.join(' ')).toContain('RTX 3060');
    await confirmParts(owner, earlier, [['GPU', 'RTX 3060']]);

    const listened = await owner.follow(
      await postUpload(owner, '/upload', {
        title: 'Budget box, glowed up',
        glowUpOf: String(earlier),
        'parts[0].category': 'GPU',
        'parts[0].name': 'RX 7800 XT',
      }),
      '/upload',
    );
    const glowUp = Number(listened.url.split('/').pop());
    const roast = (await roastOf(owner, glowUp)).roast;
    expect(roast).toContain('You listened');
    expect(roast).toContain('RX 7800 XT');

    const ignored = await owner.follow(
      await postUpload(owner, '/upload', {
        title: 'Budget box, new lights',
        glowUpOf: String(earlier),
        'parts[0].category': 'GPU',
        'parts[0].name': 'RTX 3060',
        'parts[1].category': 'RAM',
        'parts[1].name': '32 GB DDR4',
      }),
      '/upload',
    );
    expect((await roastOf(owner, Number(ignored.url.split('/').pop()))).roast).toContain('You did not listen');
  });
});

describe('posting a glow-up through the API', () => {
  async function postBuild(browser: Browser, fields: Record<string, string>) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    body.set('image', new Blob([await testPhoto('jpeg', 640, 480)], { type: 'image/jpeg' }), 'after.jpg');
    const response = await browser.request('/api/builds', { method: 'POST', body });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('links the new build to an earlier one of the member, its parts list starting as the earlier confirmed one', async () => {
    const owner = await stack.member();
    const earlier = await aBuildBy(owner, 'API rig');
    await confirmParts(owner, earlier, [['GPU', 'GTX 1080']]);
    const made = await postBuild(owner, { title: 'API rig, after', glowUpOf: String(earlier) });
    expect(made.status).toBe(201);
    expectContract('POST', '/api/builds', made.body);
    const glowUp = (made.body as { id: number }).id;
    expect(count('SELECT glow_up_of AS n FROM builds WHERE id = ?', glowUp)).toBe(earlier);
    expect(await confirmedParts(owner, glowUp)).toEqual([['GPU', 'GTX 1080']]);

    const stranger = await stack.member();
    expectError(await postBuild(stranger, { title: 'Mine now', glowUpOf: String(earlier) }), 403, 'forbidden', /another member/);
    expectError(await postBuild(stranger, { title: 'Nothing', glowUpOf: '999999999' }), 404, 'not_found');
    expect((await postBuild(stranger, { title: 'Odd', glowUpOf: '1e1' })).status).toBe(400);
  });

  it('refuses odd, repeated or foreign links with a 400 or 403, publishing nothing, and chains a glow-up of a glow-up', async () => {
    const owner = await stack.member();
    const earlier = await aBuildBy(owner, 'Hostile rig');
    const ownerId = count('SELECT user_id AS n FROM builds WHERE id = ?', earlier);
    const stranger = await stack.member();
    const theirs = await aBuildBy(stranger, 'Not yours');
    for (const glowUpOf of ['', '0', '-1', '01', ' 1', '1.0', '0x1', '9'.repeat(400), 'abc'])
      expect((await postBuild(owner, { title: 'Odd link', glowUpOf })).status, glowUpOf).toBe(400);
    const repeated = new FormData();
    repeated.set('title', 'Repeated link');
    for (let i = 0; i < 50; i++) repeated.append('glowUpOf', String(i % 2 ? theirs : earlier));
    repeated.set('image', new Blob([await testPhoto('jpeg', 640, 480)], { type: 'image/jpeg' }), 'after.jpg');
    expect((await owner.request('/api/builds', { method: 'POST', body: repeated })).status).toBe(400);
    expectError(await postBuild(owner, { title: 'Theirs', glowUpOf: String(theirs) }), 403, 'forbidden');
    expect(count('SELECT count(*) AS n FROM builds WHERE user_id = ?', ownerId)).toBe(1);

    hideBuild(stack.app.databasePath, earlier);
    const afterHeld = await postBuild(owner, { title: 'Hostile rig, after', glowUpOf: String(earlier) });
    expect(afterHeld.status).toBe(201);
    const second = (afterHeld.body as { id: number }).id;
    const third = await postBuild(owner, { title: 'Hostile rig, again', glowUpOf: String(second) });
    expect(third.status).toBe(201);
    expect(count('SELECT glow_up_of AS n FROM builds WHERE id = ?', (third.body as { id: number }).id)).toBe(second);
    const board = (await call(stack.browser(), 'GET', '/api/glow-ups')).body as { glowUps: { before: { id: number } }[] };
    expect(board.glowUps.map((item) => item.before.id)).not.toContain(earlier);
    const page = await (await stack.browser().request(`/build/${second}`)).text();
    expect(page).toContain('Hostile rig, after');
    expect(page).not.toContain(`/build/${earlier}"`);
  });
});
