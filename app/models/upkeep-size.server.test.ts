import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/services/db.server';
import { aListedBuild, aMember } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';
import { battleVotes, builds, ratings } from '../../db/schema';
import { upkeepRows } from './upkeep-size.server';

withScreeningOff();

describe('upkeepRows', () => {
  it('is 0 on a new site', () => {
    expect(upkeepRows()).toBe(0);
  });

  it('adds the last ids of builds, ratings and battle votes: never fewer than their rows, whatever was deleted', async () => {
    const [low, high] = [await aListedBuild(), await aListedBuild()];
    const voter = aMember().id;
    db().insert(ratings).values({ id: 700, buildId: high, userId: voter, rating: 4 }).run();
    db().insert(battleVotes).values({ id: 40, voterId: voter, buildLow: low, buildHigh: high, outcome: 'low' }).run();
    expect(upkeepRows()).toBe(high + 700 + 40);

    // The vote goes with the build; the rating of the other stays.
    db().delete(builds).where(eq(builds.id, low)).run();
    expect(upkeepRows()).toBe(high + 700);
  });
});
