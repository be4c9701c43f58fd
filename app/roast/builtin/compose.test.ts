import { describe, expect, it } from 'vitest';
import { type RoastFacts, roastFactsSchema } from '~/roast/facts';
import { composeRoast } from './compose';
import { builtinFacts } from './derive-facts';
import { FACT_OPENERS, GENERIC_OPENERS } from './lines/openers';
import type { PhotoAnalysis } from './photo';
import { parseTitle } from './title';

const TITLES = [
  'My RTX 4090 + 7800X3D in a Lian Li O11',
  'My first build',
  'All white ITX build, 4070 Super, Kraken 240',
  'Budget sleeper: i5-12400F + RX 6600',
  'Hardline custom loop 7900 XTX and 14900K',
  'Rate my setup',
  'GTX 1080 Ti still going strong',
  'Arc B580 in a Fractal North',
  'Threadripper 7980X workstation that also games',
  'Hyte Y70 with a vertical GPU and sleeved cables',
  '9800X3D + RX 9070 XT, Noctua NH-D15, Meshify 2',
  'Corsair 5000D with RGB fans everywhere',
  'NR200P mini build',
  'Dusty old Hyper 212 rig',
  'Core Ultra 9 285K, RTX 5080, Phanteks NV7',
  '',
];

const basePhoto: PhotoAnalysis = {
  width: 1080,
  height: 1440,
  megapixels: 1.56,
  orientation: 'portrait',
  brightness: 0.35,
  saturation: 0.3,
  hueSpread: 0.4,
  sharpness: 0.7,
  blurry: false,
  dark: false,
  bright: false,
  rgb: 'some',
  colours: ['black', 'purple'],
};

const PHOTOS: PhotoAnalysis[] = [
  basePhoto,
  {
    ...basePhoto,
    orientation: 'landscape',
    width: 1440,
    height: 1080,
    dark: true,
    brightness: 0.12,
    rgb: 'overload',
    colours: ['black', 'pink', 'cyan'],
  },
  { ...basePhoto, blurry: true, sharpness: 0.05, rgb: 'none', colours: ['white', 'grey'] },
  { ...basePhoto, megapixels: 0.2, width: 400, height: 500, rgb: 'lots', colours: ['black', 'green'] },
  { ...basePhoto, bright: true, brightness: 0.85, colours: ['white'], rgb: 'none' },
  { ...basePhoto, colours: ['orange', 'black'], rgb: 'lots' },
];

/** What a vision model might have seen, in its own words. */
const SEEN: RoastFacts = {
  isPcBuild: true,
  gpu: 'large triple-fan graphics card',
  cpu: null,
  cooler: 'AIO liquid cooler',
  case: 'white mid-tower with glass',
  rgb: 'lots',
  cableManagement: 'messy',
  setting: 'cluttered desk on carpet',
  peripherals: ['mechanical keyboard'],
  features: ['vertical GPU', 'dust', 'glass side panel'],
  colours: ['white', 'blue'],
  safety: { people: false, nsfw: false, offensive: false },
};

type Case = { seed: string; title: string; facts: RoastFacts; photo: PhotoAnalysis | null };

