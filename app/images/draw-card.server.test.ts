import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardInputs, cardImage, cardVersion, pruneCards, ratingText } from './draw-card.server';

let uploadsDir: string;
let redPhoto: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'rigroast-cards-'));
  redPhoto = join(uploadsDir, 'red.jpg');
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#ff0000' } })
    .jpeg()
    .toFile(redPhoto);
});

afterAll(async () => {
  await rm(uploadsDir, { recursive: true, force: true });
});

let nextId = 1;
const card = (overrides: Partial<CardInputs> = {}): CardInputs => ({
  buildId: nextId++,
  title: 'Glass box of regret',
  averageRating: 4.26,
  ratingCount: 12,
  photo: redPhoto,
  ...overrides,
});

const cardsOf = async (buildId: number) =>
  (await readdir(join(uploadsDir, 'cards')).catch(() => [])).filter((name) => name.startsWith(`${buildId}-`));

describe('social cards', () => {
  it('renders a 1200×630 JPEG under 150 KB with the photo behind, and keeps it on the volume', async () => {
    const inputs = card();
    const bytes = await cardImage(inputs, { uploadsDir });
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(bytes.length).toBeLessThan(150 * 1024);
    // The right edge is mostly photo: red shows through the shade.
    const { data } = await sharp(bytes).extract({ left: 1150, top: 300, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[1]).toBeLessThan(80);
    expect(await cardsOf(inputs.buildId)).toEqual([`${inputs.buildId}-${cardVersion(inputs)}.jpg`]);
  });

  it('serves the kept file while the inputs are the same', async () => {
    const inputs = card();
    await cardImage(inputs, { uploadsDir });
    const kept = join(uploadsDir, 'cards', `${inputs.buildId}-${cardVersion(inputs)}.jpg`);
    await writeFile(kept, 'kept bytes');
    expect((await cardImage({ ...inputs }, { uploadsDir })).toString()).toBe('kept bytes');
  });

  it('makes a new file for a new rating or title and drops the old one', async () => {
    const first = card();
    await cardImage(first, { uploadsDir });
    const rated = { ...first, averageRating: 4.4, ratingCount: 13 };
    expect(cardVersion(rated)).not.toBe(cardVersion(first));
    await cardImage(rated, { uploadsDir });
    expect(await cardsOf(first.buildId)).toEqual([`${first.buildId}-${cardVersion(rated)}.jpg`]);
    const renamed = { ...rated, title: 'Glass box of joy' };
    expect(cardVersion(renamed)).not.toBe(cardVersion(rated));
    // A difference the card does not show (4.26 and 4.3 both read 4.3) is the same card.
    expect(cardVersion({ ...first, averageRating: 4.3 })).toBe(cardVersion(first));
  });

  it('draws titles with markup characters, control characters and no photo', async () => {
    for (const title of ["<&\"> 'quoted' </text><script>", 'Tab\tand\u0001bell\u0007', 'x'.repeat(100), 'Ünïcödé 日本語 🔥']) {
      const bytes = await cardImage(card({ title, photo: null }), { uploadsDir });
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    }
  });

  it('shares one render among simultaneous requests', async () => {
    const inputs = card();
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => cardImage(inputs, { uploadsDir })));
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(await cardsOf(inputs.buildId)).toHaveLength(1);
  });

  it('does not keep a card drawn without a photo missing from the volume', async () => {
    const inputs = card({ photo: join(uploadsDir, 'images', 'not-here.jpg') });
    expect((await sharp(await cardImage(inputs, { uploadsDir })).metadata()).width).toBe(1200);
    expect(await cardsOf(inputs.buildId)).toEqual([]);
  });

  it('writes the rating as the build page shows it', () => {
    expect(ratingText(card())).toBe('4.3 · 12 ratings');
    expect(ratingText(card({ averageRating: 5, ratingCount: 1 }))).toBe('5.0 · 1 rating');
    expect(ratingText(card({ averageRating: 0, ratingCount: 0 }))).toBe('No ratings yet');
  });
});

describe('pruneCards', () => {
  it('deletes the cards of builds no longer kept, and nothing else', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rigroast-cards-'));
    await mkdir(join(dir, 'cards'));
    for (const name of ['1-aaaaaaaaaaaa.jpg', '2-bbbbbbbbbbbb.jpg', 'notes.txt']) await writeFile(join(dir, 'cards', name), 'x');
    const asked: number[][] = [];
    const removed = await pruneCards(dir, (ids) => {
      asked.push(ids);
      return new Set([1]);
    });
    expect(removed).toBe(1);
    expect(asked).toEqual([[1, 2]]);
    expect((await readdir(join(dir, 'cards'))).sort()).toEqual(['1-aaaaaaaaaaaa.jpg', 'notes.txt']);
    expect(await pruneCards(join(dir, 'missing'), () => new Set())).toBe(0);
    await rm(dir, { recursive: true, force: true });
  });
});
