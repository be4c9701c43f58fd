import { describe, expect, it } from 'vitest';
import { adviceFollowed, GLOW_UP_MIN_RATINGS, improvement, improvementText, partChanges } from './glow-ups';

describe('what changed between two parts lists', () => {
  it('pairs a part gone with one of its kind come as a replacement, and tells the rest as added or removed', () => {
    const before = [
      { category: 'GPU' as const, name: 'RTX 3060' },
      { category: 'CPU' as const, name: 'Ryzen 5 5600X' },
      { category: 'cooler' as const, name: 'Wraith Stealth' },
    ];
    const after = [
      { category: 'GPU' as const, name: 'RX 7800 XT' },
      { category: 'CPU' as const, name: 'ryzen 5  5600x' },
      { category: 'PSU' as const, name: 'Corsair RM850x' },
    ];
    expect(partChanges(before, after)).toEqual({
      replaced: [{ category: 'GPU', from: 'RTX 3060', to: 'RX 7800 XT' }],
      removed: [{ category: 'cooler', name: 'Wraith Stealth' }],
      added: [{ category: 'PSU', name: 'Corsair RM850x' }],
    });
  });

  it('finds no change in the same list, and counts a part listed twice twice', () => {
    const fans = { category: 'other' as const, name: 'Arctic P12' };
    expect(partChanges([fans], [fans])).toEqual({ added: [], removed: [], replaced: [] });
    expect(partChanges([fans], [fans, fans]).added).toEqual([fans]);
  });
});

describe('whether the owner listened to the earlier advice', () => {
  const before = [
    { category: 'GPU' as const, name: 'RTX 3060' },
    { category: 'CPU' as const, name: 'Ryzen 7 9800X3D' },
  ];
  const advice = ['The RTX 3060 is the part to upgrade first: an RX 7800 XT would be a clear step up.', 'Tidy the cables.'];

  it('listened when a part the advice named was replaced', () => {
    const after = [{ category: 'GPU' as const, name: 'RX 7800 XT' }, before[1]!];
    expect(adviceFollowed(advice, before, partChanges(before, after))).toEqual({ verdict: 'listened', advised: ['RTX 3060'] });
  });

  it('ignored when every part the advice named is still there, whatever else changed', () => {
    const after = [...before, { category: 'RAM' as const, name: '64 GB DDR5' }];
    expect(adviceFollowed(advice, before, partChanges(before, after)).verdict).toBe('ignored');
  });

  it('unclear when the advice named none of the parts', () => {
    expect(adviceFollowed(['Tidy the cables.'], before, partChanges(before, [])).verdict).toBe('unclear');
    expect(adviceFollowed([], before, partChanges(before, [])).verdict).toBe('unclear');
  });
});

describe('improvement', () => {
  it('is the average after minus the average before, once both have enough ratings', () => {
    const enough = GLOW_UP_MIN_RATINGS;
    expect(improvement({ averageRating: 3, ratingCount: enough }, { averageRating: 4.5, ratingCount: enough })).toBe(1.5);
    expect(improvement({ averageRating: 1, ratingCount: enough }, { averageRating: 5, ratingCount: enough - 1 })).toBeNull();
  });
});

describe('improvementText', () => {
  it('signs the change and rounds it to one decimal, a change that rounds to nothing unsigned', () => {
    expect([1.25, -0.44, 0.04, -0.04, 0].map(improvementText)).toEqual(['+1.3', '-0.4', '0.0', '0.0', '0.0']);
  });
});
