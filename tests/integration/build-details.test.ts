import { describe, expect, it } from 'vitest';
import { type Browser, pageText, toastText } from '#tests/support/browser';
import { call, expectContract, expectError } from '#tests/support/api';
import { hideBuild, holdExtraPhotos } from '#tests/support/moderation';
import { sharedStack } from '#tests/support/stack';
import { testPhoto } from '#tests/support/uploads';
import { readRow } from '#tests/support/test-database';
import { waitFor } from '#tests/support/wait';

// SCREENING is off in the test stack: extra photos are approved at once. The built-in roaster
// runs, so a title naming parts gets them proposed.
const stack = sharedStack();

/** Posts the upload form as a browser without JavaScript does, with a description and tags. */
async function uploadWithDetails(browser: Browser, title: string, description: string, tags: string[]) {
  const body = new FormData();
  body.set('intent', 'upload');
  body.set('title', title);
  body.set('description', description);
  for (const tag of tags) body.append('tags', tag);
  body.set('image', new Blob([await testPhoto('jpeg', 640, 480)], { type: 'image/jpeg' }), 'rig.jpg');
  const response = await browser.request('/upload', { method: 'POST', body, headers: { Origin: browser.origin } });
  return browser.follow(response, '/upload');
}

async function postPhoto(browser: Browser, buildId: number, width = 800) {
  const body = new FormData();
  body.set('intent', 'add-photo');
  body.set('image', new Blob([await testPhoto('png', width, 600)], { type: 'image/png' }), 'extra.png');
  const response = await browser.request(`/build/${buildId}/edit`, { method: 'POST', body, headers: { Origin: browser.origin } });
  return browser.follow(response, `/build/${buildId}/edit`);
}

