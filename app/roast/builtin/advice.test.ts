import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PART_CATEGORIES } from '~/domain/build-parts';
import { ADVICE_ITEMS } from '~/domain/roast-intensity';
import { builtinAdvice } from './advice';
import { somePhotoAnalysis, someRoastFacts } from '#tests/support/roast-fixtures';

const FACTS = someRoastFacts({ cableManagement: 'unknown' });
const PHOTO = somePhotoAnalysis();

const advise = (input: Partial<Parameters<typeof builtinAdvice>[0]>) =>
  builtinAdvice({ title: 'My build', facts: FACTS, parts: [], photo: PHOTO, ...input });

describe('builtinAdvice', () => {
  it('names the upgrade for the part that holds the build back, from the confirmed parts over the photo’s guess', () => {
    const advice = advise({
      facts: { ...FACTS, gpu: 'GTX 1050' },
      parts: [
        { category: 'GPU', name: 'RTX 4090' },
        { category: 'CPU', name: 'Ryzen 3 3100' },
      ],
    });
    expect(advice[0]).toMatch(/^The Ryzen 3 3100 holds the RTX 4090 back in games: a Ryzen 7 5700X3D .* same AM4 motherboard/);
    expect(advice.join(' ')).not.toContain('GTX 1050');
  });

  it('falls back to the parts the title names, and asks for the parts list when none are known', () => {
    expect(advise({ facts: { ...FACTS, gpu: 'GTX 1060', cpu: 'Ryzen 7 5800X3D' } })[0]).toMatch(
      /^The GTX 1060 is the part to upgrade first/,
    );
    expect(advise({})[0]).toMatch(/parts list/);
  });

  // Issue 42: the demo builds' advice recommended what they already had, sidegrades, and a radiator the case cannot take.
  it('never recommends the cooler a build already has (Crimson Tempest: a 360 mm AIO on a Core i9-14900K)', () => {
    const advice = advise({
      parts: [
        { category: 'GPU', name: 'RTX 4090' },
        { category: 'CPU', name: 'Core i9-14900K' },
        { category: 'cooler', name: 'Arctic Liquid Freezer III 360' },
        { category: 'PSU', name: 'Corsair RM1000x' },
      ],
    }).join(' ');
    expect(advice).not.toMatch(/\b(?:360|420)\b[^.]*\bAIO\b/);
    expect(advice).not.toMatch(/Liquid Freezer[^.]*weakest/);
    expect(advice).toMatch(/RTX 5090/);
  });

  it('offers no AIO as an upgrade over a big dual-tower air cooler (Stealth Bomber Black, and with a Core i7-13700K)', () => {
    const cooler = { category: 'cooler' as const, name: 'Noctua NH-D15' };
    for (const parts of [[cooler], [cooler, { category: 'CPU' as const, name: 'Core i7-13700K' }]]) {
      expect(advise({ parts }).join(' ')).not.toMatch(/\bAIO\b/);
    }
  });

  it('keeps to what the case holds, offers no sidegrade, and makes no claim that contradicts a part (Aurora)', () => {
    const advice = advise({
      parts: [
        { category: 'case', name: 'Lian Li A4-H2O' },
        { category: 'GPU', name: 'RTX 4070 Ti Super' },
        { category: 'CPU', name: 'Ryzen 7 7800X3D' },
        { category: 'cooler', name: 'Lian Li Galahad 240 AIO' },
      ],
    }).join(' ');
    expect(advice).not.toMatch(/360\smm|RTX 5070\b|RX 9070\b/);
    expect(advice).not.toMatch(/runs hot|small for it/);
    expect(advice).toMatch(/RTX 5080/);
  });

  it('says so when nothing on sale is a clear step up', () => {
    const advice = advise({
      parts: [
        { category: 'GPU', name: 'RTX 5090' },
        { category: 'CPU', name: 'Ryzen 7 9800X3D' },
      ],
    });
    expect(advice[0]).toMatch(/^Nothing on sale today is a clear step up from the RTX 5090 and the Ryzen 7 9800X3D/);
  });

  it('puts a power supply that is short for the parts first, and a cooler that cannot carry its processor next', () => {
    const advice = advise({
      parts: [
        { category: 'GPU', name: 'RTX 4090' },
        { category: 'CPU', name: 'Core i9-14900K' },
        { category: 'cooler', name: 'Cooler Master Hyper 212' },
        { category: 'PSU', name: 'Corsair RM650x' },
        { category: 'case', name: 'Fractal North' },
      ],
    });
    expect(advice[0]).toMatch(/^The 650\sW power supply is short for these parts, which can peak near 850\sW/);
    expect(advice[1]).toMatch(/^The Cooler Master Hyper 212 cannot carry the Core i9-14900K .* dual-tower air cooler .* or a 240\smm AIO/);
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
