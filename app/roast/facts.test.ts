import { describe, expect, it } from 'vitest';
import { SAMPLE_FACTS } from '#tests/support/fake-ollama';
import { clipFacts, type RoastFacts, roastFactsSchema, spottedList, withConfirmedParts } from './facts';

describe('spottedList', () => {
  it('lists what was seen, most telling first, and leaves out what was not', () => {
    expect(spottedList(SAMPLE_FACTS)).toEqual([
      'GPU: RTX 4080',
      'Cooler: 360 mm AIO liquid cooler',
      'Case: white mid-tower with glass side panel',
      'Lots of RGB',
      'Messy cables',
      'White build',
      'Vertical GPU',
      'Setting: cluttered desk',
    ]);
    const bare: RoastFacts = {
      ...SAMPLE_FACTS,
      gpu: null,
      cooler: null,
      case: null,
      rgb: 'none',
      cableManagement: 'unknown',
      features: [],
      setting: null,
      peripherals: [],
      colours: ['black'],
    };
    expect(spottedList(bare)).toEqual(['Colours: black']);
  });
});

describe('clipFacts', () => {
  it('cuts long lists and names to the schema, and leaves other mistakes for the schema to refuse', () => {
    const clipped = clipFacts({ ...SAMPLE_FACTS, colours: ['a', 'b', 'c', 'd', 'e', 'f'], setting: ` ${'x'.repeat(200)} ` });
    expect(roastFactsSchema.parse(clipped)).toMatchObject({ colours: ['a', 'b', 'c', 'd', 'e'], setting: 'x'.repeat(120) });
    expect(roastFactsSchema.safeParse(clipFacts({ ...SAMPLE_FACTS, rgb: 'blinding' })).success).toBe(false);
    expect(clipFacts('not facts')).toBe('not facts');
  });
});

describe('withConfirmedParts', () => {
  it('puts the owner’s confirmed parts over the photo’s guesses, the first of a category winning', () => {
    const guessed: RoastFacts = { ...SAMPLE_FACTS, gpu: 'RTX 3060', cpu: null, peripherals: ['mousepad'] };
    const merged = withConfirmedParts(guessed, [
      { category: 'GPU', name: 'RTX 4090' },
      { category: 'GPU', name: 'RTX 2060' },
      { category: 'CPU', name: 'Ryzen 7 7800X3D' },
      { category: 'monitor', name: 'LG 27GR95QE' },
      { category: 'RAM', name: '64 GB DDR5' },
    ]);
    expect(merged).toMatchObject({ gpu: 'RTX 4090', cpu: 'Ryzen 7 7800X3D', peripherals: ['LG 27GR95QE', 'mousepad'] });
    expect(guessed.gpu).toBe('RTX 3060');
  });

  it('leaves the facts as they were without confirmed parts', () => {
    const guessed: RoastFacts = { ...SAMPLE_FACTS, gpu: 'RTX 3060' };
    expect(withConfirmedParts(guessed, [])).toEqual(guessed);
  });
});
