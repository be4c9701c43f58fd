import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PART_CATEGORIES } from '~/domain/build-parts';
import { ADVICE_ITEMS } from '~/domain/roast-intensity';
import { builtinAdvice, weakestPart } from './advice';
import { somePhotoAnalysis, someRoastFacts } from '#tests/support/roast-fixtures';

const FACTS = someRoastFacts({ cableManagement: 'unknown' });
const PHOTO = somePhotoAnalysis();

const advise = (input: Partial<Parameters<typeof builtinAdvice>[0]>) =>
  builtinAdvice({ title: 'My build', facts: FACTS, parts: [], photo: PHOTO, ...input });

describe('weakestPart', () => {
  it('picks the part furthest down its line-up', () => {
    expect(
      weakestPart([
        { category: 'GPU', name: 'RTX 4090' },
        { category: 'CPU', name: 'Core i3-12100F' },
        { category: 'cooler', name: 'Arctic Liquid Freezer III 360' },
      ])?.name,
    ).toBe('Core i3-12100F');
    expect(
      weakestPart([
        { category: 'CPU', name: 'Ryzen 7 7800X3D' },
        { category: 'GPU', name: 'GTX 1060' },
      ])?.name,
    ).toBe('GTX 1060');
    expect(
      weakestPart([
        { category: 'GPU', name: 'RTX 4080 Super' },
        { category: 'CPU', name: 'Core i9-14900K' },
        { category: 'cooler', name: 'AMD Wraith Stealth' },
      ])?.name,
    ).toBe('AMD Wraith Stealth');
  });

  it('prefers the GPU on a tie, and ignores parts it cannot place', () => {
    expect(
      weakestPart([
        { category: 'CPU', name: 'Ryzen 5 5600' },
        { category: 'GPU', name: 'RTX 4070' },
      ])?.category,
    ).toBe('GPU');
    expect(
      weakestPart([
        { category: 'RAM', name: '32 GB DDR5' },
        { category: 'GPU', name: 'mystery card' },
      ]),
    ).toBeNull();
  });
});

describe('builtinAdvice', () => {
  it('names the weakest confirmed part’s upgrade first, over the photo’s guess', () => {
    const advice = advise({
      facts: { ...FACTS, gpu: 'GTX 1050' },
      parts: [
        { category: 'GPU', name: 'RTX 4090' },
        { category: 'CPU', name: 'Ryzen 3 3100' },
      ],
    });
    expect(advice[0]).toMatch(/^The Ryzen 3 3100 is the weakest of your confirmed parts: .*socket/);
    expect(advice.join(' ')).not.toContain('GTX 1050');
  });

  it('falls back to the parts the title names, and asks for the parts list when none are known', () => {
    expect(advise({ facts: { ...FACTS, gpu: 'GTX 1060', cpu: 'Ryzen 7 5800X3D' } })[0]).toMatch(
      /^The GTX 1060 is the weakest of the parts named/,
    );
    expect(advise({})[0]).toMatch(/parts list/);
  });

  it('gives cable and airflow advice that fits what was seen', () => {
    expect(advise({ facts: { ...FACTS, cableManagement: 'messy' } }).join(' ')).toMatch(/Velcro/);
    expect(advise({ facts: { ...FACTS, features: ['small form factor'] } }).join(' ')).toMatch(/small case/);
    expect(advise({ facts: { ...FACTS, features: ['dust'] } }).join(' ')).toMatch(/dust filters/);
    expect(advise({ photo: { ...PHOTO, dark: true } }).join(' ')).toMatch(/next photo/);
  });

  it('is the same for the same facts', () => {
    const input = { facts: { ...FACTS, cableManagement: 'okay' as const }, parts: [{ category: 'GPU' as const, name: 'RX 6600' }] };
    expect(advise(input)).toEqual(advise(structuredClone(input)));
  });

  it('always gives 3 to 5 distinct suggestions, whatever the facts and parts', () => {
    const text = fc.string({ maxLength: 40 });
    fc.assert(
      fc.property(
        fc.record({
          gpu: fc.option(fc.constantFrom('RTX 4090', 'GTX 1060', 'RX 7600', 'Arc B580', 'large graphics card')),
          cpu: fc.option(fc.constantFrom('Core i9-14900K', 'Ryzen 5 5600', 'i3-12100F', 'CPU')),
          cooler: fc.option(fc.constantFrom('Wraith Stealth', 'Hyper 212', 'NH-D15', 'Kraken 360', 'AIO')),
          rgb: fc.constantFrom('none', 'some', 'lots', 'overload'),
          cableManagement: fc.constantFrom('clean', 'okay', 'messy', 'unknown'),
          features: fc.array(fc.constantFrom('dust', 'small form factor', 'custom loop', 'white build'), { maxLength: 4 }),
        }),
        fc.array(fc.record({ category: fc.constantFrom(...PART_CATEGORIES), name: text }), { maxLength: 6 }),
        fc.option(fc.record({ dark: fc.boolean(), blurry: fc.boolean(), bright: fc.boolean() })),
        text,
        (facts, parts, photo, title) => {
          const advice = builtinAdvice({ title, facts: { ...FACTS, ...facts }, parts, photo: photo ? { ...PHOTO, ...photo } : null });
          expect(advice.length).toBeGreaterThanOrEqual(ADVICE_ITEMS.min);
          expect(advice.length).toBeLessThanOrEqual(ADVICE_ITEMS.max);
          expect(new Set(advice).size).toBe(advice.length);
        },
      ),
    );
  });
});
