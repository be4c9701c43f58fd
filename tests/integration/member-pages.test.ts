// Signed-in members' pages: what every visitor sees alike is read once per change
// of the data and shared; each member's own bits are theirs, and a member's page is
// kept for them alone. These tests read the same pages as several members, in
// turns, around their writes.
import { describe, expect, it } from 'vitest';
import { backgroundSettled } from '#tests/support/background';
import { Browser, pageText } from '#tests/support/browser';
import { scriptsNotAllowedByHash } from '#tests/support/csp';
import { sharedStack } from '#tests/support/stack';
import { readRow } from '#tests/support/test-database';
import { testPhoto, uploadBuild } from '#tests/support/uploads';

const stack = sharedStack({}, { network: '192.0.2' });
let people = 0;

/** A new member signed in through the real forms, with their generated username. */
async function someone(): Promise<{ browser: Browser; name: string }> {
  const email = `member-pages-${++people}@example.com`;
  const browser = await stack.member(email);
  const { username } = readRow<{ username: string }>(stack.app.databasePath, 'select username from users where email = ?', email);
  return { browser, name: username };
}

async function buildBy(owner: Browser, title: string): Promise<number> {
  const page = await uploadBuild(owner, { title, file: { bytes: await testPhoto('jpeg', 640, 480), name: 'rig.jpg', type: 'image/jpeg' } });
  return Number(page.url.split('/').pop());
}

const OWN_DELETE_BUTTON = 'aria-label="Delete"';

