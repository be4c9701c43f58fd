import { describe, expect, it } from 'vitest';
import { adviceFollowed, type ListedPart, partChanges } from '~/domain/glow-ups';
import { ROAST_INTENSITIES } from '~/domain/roast-intensity';
import { withConfirmedParts } from '~/roast/facts';
import type { EarlierRoast } from '~/roast/glow-up';
import { ROAST_WORDS } from '~/roast/prompts';
import { composeRoast } from './compose';
import { builtinFacts } from './derive-facts';
import { NO_MEMORY } from './memory';
import { countWords } from './text';
import { parseTitle } from './title';
import { somePhotoAnalysis } from '#tests/support/roast-fixtures';

const before: ListedPart[] = [
  { category: 'GPU', name: 'RTX 3060' },
  { category: 'CPU', name: 'Ryzen 5 5600X' },
];
const advice = ['The RTX 3060 is the part to upgrade first: an RX 7800 XT is a clear step up.', 'Tidy the cables.'];

function earlierFor(after: ListedPart[], earlierAdvice = advice): EarlierRoast {
  const changes = partChanges(before, after);
  return { roast: 'That RTX 3060 is wheezing.', advice: earlierAdvice, changes, verdict: adviceFollowed(earlierAdvice, before, changes) };
}

function roastOf(after: ListedPart[], earlier: EarlierRoast, intensity: (typeof ROAST_INTENSITIES)[number] = 'medium', seed = 'glow') {
  const facts = withConfirmedParts(builtinFacts(somePhotoAnalysis(), parseTitle('Glowed up')), after);
  return composeRoast({ seed, title: 'Glowed up', facts, photo: somePhotoAnalysis(), memory: NO_MEMORY, intensity, earlier }).text;
}

describe('the built-in roast of a glow-up', () => {
  const upgraded: ListedPart[] = [{ category: 'GPU', name: 'RX 7800 XT' }, before[1]!];

  it('says the owner listened when they replaced the part the earlier advice named, and names both', () => {
    for (const intensity of ROAST_INTENSITIES) {
      const text = roastOf(upgraded, earlierFor(upgraded), intensity);
      expect(text).toContain('You listened');
      expect(text).toContain('RTX 3060');
      expect(text).toContain('RX 7800 XT');
      expect(countWords(text)).toBeLessThanOrEqual(ROAST_WORDS.max);
    }
  });

  it('says the owner did not listen when the part the advice named is still there', () => {
    const added: ListedPart[] = [...before, { category: 'RAM', name: '64 GB DDR5' }];
    for (const intensity of ROAST_INTENSITIES) {
      const text = roastOf(added, earlierFor(added), intensity);
      expect(text).toContain('You did not listen');
      expect(text).toContain('RTX 3060');
    }
  });

  it('tells what changed when the advice named no part, and says so when nothing changed', () => {
    const added: ListedPart[] = [...before, { category: 'PSU', name: 'Corsair RM850x' }];
    const changed = roastOf(added, earlierFor(added, ['Tidy the cables.']));
    expect(changed).toContain('since last time you added the Corsair RM850x');
    expect(changed).not.toMatch(/You (did not )?listen/);
    expect(roastOf(before, earlierFor(before, []))).toContain('same parts list as last time');
  });

  it('is the same roast for the same seed, and a build that is no glow-up says nothing of one', () => {
    expect(roastOf(upgraded, earlierFor(upgraded))).toBe(roastOf(upgraded, earlierFor(upgraded)));
    const facts = withConfirmedParts(builtinFacts(somePhotoAnalysis(), parseTitle('Glowed up')), upgraded);
    const plain = composeRoast({
      seed: 'glow',
      title: 'Glowed up',
      facts,
      photo: somePhotoAnalysis(),
      memory: NO_MEMORY,
      intensity: 'medium',
    });
    expect(plain.text).not.toMatch(/glow-up|last roast|You listened/i);
  });
});
