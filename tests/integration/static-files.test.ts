import { existsSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticMounts } from '../../server/static-mounts';
import { rawGet, unscreenedPhoto, walkStaticMounts } from '#tests/support/static-files';
import { sharedStack } from '#tests/support/stack';
import { newAvatar } from '#tests/support/uploads';

// The static files of one server (a primary, or a site on one machine); the same walk
// runs on a LiteFS replica in tests/integration/litefs/two-nodes.test.ts.

// The walk plants files in the server's own build: a copy of its own.
const stack = sharedStack({}, { network: '198.18.40', ownBuild: true });

describe('static files', () => {
  it('sends no dot file, unlisted upload, unscreened photo, database or server build, however a mount or a name is spelled', async () => {
    const uploadsDir = join(stack.app.dataDir, 'uploads');
    const leaks = await walkStaticMounts({
      origin: stack.app.origin,
      mounts: staticMounts({ uploadsDir, clientFolder: join(stack.app.root, 'build', 'client') }),
      privateFiles: [stack.app.databasePath, join(stack.app.root, 'build', 'server', 'index.js'), unscreenedPhoto(uploadsDir)],
    });
    expect(leaks).toEqual([]);
  }, 120_000);

  it('answers a file no build has under /assets, or anything under /uploads it does not serve, with a short 404, not a page', async () => {
    for (const path of ['/assets/entry.client-0ld0ld00.js', '/assets/', '/uploads/cards/1.png', '/uploads/']) {
      const answer = await rawGet(stack.app.origin, path);
      expect([path, answer.status, answer.body.toString()]).toEqual([path, 404, 'Not found']);
    }
    // Only the folders' own spelling is theirs: any other is a path like any, answered by the site's page.
    const page = await rawGet(stack.app.origin, '/ASSETS/entry.client-0ld0ld00.js');
    expect([page.status, page.body.toString()]).toEqual([404, expect.stringContaining('<!DOCTYPE html>')]);
  });

  it('serves a replaced avatar under no spelling of its folder, and deletes its file', async () => {
    const member = await stack.member();
    const old = await newAvatar(member);
    expect((await rawGet(stack.app.origin, old)).status).toBe(200);
    const name = old.split('/').pop()!;
    const file = join(stack.app.dataDir, 'uploads', 'avatars', name);
    // Set an hour ago: a file written a moment ago is left to the hourly sweep.
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(file, hourAgo, hourAgo);
    const current = await newAvatar(member);
    for (const folder of ['/uploads/avatars', '/uploads/AVATARS', '/uploads/Avatars', '/uploads/avatarS', '/UPLOADS/avatars']) {
      expect((await rawGet(stack.app.origin, `${folder}/${name}`)).status, `${folder}/${name}`).toBe(404);
    }
    expect(existsSync(file)).toBe(false);
    // The current one at its one address.
    expect((await rawGet(stack.app.origin, current)).status).toBe(200);
    expect((await rawGet(stack.app.origin, current.replace('/avatars/', '/AVATARS/'))).status).toBe(404);
  });
});
