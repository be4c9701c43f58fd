import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { builds } from '../../db/schema';
import { db } from '~/services/db.server';
import { galleryBuilds } from './gallery.server';
import { mergeSearchIndex } from './search-index.server';
import { aListedBuild } from '#tests/support/factories';
import { searchIndexSegments } from '#tests/support/search-index';
import { withScreeningOff } from '#tests/support/screening-off';

withScreeningOff();

const indexBytes = () => db().get<{ bytes: number }>(sql`select sum(length(block)) as bytes from builds_search_data`)!.bytes;
const search = (q: string) => galleryBuilds({ q, sort: 'relevance', tag: null, competition: null, limit: 100 }).map((build) => build.title);

it('merges the search index step by step, dropping what edits left behind, and every search answers as before', async () => {
  const words = ['frosted', 'stealth', 'neon', 'arctic', 'crimson'];
  // Enough words for an index of many pages, so that a merge of one page at a time takes several steps.
  const story = (index: number) => Array.from({ length: 40 }, (_, word) => `part${index}x${word}`).join(' ');
  for (let index = 0; index < 60; index++) {
    const id = await aListedBuild({ title: `${words[index % words.length]} tower ${index}` });
    // Each edit writes the build's text anew, in a segment of its own.
    for (const word of words.slice(0, 3))
      db()
        .update(builds)
        .set({ description: `Now with ${word} fans. ${story(index)}` })
        .where(eq(builds.id, id))
        .run();
  }
  const queries = ['frosted', 'tower', 'neon fans', 'tower 7', 'arct', 'part7x3'];
  const answers = queries.map(search);
  const before = { bytes: indexBytes(), segments: searchIndexSegments() };

  const steps = [...mergeSearchIndex(1)].length;

  expect(steps).toBeGreaterThan(1);
  expect(before.segments).toBeGreaterThan(1);
  expect(searchIndexSegments()).toBe(1);
  expect(indexBytes()).toBeLessThan(before.bytes);
  expect(queries.map(search)).toEqual(answers);
  expect(search('tower')).toHaveLength(60);
  expect([...mergeSearchIndex()]).toHaveLength(0);
});
