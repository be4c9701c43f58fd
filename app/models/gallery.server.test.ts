import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildParts, builds, buildTags, competitions } from '../../db/schema';
import { db } from '~/services/db.server';
import { addComment } from './comments.server';
import { enterCompetition } from './competition-entries.server';
import { appliedGalleryFilters, galleryBuilds, inGallery } from './gallery.server';
import { rateBuild } from './ratings.server';
import type { BuildTag } from '~/domain/build-tags';
import type { GalleryFilters } from '~/domain/gallery';
import { aCompetition, aListedBuild, aMember } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const NOW = Date.now();

withScreeningOff();

type Details = { description?: string; parts?: string[]; proposed?: string[]; tags?: BuildTag[]; at?: number; userId?: number };

/** A listed build with its description, confirmed (and proposed) parts and tags. */
async function aBuild(title: string, { description, parts = [], proposed = [], tags = [], at = NOW - DAY, userId }: Details = {}) {
  const id = await aListedBuild({ title, at: new Date(at), ...(userId ? { userId } : {}) });
  if (description) db().update(builds).set({ description }).where(eq(builds.id, id)).run();
  const rows = [
    ...parts.map((name) => ({ name, status: 'confirmed' as const })),
    ...proposed.map((name) => ({ name, status: 'proposed' as const })),
  ];
  rows.forEach(({ name, status }, index) =>
    db()
      .insert(buildParts)
      .values({ buildId: id, category: 'other', name, status, source: 'owner', position: index + 1 })
      .run(),
  );
  for (const tag of tags) db().insert(buildTags).values({ buildId: id, tag }).run();
  return id;
}

const find = (filters: Partial<GalleryFilters> & { after?: number; limit?: number }, now = NOW) =>
  galleryBuilds({ q: '', sort: filters.q ? 'relevance' : 'newest', tag: null, competition: null, limit: 50, ...filters }, now).map(
    (build) => build.title,
  );

/** Every build of an order, `limit` at a time, each page after the last build of the one before. */
function pageThrough({ q, sort }: Pick<GalleryFilters, 'q' | 'sort'>, limit: number) {
  const titles: string[] = [];
  for (let after = 0; ;) {
    const page = galleryBuilds({ q, sort, tag: null, competition: null, after, limit }, NOW);
    if (page.length === 0) return titles;
    titles.push(...page.map((build) => build.title));
    after = page.at(-1)!.id;
  }
}

const rate = (buildId: number, stars: number[], at = NOW - HOUR) =>
  stars.forEach((rating) => rateBuild({ buildId, userId: aMember().id, rating }, new Date(at)));
const comment = (buildId: number, times: number, at = NOW - HOUR) =>
  Array.from({ length: times }, () => addComment({ buildId, userId: aMember().id, content: 'Nice rig' }, new Date(at)));

