import { describe, expect, it } from 'vitest';
import { SAMPLE_FACTS } from '#tests/support/fake-ollama';
import { clipFacts, type RoastFacts, roastFactsSchema, spottedList } from './facts';

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
