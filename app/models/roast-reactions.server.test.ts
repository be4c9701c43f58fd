import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { builds } from '../../db/schema';
import { lineWeight } from '~/roast/builtin/memory';
import { BUILTIN_MODEL_NAME } from '~/roast/facts';
import { db } from '~/services/db.server';
import { roastMemory } from './roast-memory.server';
import { reactToRoast, roastReactionsOf } from './roast-reactions.server';
import { saveRoast } from './roasts.server';
import { builtinFacts } from '~/roast/builtin/index.server';
import { parseTitle } from '~/roast/builtin/title';
import { aListedBuild, aMember } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

const T = Date.UTC(2026, 10, 1);
const facts = builtinFacts(
  {
    width: 1080,
    height: 720,
    megapixels: 0.78,
    orientation: 'landscape',
    brightness: 0.4,
    saturation: 0.3,
    hueSpread: 0.2,
    sharpness: 0.8,
    blurry: false,
    dark: false,
    bright: false,
    rgb: 'some',
    colours: ['black'],
  },
  parseTitle('Test rig'),
);

withScreeningOff();

function roast(buildId: number, lines: string[], at: number) {
  db().transaction((tx) =>
    saveRoast(
      tx,
      buildId,
      { text: `Roast ${lines.join(' ')}`, advice: [], facts, author: { provider: 'builtin', model: BUILTIN_MODEL_NAME }, lines },
      new Date(at),
    ),
  );
}

const roastedAt = (buildId: number) => db().select({ at: builds.roastedAt }).from(builds).where(eq(builds.id, buildId)).get()!.at!;

describe('reactToRoast', () => {
  it('keeps one reaction per member and roast, changeable, and counts them', async () => {
    const buildId = await aListedBuild();
    roast(buildId, ['a'], T);
    const [ann, bob] = [aMember().id, aMember().id];
    expect(reactToRoast({ buildId, userId: ann, reaction: 'landed' })).toEqual({ ok: true });
    expect(reactToRoast({ buildId, userId: bob, reaction: 'landed' })).toEqual({ ok: true });
    expect(reactToRoast({ buildId, userId: ann, reaction: 'missed' })).toEqual({ ok: true });
    expect(roastReactionsOf(buildId, roastedAt(buildId), ann)).toEqual({ landed: 1, missed: 1, mine: 'missed' });
    expect(roastReactionsOf(buildId, roastedAt(buildId), null)).toEqual({ landed: 1, missed: 1, mine: null });
  });

  it('refuses a build with no roast, an unlisted build and an unknown one, writing nothing', async () => {
    const userId = aMember().id;
    const unroasted = await aListedBuild();
    expect(reactToRoast({ buildId: unroasted, userId, reaction: 'landed' })).toEqual({ ok: false, reason: 'not_roasted' });
    const held = await aListedBuild();
    roast(held, ['a'], T);
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, held)).run();
    expect(reactToRoast({ buildId: held, userId, reaction: 'landed' })).toEqual({ ok: false, reason: 'not_listed' });
    expect(reactToRoast({ buildId: 999_999, userId, reaction: 'landed' })).toEqual({ ok: false, reason: 'not_found' });
    expect(roastReactionsOf(held, roastedAt(held), userId)).toEqual({ landed: 0, missed: 0, mine: null });
  });

  it('starts a fresh roast from zero', async () => {
    const buildId = await aListedBuild();
    const userId = aMember().id;
    roast(buildId, ['a'], T);
    reactToRoast({ buildId, userId, reaction: 'landed' });
    roast(buildId, ['b'], T + 86_400_000);
    expect(roastReactionsOf(buildId, roastedAt(buildId), userId)).toEqual({ landed: 0, missed: 0, mine: null });
  });
});

describe('roastMemory', () => {
  it('knows the newest roasts’ lines with their age, and weighs each line by the members who reacted, once each', async () => {
    const [first, second, third] = [await aListedBuild(), await aListedBuild(), await aListedBuild()];
    roast(first, ['opener-1', 'shared'], T);
    roast(second, ['opener-2', 'shared'], T + 1000);
    roast(third, ['opener-3'], T + 2000);
    const [ann, bob, cat] = [aMember().id, aMember().id, aMember().id];
    // Ann finds both roasts with the shared line landed: she counts once for it.
    reactToRoast({ buildId: first, userId: ann, reaction: 'landed' });
    reactToRoast({ buildId: second, userId: ann, reaction: 'landed' });
    reactToRoast({ buildId: second, userId: bob, reaction: 'missed' });
    reactToRoast({ buildId: third, userId: cat, reaction: 'missed' });

    const memory = db().transaction((tx) => roastMemory(tx));
    expect(memory.recent).toEqual(
      new Map([
        ['opener-3', 0],
        ['opener-2', 1],
        ['shared', 1],
        ['opener-1', 2],
      ]),
    );
    expect(memory.weights.get('shared')).toBe(lineWeight(1, 1));
    expect(memory.weights.get('opener-1')).toBe(lineWeight(1, 0));
    expect(memory.weights.get('opener-3')).toBe(lineWeight(0, 1));
  });
});