describe("members' pages", () => {
  it("show each member their own name, rating and buttons on the same pages, never another member's", async () => {
    const owner = await someone();
    const id = await buildBy(owner.browser, 'Shared rig');
    const [alice, bob] = [await someone(), await someone()];
    await alice.browser.post(`/build/${id}`, { intent: 'rate', rating: '5' });
    await bob.browser.post(`/build/${id}`, { intent: 'rate', rating: '2' });
    await alice.browser.post(`/build/${id}`, { intent: 'comment', form: 'comment-new', content: 'Alice was here' });

    // In turns, twice: the second round is served from what the first one read.
    for (let round = 0; round < 2; round++) {
      const alicePage = (await alice.browser.get(`/build/${id}`)).html;
      const bobPage = (await bob.browser.get(`/build/${id}`)).html;
      const ownerPage = (await owner.browser.get(`/build/${id}`)).html;

      expect(pageText(alicePage)).toContain('You rated this build 5 stars.');
      expect(pageText(alicePage)).toContain(`@${alice.name}`);
      expect(alicePage).toContain(OWN_DELETE_BUTTON);
      expect(alicePage).not.toContain(bob.name);

      expect(pageText(bobPage)).toContain('You rated this build 2 stars.');
      expect(pageText(bobPage)).toContain(`@${bob.name}`);
      expect(pageText(bobPage)).toContain('Alice was here');
      expect(bobPage).not.toContain(OWN_DELETE_BUTTON);
      expect(pageText(bobPage)).not.toContain('You rated this build 5 stars.');

      expect(pageText(ownerPage)).not.toContain('You rated this build');
      expect(ownerPage).not.toContain(OWN_DELETE_BUTTON);
      expect(ownerPage).not.toContain(bob.name);
    }

    for (const path of ['/', '/gallery']) {
      for (let round = 0; round < 2; round++) {
        const [alicePage, bobPage] = [(await alice.browser.get(path)).html, (await bob.browser.get(path)).html];
        expect(pageText(alicePage)).toContain(`@${alice.name}`);
        expect(alicePage).not.toContain(bob.name);
        expect(pageText(bobPage)).toContain(`@${bob.name}`);
        expect(bobPage).not.toContain(alice.name);
      }
    }
  });

  it("show a member's write on their next page and on everyone else's, though those pages were read just before", async () => {
    const owner = await someone();
    const id = await buildBy(owner.browser, 'Rig before the writes');
    const [alice, bob] = [await someone(), await someone()];
    for (const reader of [alice, bob]) {
      for (const path of [`/build/${id}`, '/gallery', '/']) expect((await reader.browser.get(path)).status).toBe(200);
    }

    const rated = await alice.browser.post(`/build/${id}`, { intent: 'rate', rating: '4' });
    expect(pageText(rated.html)).toContain('You rated this build 4 stars.');
    expect(pageText(rated.html)).toContain('Rated by 1 user');
    expect(pageText((await bob.browser.get(`/build/${id}`)).html)).toContain('Rated by 1 user');

    const commented = await alice.browser.post(`/build/${id}`, {
      intent: 'comment',
      form: 'comment-new',
      content: 'Fresh take on the rig',
    });
    expect(pageText(commented.html)).toContain('Fresh take on the rig');
    expect(pageText((await bob.browser.get(`/build/${id}`)).html)).toContain('Fresh take on the rig');

    await buildBy(owner.browser, 'Rig after the writes');
    expect(pageText((await alice.browser.get('/gallery')).html)).toContain('Rig after the writes');
    expect(pageText((await bob.browser.get('/')).html)).toContain('Rig after the writes');
  });

  it('are the same page whether their shared parts were drawn for this member or kept from an earlier render', async () => {
    const owner = await someone();
    const id = await buildBy(owner.browser, 'Rig drawn once');
    const [alice, bob] = [await someone(), await someone()];
    await owner.browser.post(`/build/${id}`, { intent: 'comment', form: 'comment-new', content: 'Owner says hi' });
    // Alice's write (and the page it leads to) comes last: the data changed, and only she has drawn the build page since.
    await alice.browser.post(`/build/${id}`, { intent: 'rate', rating: '5' });
    // The jobs these writes queued write too, and would have the second page drawn anew.
    await backgroundSettled(stack.app.databasePath);

    const withoutNonces = (html: string) => html.replaceAll(/nonce="[^"]*"/g, 'nonce=""');
    for (const path of [`/build/${id}`, '/gallery', '/']) {
      const first = await bob.browser.get(path);
      // Asked for in another encoding, the page is rendered for Bob again rather than served as kept for him.
      const again = await bob.browser.follow(await bob.browser.request(path, { headers: { 'Accept-Encoding': 'identity' } }), path);
      expect(again.response.headers.get('X-Page-Cache'), path).toBeNull();
      expect(first.response.headers.get('X-Shared-Regions'), path).toMatch(/drawn=[1-9]/);
      expect(again.response.headers.get('X-Shared-Regions'), path).toMatch(/^kept=[1-9]\d* drawn=0$/);
      expect(withoutNonces(again.html), path).toBe(withoutNonces(first.html));
      expect(again.html).toContain(bob.name);
      expect(again.html).not.toContain(alice.name);
    }
  });

  it('serve a member their page again as it was rendered for them, and no one else, until the data changes', async () => {
    const owner = await someone();
    const id = await buildBy(owner.browser, 'Rig kept per member');
    const [alice, bob] = [await someone(), await someone()];
    await alice.browser.post(`/build/${id}`, { intent: 'rate', rating: '5' });

    for (const path of [`/build/${id}`, '/gallery', '/', '/leaderboard', '/competitions']) {
      const first = await alice.browser.get(path);
      const again = await alice.browser.get(path);
      expect(first.response.headers.get('X-Page-Cache'), path).toBeNull();
      expect(again.response.headers.get('X-Page-Cache'), path).toBe('hit');
      expect(again.html, path).toBe(first.html);
      // Sent again, so its inline scripts are allowed by hash: a nonce would be used twice.
      const csp = again.response.headers.get('Content-Security-Policy') ?? '';
      expect(csp, path).toBe(first.response.headers.get('Content-Security-Policy'));
      expect(csp, path).not.toContain('nonce-');
      expect(scriptsNotAllowedByHash(again.html, csp), path).toEqual([]);

      const bobs = await bob.browser.get(path);
      expect(bobs.response.headers.get('X-Page-Cache'), path).toBeNull();
      expect(pageText(bobs.html), path).toContain(`@${bob.name}`);
      expect(bobs.html, path).not.toContain(alice.name);
    }
    expect(pageText((await alice.browser.get(`/build/${id}`)).html)).toContain('You rated this build 5 stars.');

    await alice.browser.post(`/build/${id}`, { intent: 'rate', rating: '3' });
    const after = await alice.browser.get(`/build/${id}`);
    expect(pageText(after.html)).toContain('You rated this build 3 stars.');
    expect(pageText(after.html)).not.toContain('You rated this build 5 stars.');
  });

  it("render a member's own pages for every request, with the response's nonce", async () => {
    const alice = await someone();
    for (const path of ['/profile', '/upload']) {
      await alice.browser.get(path);
      const again = await alice.browser.get(path);
      expect(again.status, path).toBe(200);
      expect(again.response.headers.get('X-Page-Cache'), path).toBeNull();
      const nonce = /'nonce-([^']+)'/.exec(again.response.headers.get('Content-Security-Policy') ?? '')?.[1];
      expect(nonce, path).toBeTruthy();
      expect(again.html, path).toContain(`nonce="${nonce}"`);
    }
  });

  it('stop knowing a member the moment they log out, though their session was read a moment before', async () => {
    const alice = await someone();
    expect(pageText((await alice.browser.get('/')).html)).toContain(`@${alice.name}`);
    const copy = new Browser(stack.app, '192.0.2.250');
    for (const [name, value] of alice.browser.cookies) copy.cookies.set(name, value);
    expect(pageText((await copy.get('/gallery')).html)).toContain(`@${alice.name}`);

    await alice.browser.post('/logout', {});
    const after = await copy.get('/gallery');
    expect(after.html).not.toContain(alice.name);
    expect(pageText(after.html)).toContain('Log in');
  });

  it("are never kept as everyone's page, however the Cookie header is spelled, and are marked private", async () => {
    const alice = await someone();
    await alice.browser.get('/');
    const spelled = (between: string) => [...alice.browser.cookies].map(([name, value]) => `${name}${between}${value}`).join(';');
    const guest = stack.browser();
    // Spellings a cookie parser may read as the member's cookies: a space or tab before or after "=", another cookie first.
    for (const cookie of [spelled(' ='), spelled('\t='), spelled('= '), `_ga=1;${spelled(' =')}`]) {
      for (const path of ['/gallery', '/about', '/leaderboard']) {
        const rendered = await guest.request(path, { headers: { Cookie: cookie } });
        const html = await rendered.text();
        const everyone = await guest.get(path);
        expect(everyone.html, `${path} after ${JSON.stringify(cookie)}`).not.toContain(alice.name);
        if (html.includes(alice.name)) expect(rendered.headers.get('Cache-Control') ?? '', `${path} ${cookie}`).toMatch(/private/);
      }
    }
    for (const path of ['/gallery', '/profile', `/`]) {
      expect((await alice.browser.get(path)).response.headers.get('Cache-Control') ?? '', path).toMatch(/private/);
    }
  });
});