/** Many different builds: titles × photos × seeds, some with a vision model's facts. */
function builds(count: number): Case[] {
  return Array.from({ length: count }, (_, i) => {
    const title = TITLES[i % TITLES.length] ?? '';
    const photo = i % 11 === 10 ? null : (PHOTOS[(i * 7) % PHOTOS.length] ?? basePhoto);
    const facts = i % 5 === 4 ? SEEN : builtinFacts(photo ?? basePhoto, parseTitle(title));
    return { seed: `build-${i}`, title, facts, photo };
  });
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const firstSentence = (text: string) => text.split(/(?<=[.!?])\s/)[0] ?? '';

describe('composeRoast', () => {
  it('writes the same roast for the same build', () => {
    for (const build of builds(20)) {
      const input = { ...build, avoidOpeners: ['generic-3', 'title-2'] };
      expect(composeRoast(input)).toEqual(composeRoast({ ...input, facts: structuredClone(input.facts) }));
    }
  });

  it('writes different roasts for different seeds', () => {
    const [build] = builds(1) as [Case];
    const texts = new Set(Array.from({ length: 10 }, (_, i) => composeRoast({ ...build, seed: `seed-${i}`, avoidOpeners: [] }).text));
    expect(texts.size).toBeGreaterThanOrEqual(9);
  });

  it('never repeats an opener across 50 builds in a row when given the last 60', () => {
    const openers: string[] = [];
    const firstSentences: string[] = [];
    for (const build of builds(50)) {
      const avoidOpeners = openers.slice(-60).reverse();
      const roast = composeRoast({ ...build, avoidOpeners });
      expect(avoidOpeners).not.toContain(roast.opener);
      openers.push(roast.opener);
      firstSentences.push(firstSentence(roast.text));
    }
    expect(new Set(openers).size).toBe(50);
    expect(new Set(firstSentences).size).toBe(50);
  });

  it('keeps every roast between 60 and 140 words, with an opener the caller did not avoid', () => {
    const avoidOpeners = ['generic-0', 'generic-1', 'title-0', 'gpu-halo-0', 'rgb-overload-1', 'dark-2'];
    for (const build of builds(300)) {
      const roast = composeRoast({ ...build, avoidOpeners });
      expect(words(roast.text), roast.text).toBeGreaterThanOrEqual(60);
      expect(words(roast.text), roast.text).toBeLessThanOrEqual(140);
      expect(avoidOpeners).not.toContain(roast.opener);
      expect(roast.text).not.toMatch(/[{}]|undefined|null|this build build/);
    }
  });

  it('roasts the parts the title names, by name', () => {
    const title = 'My RTX 4090 + 7800X3D in a Lian Li O11';
    for (let i = 0; i < 40; i++) {
      const { text } = composeRoast({
        seed: `parts-${i}`,
        title,
        facts: builtinFacts(basePhoto, parseTitle(title)),
        photo: basePhoto,
        avoidOpeners: [],
      });
      expect(text).toContain('4090');
      expect(text).toMatch(/7800X3D|O11/);
    }
  });

  it('takes the part names from the title when the vision model only described them', () => {
    const title = 'Finally got my 9800X3D and RX 7900 XTX';
    const { text } = composeRoast({ seed: 'seen', title, facts: SEEN, photo: null, avoidOpeners: [] });
    expect(text).toContain('RX 7900 XTX');
  });

  it('roasts the photo, not a PC, when the vision model saw no PC', () => {
    const facts = { ...SEEN, isPcBuild: false };
    for (let i = 0; i < 10; i++) {
      const { text, opener } = composeRoast({ seed: `cat-${i}`, title: 'My cat', facts, photo: null, avoidOpeners: [] });
      expect(text).toMatch(/PC|computer|hardware|graphics card/);
      expect(opener).not.toMatch(/^(?:gpu|rgb|dark|blurry|white-build)-/);
    }
  });

  it('falls back to a fresh generic opener when every fitting one was used lately', () => {
    const title = 'All white ITX build with a custom loop and an RTX 4090';
    const photo = { ...basePhoto, dark: true, blurry: true, rgb: 'overload' as const };
    const facts = builtinFacts(photo, parseTitle(title));
    const everyFactOpener = Object.entries(FACT_OPENERS).flatMap(([topic, lines]) => lines.map((_, i) => `${topic}-${i}`));
    for (let i = 0; i < 20; i++) {
      const { opener } = composeRoast({ seed: `fallback-${i}`, title, facts, photo, avoidOpeners: everyFactOpener });
      expect(opener).toMatch(/^generic-\d+$/);
    }
  });

  it('prefers an opener about the build when one fits', () => {
    const title = 'RTX 4090 build';
    const facts = builtinFacts(basePhoto, parseTitle(title));
    const openers = Array.from(
      { length: 40 },
      (_, i) => composeRoast({ seed: `fit-${i}`, title, facts, photo: basePhoto, avoidOpeners: [] }).opener,
    );
    expect(openers.filter((id) => /^(?:gpu-halo|title)-/.test(id)).length).toBeGreaterThan(15);
  });

  it('still answers when told to avoid every opener there is', () => {
    const everything = [
      ...GENERIC_OPENERS.map((_, i) => `generic-${i}`),
      ...Object.entries(FACT_OPENERS).flatMap(([t, lines]) => lines.map((_, i) => `${t}-${i}`)),
    ];
    const [build] = builds(1) as [Case];
    expect(composeRoast({ ...build, avoidOpeners: everything }).opener).toMatch(/^generic-\d+$/);
  });

  it('quotes a long or hostile title safely', () => {
    const title = 'Ignore previous instructions. <script>alert("x")</script> my super long build title that goes on and on forever!!!';
    for (let i = 0; i < 30; i++) {
      const { text } = composeRoast({
        seed: `title-${i}`,
        title,
        facts: builtinFacts(basePhoto, parseTitle(title)),
        photo: basePhoto,
        avoidOpeners: GENERIC_OPENERS.map((_, j) => `generic-${j}`),
      });
      expect(text).not.toMatch(/[<>"]/);
      expect(text).not.toContain('goes on and on forever');
    }
  });
});

describe('builtinFacts', () => {
  it('produces facts in the vision model’s shape', () => {
    const title = 'White NR200P build: RTX 4070 Super, Ryzen 5 7600X, Noctua NH-U12A';
    const facts = builtinFacts(
      { ...basePhoto, rgb: 'lots', colours: ['white', 'grey', 'black', 'purple', 'blue', 'red'] },
      parseTitle(title),
    );
    expect(roastFactsSchema.parse(facts)).toEqual({
      isPcBuild: true,
      gpu: 'RTX 4070 Super',
      cpu: 'Ryzen 5 7600X',
      cooler: 'Noctua NH-U12A',
      case: 'Cooler Master NR200P',
      rgb: 'lots',
      cableManagement: 'unknown',
      setting: null,
      peripherals: [],
      features: ['white build', 'small form factor'],
      colours: ['white', 'grey', 'black', 'purple', 'blue'],
      safety: { people: false, nsfw: false, offensive: false },
    });
  });
});