describe('a build’s description, tags, parts and photos through the forms (no JavaScript)', () => {
  it('takes a description and tags at upload and shows them, escaped, with safe links and tag links', async () => {
    const owner = await stack.member();
    const page = await uploadWithDetails(
      owner,
      'Snowblind',
      'All white <script>alert(1)</script>.\n\nLog: [here](https://example.com/log) and [bad](javascript:alert(1)).',
      ['white-build', 'itx'],
    );
    expect(page.url).toMatch(/^\/build\/\d+$/);
    expect(page.html).toContain('href="/gallery?tag=white-build"');
    expect(page.html).toContain('href="/gallery?tag=itx"');
    expect(page.html).toContain('<a href="https://example.com/log" rel="nofollow ugc noopener"');
    expect(page.html).not.toContain('<script>alert(1)</script>');
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.html).not.toContain('href="javascript:');
  });

  it('refuses a sixth tag or a description over 2000 characters beside the field, and changes nothing', async () => {
    const owner = await stack.member();
    const page = await uploadWithDetails(owner, 'Tagged', 'Kept.', ['budget']);
    const edit = `${page.url}/edit`;
    const body = new URLSearchParams({ intent: 'details', description: 'Changed' });
    for (const tag of ['white-build', 'itx', 'budget', 'sleeper', 'silent', 'workstation']) body.append('tags', tag);
    const refused = await owner.request(edit, {
      method: 'POST',
      body,
      headers: { Origin: owner.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.status).toBe(400);
    expect(pageText(await refused.text())).toContain('Choose at most 5 tags');
    const long = await owner.post(edit, { intent: 'details', description: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(pageText(long.html)).toContain('Description cannot exceed 2000 characters');
    const shown = pageText((await owner.get(page.url)).html);
    expect(shown).toContain('Kept.');
    expect(shown).not.toContain('Changed');
  });

  it('proposes the parts the AI spotted for the owner to confirm, correct or remove; confirmed ones show as a table', async () => {
    const owner = await stack.member();
    const page = await uploadWithDetails(owner, 'RTX 4090 and a Ryzen 7 7800X3D in a Fractal North', '', []);
    const buildId = Number(page.url.split('/').pop());
    const edit = `/build/${buildId}/edit`;
    const proposed = await waitFor(async () => {
      const { body } = await call(owner, 'GET', `/api/builds/${buildId}`);
      const parts = (body as { parts: { id: number; category: string; name: string; status: string }[] }).parts;
      return parts.length > 0 ? parts : null;
    });
    expect(proposed.every((part) => part.status === 'proposed')).toBe(true);
    const gpu = proposed.find((part) => part.category === 'GPU')!;
    const cpu = proposed.find((part) => part.category === 'CPU')!;
    expect(gpu.name).toMatch(/4090/);

    // Before anything is confirmed, the page shows no parts table, and others see no proposals.
    expect((await owner.get(`/build/${buildId}`)).html).not.toContain('id="parts-title"');
    const stranger = await stack.member();
    expect(((await call(stranger, 'GET', `/api/builds/${buildId}`)).body as { parts: unknown[] }).parts).toEqual([]);

    const confirmed = await owner.post(edit, { intent: 'save-part', partId: String(gpu.id), category: 'GPU', name: gpu.name });
    expect(toastText(confirmed.html)).toContain('Part confirmed');
    await owner.post(edit, { intent: 'save-part', partId: String(cpu.id), category: 'CPU', name: 'Ryzen 9 7950X3D' });
    const blank = await owner.post(edit, { intent: 'save-part', category: 'RAM', name: '  ' });
    expect(blank.status).toBe(400);
    expect(pageText(blank.html)).toContain('Part name is required');
    await owner.post(edit, { intent: 'save-part', category: 'PSU', name: 'Corsair RM850x' });
    const caseGuess = proposed.find((part) => part.category === 'case');
    if (caseGuess) await owner.post(edit, { intent: 'remove-part', partId: String(caseGuess.id) });

    const shown = pageText((await stranger.get(`/build/${buildId}`)).html);
    expect(shown).toContain('Parts');
    expect(shown).toMatch(/GPU\s*RTX 4090/);
    expect(shown).toMatch(/CPU\s*Ryzen 9 7950X3D/);
    expect(shown).toMatch(/PSU\s*Corsair RM850x/);
    expect(shown).not.toContain('Fractal North Case');
  });

  it('adds and removes extra photos, shown as a gallery of thumbnails', async () => {
    const owner = await stack.member();
    const page = await uploadWithDetails(owner, 'Many angles', '', []);
    const buildId = Number(page.url.split('/').pop());
    const added = await postPhoto(owner, buildId);
    expect(toastText(added.html)).toContain('Photo added');
    await postPhoto(owner, buildId, 900);
    const shown = (await owner.get(`/build/${buildId}`)).html;
    expect(shown).toContain('aria-label="Photo 1 of 3"');
    expect(shown).toContain('aria-label="Photo 3 of 3"');

    const { body } = await call(owner, 'GET', `/api/builds/${buildId}`);
    const photos = (body as { photos: { id: number; reviewStatus: string }[] }).photos;
    expect(photos.map((photo) => photo.reviewStatus)).toEqual(['approved', 'approved']);
    await owner.post(`/build/${buildId}/edit`, { intent: 'remove-photo', photoId: String(photos[0]!.id) });
    expect((await owner.get(`/build/${buildId}`)).html).toContain('aria-label="Photo 2 of 2"');
  });

  it('gives each photo the build page shows a page of its own, to whoever may see the build, and no page to a held photo', async () => {
    const owner = await stack.member();
    const page = await uploadWithDetails(owner, 'Three angles', '', []);
    const buildId = Number(page.url.split('/').pop());
    await postPhoto(owner, buildId);
    await postPhoto(owner, buildId, 900);
    const guest = stack.browser();

    // The main photo links to its page (the viewer takes it over with JavaScript), and so does each thumbnail.
    const buildPage = (await guest.get(`/build/${buildId}`)).html;
    for (const n of [1, 2, 3]) expect(buildPage).toContain(`href="/build/${buildId}/photos/${n}"`);
    // Each photo's alt is its drafted description (the built-in drafter's, here) once it has one.
    const drafts = await waitFor(() => {
      const alt = (query: string, ...params: unknown[]) => readRow<{ alt: string | null }>(stack.app.databasePath, query, ...params).alt;
      const extra = (position: number) => alt('select alt from build_photos where build_id = ? and position = ?', buildId, position);
      const all = [alt('select photo_alt as alt from builds where id = ?', buildId), extra(1), extra(2)];
      return all.every(Boolean) ? (all as string[]) : null;
    });
    const first = await guest.get(`/build/${buildId}/photos/1`);
    expect(first.status).toBe(200);
    expect(first.html).toContain(`alt="${drafts[0]}"`);
    expect(pageText(first.html)).toContain('Photo 1 of 3');
    const link = (html: string, rel: string) => new RegExp(`<a[^>]*rel="${rel}"[^>]*>`).exec(html)?.[0];
    expect(link(first.html, 'next')).toContain(`href="/build/${buildId}/photos/2"`);
    expect(first.html).not.toContain('rel="prev"');
    expect(first.html).toContain(`href="/build/${buildId}"`);
    const last = await guest.get(`/build/${buildId}/photos/3`);
    expect(last.html).toContain(`alt="${drafts[2]}"`);
    expect(link(last.html, 'prev')).toContain(`href="/build/${buildId}/photos/2"`);
    expect(last.html).not.toContain('rel="next"');
    for (const n of ['4', '0', '01', 'two']) {
      const missing = await guest.get(`/build/${buildId}/photos/${n}`);
      expect(missing.status).toBe(404);
      expect(pageText(missing.html)).toContain('Photo not found');
    }

    // Held for a moderator, the extra photos have no page, for anyone, and the count says so.
    holdExtraPhotos(stack.app.databasePath, buildId, 'We may have spotted a person or a face in this photo.');
    expect((await guest.get(`/build/${buildId}/photos/2`)).status).toBe(404);
    expect((await owner.get(`/build/${buildId}/photos/2`)).status).toBe(404);
    expect(pageText((await guest.get(`/build/${buildId}/photos/1`)).html)).toContain('Photo 1 of 1');

    // A build that is not listed shows its photos' pages to its owner alone, as its page.
    hideBuild(stack.app.databasePath, buildId);
    expect((await owner.get(`/build/${buildId}/photos/1`)).status).toBe(200);
    const hidden = await guest.get(`/build/${buildId}/photos/1`);
    expect(hidden.status).toBe(404);
    expect(pageText(hidden.html)).toContain('Build not found');
    expect(hidden.html).not.toContain('Three angles');
  });

  it('is the owner’s page alone: anyone else gets a 404 and changes nothing', async () => {
    const owner = await stack.member();
    const page = await uploadWithDetails(owner, 'Mine', 'Mine alone.', ['budget']);
    const stranger = await stack.member();
    expect((await stranger.get(`${page.url}/edit`)).status).toBe(404);
    expect((await stranger.post(`${page.url}/edit`, { intent: 'details', description: 'Hijacked' })).status).toBe(404);
    expect(pageText((await stranger.get(page.url)).html)).toContain('Mine alone.');
    expect((await stranger.get(page.url)).html).not.toContain('/edit"');
  });
});

describe('the JSON API', () => {
  it('sets details, adds, corrects and removes parts, adds and removes photos, for the owner only', async () => {
    const owner = await stack.member();
    const page = await uploadWithDetails(owner, 'API rig', '', []);
    const buildId = Number(page.url.split('/').pop());

    const details = await call(owner, 'POST', `/api/builds/${buildId}/details`, { description: 'Via the API', tags: ['sleeper'] });
    expect(details.status).toBe(200);
    expectContract('POST', `/api/builds/${buildId}/details`, details.body);
    expectError(await call(owner, 'POST', `/api/builds/${buildId}/details`, { tags: ['not-a-tag'] }), 400, 'invalid_input', /list/);

    const added = await call(owner, 'POST', `/api/builds/${buildId}/parts`, { category: 'cooler', name: 'Noctua NH-D15' });
    expect(added.status).toBe(201);
    expectContract('POST', `/api/builds/${buildId}/parts`, added.body);
    const partId = (added.body as { id: number }).id;
    const corrected = await call(owner, 'PATCH', `/api/builds/${buildId}/parts/${partId}`, {
      category: 'cooler',
      name: 'Noctua NH-D15 G2',
    });
    expect(corrected.body).toMatchObject({ name: 'Noctua NH-D15 G2', status: 'confirmed' });

    const form = new FormData();
    form.set('image', new Blob([await testPhoto('jpeg', 700, 500)], { type: 'image/jpeg' }), 'x.jpg');
    const photo = await owner.request(`/api/builds/${buildId}/photos`, { method: 'POST', body: form });
    expect(photo.status).toBe(201);
    const photoBody = (await photo.json()) as { id: number };
    expectContract('POST', `/api/builds/${buildId}/photos`, photoBody);

    const detail = await call(owner, 'GET', `/api/builds/${buildId}`);
    expectContract('GET', `/api/builds/${buildId}`, detail.body);
    expect(detail.body).toMatchObject({
      description: 'Via the API',
      tags: ['sleeper'],
      parts: [{ category: 'cooler', name: 'Noctua NH-D15 G2', status: 'confirmed', source: 'owner' }],
      photos: [{ id: photoBody.id, position: 1, reviewStatus: 'approved' }],
    });

    const stranger = await stack.member();
    expectError(await call(stranger, 'POST', `/api/builds/${buildId}/details`, { description: 'x' }), 403, 'forbidden');
    expectError(await call(stranger, 'DELETE', `/api/builds/${buildId}/parts/${partId}`), 403, 'forbidden');
    expectError(await call(stranger, 'DELETE', `/api/builds/${buildId}/photos/${photoBody.id}`), 403, 'forbidden');

    expect((await call(owner, 'DELETE', `/api/builds/${buildId}/parts/${partId}`)).status).toBe(200);
    expect((await call(owner, 'DELETE', `/api/builds/${buildId}/photos/${photoBody.id}`)).status).toBe(200);
    expect((await call(owner, 'GET', `/api/builds/${buildId}`)).body).toMatchObject({ parts: [], photos: [] });
  });
});
