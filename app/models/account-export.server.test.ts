import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { aListedBuild, aMember, anImageWithFile } from '#tests/support/factories';
import { waitFor } from '#tests/support/wait';
import { readZip } from '#tests/support/zip';
import { startAccountExport } from './account-export.server';
import { freshUploadsDir } from '#tests/support/uploads-dir';

const uploadsFolder = freshUploadsDir('export', { SCREENING: 'off' });
const started: Readable[] = [];

afterEach(() => {
  for (const stream of started.splice(0)) stream.destroy();
});

/** A member with a listed build whose photo is bigger than a stream's buffers: a download that is not read stops inside it, the file open. */
async function memberWithPhoto(): Promise<number> {
  const userId = aMember().id;
  const { imageId } = anImageWithFile(uploadsFolder(), randomBytes(512 * 1024).toString('latin1'));
  await aListedBuild({ userId, imageId });
  return userId;
}

const openFiles = () => readdirSync('/proc/self/fd').length;

function start(userId: number, options?: { deadlineMs: number }) {
  const export_ = startAccountExport(userId, new Date(), options);
  if (export_.ok) started.push(export_.stream);
  return export_;
}

describe('startAccountExport', () => {
  it('cuts off downloads nobody reads at their deadline, closing their files, and gives their places back', async () => {
    const members = [await memberWithPhoto(), await memberWithPhoto(), await memberWithPhoto(), await memberWithPhoto()];
    const waiting = await memberWithPhoto();
    const before = openFiles();

    const stalled = members.map((userId) => start(userId, { deadlineMs: 300 }));
    expect(stalled.map((export_) => export_.ok)).toEqual([true, true, true, true]);
    // Each stops inside its photo, the file open.
    await waitFor(() => openFiles() >= before + 4);
    expect(start(waiting)).toMatchObject({ ok: false, status: 503 });
    expect(start(members[0]!)).toMatchObject({
      ok: false,
      status: 429,
      message: 'Your data is already downloading. Wait for it to finish.',
    });

    const next = await waitFor(() => {
      const export_ = start(waiting);
      return export_.ok ? export_ : undefined;
    });
    await waitFor(() => stalled.every((export_) => export_.ok && export_.stream.destroyed));
    // The photos they were inside are closed; the one open is the new download's.
    await waitFor(() => openFiles() <= before + 1);
    // Read, a download runs to its end, whole.
    const files = await readZip(await buffer(next.stream));
    expect([...files.keys()].filter((name) => name.endsWith('photo.jpg'))).toHaveLength(1);
    await waitFor(() => openFiles() <= before);
  });

  it('lets a member run one download at a time, and the next once it ends', async () => {
    const userId = await memberWithPhoto();
    const first = start(userId);
    expect(start(userId)).toMatchObject({ ok: false, status: 429 });
    if (!first.ok) throw new Error('the first download did not start');
    await buffer(first.stream);
    await waitFor(() => first.stream.closed);
    expect(start(userId).ok).toBe(true);
  });
});