describe('searching the gallery', () => {
  it('finds builds by the words of their title, description, confirmed parts and tags', async () => {
    await aBuild('Frosted rig', { tags: ['white-build'] });
    await aBuild('Tiny tower', { description: 'Fits in a **shoebox**, runs whisper quiet.' });
    await aBuild('Air king', { parts: ['Noctua NH-D15'] });
    await aBuild('Guess work', { proposed: ['Noctua NH-D15'] });

    expect(find({ q: 'white' })).toEqual(['Frosted rig']);
    expect(find({ q: 'shoebox' })).toEqual(['Tiny tower']);
    expect(find({ q: 'noctua' })).toEqual(['Air king']);
    expect(find({ q: 'tiny' })).toEqual(['Tiny tower']);
  });

  it('finds model numbers however they are typed', async () => {
    await aBuild('Heavy hitter', { parts: ['Noctua NH-D15 chromax', 'ASUS TUF RTX 4090 OC'] });
    await aBuild('Mid ranger', { parts: ['RTX 4080 Super', 'NH-U12S'] });

    for (const q of ['NH-D15', 'nh d15', 'nh-d15', 'NH D15', '4090', 'RTX 4090', 'rtx4090', 'tuf 4090'])
      expect(find({ q }), q).toEqual(['Heavy hitter']);
    expect(find({ q: 'RTX' })).toEqual(['Mid ranger', 'Heavy hitter']);
    expect(find({ q: 'nh-d15x' })).toEqual([]);
    expect(find({ q: '4070' })).toEqual([]);
  });

  it('reads anything typed as words, never as search syntax', async () => {
    await aBuild('Quote "rig" NEAR(me)');
    for (const q of ['"rig', 'rig OR', 'NEAR(me', '-rig', '*', 'title:rig', '"" AND ^']) expect(() => find({ q }), q).not.toThrow();
    expect(find({ q: '"rig' })).toEqual(['Quote "rig" NEAR(me)']);
    expect(find({ q: '!!! ---' })).toEqual([]);
  });

  it('finds short model names as people type them, and a one-character word only as a whole word', async () => {
    await aBuild('Tier seven', { parts: ['AMD Ryzen 7 7700', 'Intel Core i7-12700K'] });
    await aBuild('Cache king', { parts: ['AMD Ryzen 7800X3D', 'ASRock Z690-A'] });
    await aBuild('Shoebox', { description: 'A Dan A4-H2O with a Core i9.' });

    expect(find({ q: 'ryzen 7' })).toEqual(['Tier seven']);
    expect(find({ q: 'ryzen' }).sort()).toEqual(['Cache king', 'Tier seven']);
    expect(find({ q: 'i7' })).toEqual(['Tier seven']);
    expect(find({ q: 'i9' })).toEqual(['Shoebox']);
    expect(find({ q: '7800x3d' })).toEqual(['Cache king']);
    expect(find({ q: 'a4-h2o' })).toEqual(['Shoebox']);
    expect(find({ q: 'z690-a' })).toEqual(['Cache king']);
    expect(find({ q: 'A' }).sort()).toEqual(['Cache king', 'Shoebox']);
    // As a prefix each of these would read every word starting with it: they are words no build has.
    expect(find({ q: 'r t' })).toEqual([]);
    expect(find({ q: 'k' })).toEqual([]);
  });

  it('reads the first 8 words of a search as the index splits them, and a word typed twice once', async () => {
    await aBuild('Alphabet soup', { description: 'a b c d e f g h' });
    await aBuild('Long tail', { description: 'a b c d e f g h i j k l m n o' });

    expect(find({ q: 'a-b-c-d-e-f-g-h-i-j-k-l-m-n-o' }).sort()).toEqual(['Alphabet soup', 'Long tail']);
    expect(find({ q: 'a-b-c-d-e-f-g-h-x-y-z' }).sort()).toEqual(['Alphabet soup', 'Long tail']);
    expect(find({ q: 'a b c d e f g h i j' }).sort()).toEqual(['Alphabet soup', 'Long tail']);
    expect(find({ q: 'tail tail tail tail tail tail tail tail tail tail soup' })).toEqual([]);
  });

  it('ranks a build named for the words above one that only mentions them', async () => {
    await aBuild('Budget box', { description: 'Not a sleeper at all, although the case is old.' });
    await aBuild('The sleeper', { description: 'An office tower with a 4090 inside.' });
    await aBuild('Beige beast', { tags: ['sleeper'] });

    expect(find({ q: 'sleeper' })).toEqual(['The sleeper', 'Beige beast', 'Budget box']);
  });

  it('finds only listed builds', async () => {
    const held = await aBuild('Hidden 4090 rig', { parts: ['RTX 4090'] });
    await aBuild('Shown 4090 rig', { parts: ['RTX 4090'] });
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, held)).run();

    expect(find({ q: '4090' })).toEqual(['Shown 4090 rig']);
    for (const sort of ['newest', 'top', 'discussed', 'trending'] as const)
      expect(find({ q: '4090', sort }), sort).toEqual(['Shown 4090 rig']);
    db().update(builds).set({ reviewStatus: 'approved' }).where(eq(builds.id, held)).run();
    expect(find({ q: '4090' })).toEqual(['Shown 4090 rig', 'Hidden 4090 rig']);
  });

  it('follows every change of a build’s words in the same write', async () => {
    const id = await aBuild('Old name', { parts: ['RTX 3080'], tags: ['budget'] });
    db().update(builds).set({ title: 'New name', description: 'Now water cooled' }).where(eq(builds.id, id)).run();
    db().update(buildParts).set({ name: 'RTX 4090' }).where(eq(buildParts.buildId, id)).run();
    db().delete(buildTags).where(eq(buildTags.buildId, id)).run();

    expect(find({ q: 'old' })).toEqual([]);
    expect(find({ q: '3080' })).toEqual([]);
    expect(find({ q: 'budget' })).toEqual([]);
    expect(find({ q: 'new water 4090' })).toEqual(['New name']);
    db().update(buildParts).set({ status: 'proposed' }).where(eq(buildParts.buildId, id)).run();
    expect(find({ q: '4090' })).toEqual([]);
  });
});

