import { describe, expect, it } from 'vitest';
import { FEATURED_MIN_RATINGS, FEATURED_WINDOW_MS, featuredBuilds } from './featured-builds.server';
import { rateBuild } from './ratings.server';
import { aListedBuild, aMember } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

const DAY = 24 * 3600_000;
const NOW = Date.parse('2026-11-22T12:00:00Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs);

withScreeningOff();

function rate(buildId: number, stars: number[]) {
  for (const rating of stars) rateBuild({ buildId, userId: aMember().id, rating }, at(-DAY));
}

const titles = (count = 3) => featuredBuilds(count, NOW).map((build) => build.title);

describe('featuredBuilds', () => {
  it('features well-rated recent builds above newer ones, best first', async () => {
    const good = await aListedBuild({ title: 'Good', at: at(-10 * DAY) });
    const best = await aListedBuild({ title: 'Best', at: at(-20 * DAY) });
    const poor = await aListedBuild({ title: 'Poor', at: at(-5 * DAY) });
    await aListedBuild({ title: 'Newest, unrated', at: at(-DAY) });
    rate(good, [4, 4, 4]);
    rate(best, [5, 5, 5, 5]);
    rate(poor, [1, 2, 1]);

    expect(titles()).toEqual(['Best', 'Good', 'Poor']);
  });

  it(`needs ${FEATURED_MIN_RATINGS} ratings: fewer count as unrated`, async () => {
    const lucky = await aListedBuild({ title: 'One lucky vote', at: at(-3 * DAY) });
    const rated = await aListedBuild({ title: 'Rated', at: at(-4 * DAY) });
    await aListedBuild({ title: 'Newest', at: at(-DAY) });
    rate(lucky, [5, 5]);
    rate(rated, [3, 3, 3]);

    expect(titles()).toEqual(['Rated', 'Newest', 'One lucky vote']);
  });

  it('leaves out builds older than the window, however well rated', async () => {
    const old = await aListedBuild({ title: 'Old favourite', at: at(-FEATURED_WINDOW_MS - DAY) });
    await aListedBuild({ title: 'Recent', at: at(-2 * DAY) });
    rate(old, [5, 5, 5, 5, 5]);

    expect(titles(1)).toEqual(['Recent']);
  });

  it('falls back to the newest builds while none qualifies, and to nothing on an empty site', async () => {
    expect(titles()).toEqual([]);
    await aListedBuild({ title: 'First', at: at(-3 * DAY) });
    await aListedBuild({ title: 'Second', at: at(-2 * DAY) });

    expect(titles()).toEqual(['Second', 'First']);
  });
});
