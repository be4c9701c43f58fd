import { existsSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deleteMember } from '~/models/admin-members.server';
import { replaceAvatar } from '~/models/users.server';
import { competitions } from '../../db/schema';
import { db } from '~/services/db.server';
import { aCompetition, aMember } from '#tests/support/factories';
import { pruneOrphanAvatarFiles } from './avatar-files.server';
import { processAvatar } from './avatars.server';
import { freshUploadsDir } from '#tests/support/uploads-dir';

const uploadsFolder = freshUploadsDir('avatar-files');

const HOUR = 3600_000;
let pictures = 0;
/** A picture no other call in this file makes, as the avatar form sends it. */
async function picture(): Promise<File> {
  pictures += 1;
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: pictures * 20, g: 60, b: 90 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], 'me.png', { type: 'image/png' });
}

const fileOf = (url: string) => join(uploadsFolder(), url.replace('/uploads/', ''));
const exists = (url: string) => existsSync(fileOf(url));
/** As if the file was written `ago` milliseconds back. */
const age = (url: string, ago: number) => utimes(fileOf(url), new Date(Date.now() - ago), new Date(Date.now() - ago));
const staff = () => ({ ...aMember({ isAdmin: true }), username: 'admin' });

describe('replaced and erased avatars', () => {
  it('deletes the file of the avatar a member replaced, unless another member shows the same picture', async () => {
    const member = aMember();
    const old = await replaceAvatar(member.id, await picture());
    await age(old, HOUR);
    const current = await replaceAvatar(member.id, await picture());
    expect(exists(old)).toBe(false);
    expect(exists(current)).toBe(true);

    const shared = await picture();
    const first = aMember();
    const second = aMember();
    const url = await replaceAvatar(first.id, shared);
    expect(await replaceAvatar(second.id, shared)).toBe(url);
    await age(url, HOUR);
    await replaceAvatar(first.id, await picture());
    expect(exists(url), 'still the second member’s').toBe(true);
    await deleteMember(staff(), second.id);
    expect(exists(url), 'named by nobody once its last member is erased').toBe(false);
  });

  it('leaves a young file (another upload of the same picture may be about to name it) to the sweep', async () => {
    const member = aMember();
    const first = await replaceAvatar(member.id, await picture());
    await replaceAvatar(member.id, await picture());
    expect(exists(first)).toBe(true);
    expect(await pruneOrphanAvatarFiles()).toBe(0);
    expect(await pruneOrphanAvatarFiles(Date.now() + HOUR)).toBe(1);
    expect(exists(first)).toBe(false);
  });
});

describe('pruneOrphanAvatarFiles', () => {
  it('deletes the avatar and badge files no member or competition names once they are not young, and nothing else', async () => {
    const stored = async () =>
      (await processAvatar(new Uint8Array(await (await picture()).arrayBuffer()), { uploadsDir: uploadsFolder() })).url;
    const badge = async () =>
      (await processAvatar(new Uint8Array(await (await picture()).arrayBuffer()), { uploadsDir: uploadsFolder(), folder: 'badges' })).url;
    const shown = await stored();
    aMember({ avatarUrl: shown });
    const shownBadge = await badge();
    db().update(competitions).set({ badgeUrl: shownBadge }).where(eq(competitions.id, aCompetition())).run();
    const [orphan, orphanBadge, young] = [await stored(), await badge(), await stored()];
    for (const url of [shown, shownBadge, orphan, orphanBadge]) await age(url, HOUR);

    expect(await pruneOrphanAvatarFiles()).toBe(2);
    expect([orphan, orphanBadge].map(exists)).toEqual([false, false]);
    expect([shown, shownBadge, young].map(exists)).toEqual([true, true, true]);
  });
});