describe('the gallery’s orders and filters', () => {
  it('sorts by newest, top rated (the leaderboards’ Bayesian score) and most discussed', async () => {
    const loved = await aBuild('Loved by many', { at: NOW - 30 * DAY });
    const lucky = await aBuild('One lucky vote', { at: NOW - 20 * DAY });
    const talked = await aBuild('Talked about', { at: NOW - 10 * DAY });
    await aBuild('Brand new', { at: NOW - HOUR });
    rate(loved, [5, 5, 5, 5, 5, 5, 5, 5, 4, 5]);
    rate(lucky, [5]);
    comment(talked, 3);
    comment(lucky, 1);

    expect(find({ sort: 'newest' })).toEqual(['Brand new', 'Talked about', 'One lucky vote', 'Loved by many']);
    // Ten votes averaging 4.9 beat one 5; unrated builds score the site's mean, newest first.
    expect(find({ sort: 'top' })).toEqual(['Loved by many', 'One lucky vote', 'Brand new', 'Talked about']);
    expect(find({ sort: 'discussed' })).toEqual(['Talked about', 'One lucky vote', 'Brand new', 'Loved by many']);
  });

  it('trends by the last week’s ratings and comments, the recent ones weighing most', async () => {
    const cooling = await aBuild('Cooling down', { at: NOW - 20 * DAY });
    const fresh = await aBuild('Fresh vote', { at: NOW - 20 * DAY });
    const chatty = await aBuild('Chatty', { at: NOW - 20 * DAY });
    const old = await aBuild('Old glory', { at: NOW - 20 * DAY });
    await aBuild('Quiet newcomer', { at: NOW - 2 * HOUR });
    rate(cooling, [5, 5], NOW - 6 * DAY);
    rate(fresh, [5], NOW - HOUR);
    comment(chatty, 2, NOW - DAY);
    rate(old, [5, 5, 5, 5, 5, 5, 5, 5], NOW - 8 * DAY);

    // Chatty 2·e^(−½) ≈ 1.21, Fresh ≈ 0.98, Cooling 2·e^(−3) ≈ 0.10; then the rest, newest first.
    expect(find({ sort: 'trending' })).toEqual(['Chatty', 'Fresh vote', 'Cooling down', 'Quiet newcomer', 'Old glory']);
    // A day later the same activity is a day older: the order holds.
    expect(find({ sort: 'trending' }, NOW + 12 * HOUR).slice(0, 3)).toEqual(['Chatty', 'Fresh vote', 'Cooling down']);
  });

  it('filters by tag and by competition, with or without a search', async () => {
    const member = aMember().id;
    const entered = await aBuild('Entered white rig', { tags: ['white-build', 'itx'], userId: member });
    await aBuild('Other white rig', { tags: ['white-build'] });
    await aBuild('Black rig', { tags: ['itx'] });
    const competition = aCompetition();
    expect(enterCompetition({ competitionId: competition, userId: member, buildId: entered })).toMatchObject({ ok: true });

    expect(find({ tag: 'white-build' })).toEqual(['Other white rig', 'Entered white rig']);
    expect(find({ tag: 'itx', q: 'white' })).toEqual(['Entered white rig']);
    expect(find({ competition })).toEqual(['Entered white rig']);
    expect(find({ competition: competition + 1 })).toEqual([]);
    expect(find({ tag: 'sleeper' })).toEqual([]);
  });

  it('never ranks a running competition’s entries by their ratings: top rated and trending read as newest until it closes', async () => {
    const competition = aCompetition();
    const entries: number[] = [];
    for (const [index, title] of ['Entry A', 'Entry B', 'Entry C'].entries()) {
      const userId = aMember().id;
      entries.push(await aBuild(title, { userId, at: NOW - (3 - index) * HOUR }));
      expect(enterCompetition({ competitionId: competition, userId, buildId: entries[index]! })).toMatchObject({ ok: true });
    }
    rate(entries[0]!, [5, 5, 5]);
    rate(entries[1]!, [3, 3, 3]);
    rate(entries[2]!, [1, 1, 1]);
    const newest = ['Entry C', 'Entry B', 'Entry A'];
    expect(find({ sort: 'top' })).toEqual(['Entry A', 'Entry B', 'Entry C']);
    for (const sort of ['top', 'trending'] as const) {
      expect(find({ competition, sort })).toEqual(newest);
      expect(appliedGalleryFilters({ q: '', sort, tag: null, competition }, NOW)).toMatchObject({
        filters: { sort: 'newest' },
        contest: { id: competition },
      });
    }
    expect(appliedGalleryFilters({ q: 'entry', sort: 'top', tag: null, competition }, NOW).filters.sort).toBe('relevance');
    expect(appliedGalleryFilters({ q: '', sort: 'discussed', tag: null, competition }, NOW).filters.sort).toBe('discussed');

    db()
      .update(competitions)
      .set({ closedAt: new Date(NOW) })
      .where(eq(competitions.id, competition))
      .run();
    expect(find({ competition, sort: 'top' })).toEqual(['Entry A', 'Entry B', 'Entry C']);
    expect(appliedGalleryFilters({ q: '', sort: 'top', tag: null, competition }, NOW)).toMatchObject({
      filters: { sort: 'top' },
      contest: null,
    });
  });

  it('knows which builds an order lists, the ones a page may go on from', async () => {
    const member = aMember().id;
    const entered = await aBuild('Entered 4090 rig', { parts: ['RTX 4090'], tags: ['itx'], userId: member });
    const other = await aBuild('Other 4090 rig', { parts: ['RTX 4090'] });
    const plain = await aBuild('Plain rig');
    const held = await aBuild('Held 4090 rig', { parts: ['RTX 4090'] });
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, held)).run();
    const competition = aCompetition();
    expect(enterCompetition({ competitionId: competition, userId: member, buildId: entered })).toMatchObject({ ok: true });
    const listed = (filters: Partial<GalleryFilters>) =>
      [entered, other, plain, held, 987654].filter((id) =>
        inGallery({ q: '', sort: filters.q ? 'relevance' : 'newest', tag: null, competition: null, ...filters }, id, NOW),
      );

    for (const sort of ['newest', 'top', 'discussed', 'trending'] as const) expect(listed({ sort }), sort).toEqual([entered, other, plain]);
    for (const sort of ['relevance', 'newest', 'top', 'discussed', 'trending'] as const)
      expect(listed({ q: '4090', sort }), sort).toEqual([entered, other]);
    expect(listed({ tag: 'itx' })).toEqual([entered]);
    expect(listed({ competition })).toEqual([entered]);
    expect(listed({ q: '!!!' })).toEqual([]);
  });

  it('pages through every order without repeating or skipping a build', async () => {
    for (let index = 0; index < 7; index++) {
      const id = await aBuild(`Rig ${index} with 4090`, { at: NOW - (index + 1) * DAY, parts: index % 2 ? ['RTX 4090'] : [] });
      rate(id, [1 + (index % 5), 3]);
      comment(id, index % 3);
    }
    for (const sort of ['newest', 'top', 'discussed', 'trending', 'relevance'] as const) {
      const q = sort === 'relevance' ? '4090' : '';
      const whole = find({ q, sort });
      expect(pageThrough({ q, sort }, 3), sort).toEqual(whole);
      expect(whole, sort).toHaveLength(7);
    }
  });

  it('pages as far as the gallery goes, past the stretch one ranking covers', async () => {
    const count = 230;
    for (let index = 0; index < count; index++) {
      const id = await aListedBuild({
        title: `Rig ${index} with ${index % 3 ? 'RTX 4090' : '4090 and a 4090 cooler'}`,
        at: new Date(NOW - index * HOUR),
      });
      if (index % 4 === 0) rate(id, [1 + (index % 5)]);
    }
    for (const sort of ['newest', 'top', 'relevance'] as const) {
      const q = sort === 'relevance' ? '4090' : '';
      const whole = find({ q, sort, limit: count });
      expect(pageThrough({ q, sort }, 40), sort).toEqual(whole);
      expect(whole, sort).toHaveLength(count);
    }
  });
});
