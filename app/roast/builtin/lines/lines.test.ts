import { describe, expect, it } from 'vitest';
import { countWords, fill, PLACEHOLDERS, type Placeholder } from '../text';
import { BRAND_LINES, OTHER_BRAND_LINES } from './brands';
import { CASE_LINES } from './cases';
import { CLOSERS } from './closers';
import { COLOUR_LINES } from './colours';
import { COOLER_LINES } from './coolers';
import { CPU_LINES } from './cpus';
import { FEATURE_LINES } from './features';
import { FILLER_LINES } from './fillers';
import { GENTLE_CLOSERS, GENTLE_OPENERS, GENTLE_PRAISE, SAVAGE_CLOSERS, SAVAGE_JABS, SAVAGE_OPENERS } from './intensity';
import { GPU_LINES } from './gpus';
import { FACT_OPENERS, GENERIC_OPENERS } from './openers';
import { PHOTO_LINES } from './photo';
import { REPLY_LINES, REPLY_SIGNOFFS } from './replies';
import { RGB_LINES } from './rgb';
import { CABLE_LINES, NOT_A_PC_LINES, PERIPHERAL_LINES, SETTING_LINES } from './surroundings';

/** Long sample values, so the word bounds hold for real part names. */
const SAMPLE: Record<Placeholder, string> = {
  gpu: 'RTX 4070 Ti Super',
  cpu: 'Ryzen 7 7800X3D',
  cooler: 'Arctic Liquid Freezer III 360',
  case: 'Lian Li O11 Dynamic EVO XL',
  title: '“My very first gaming build with a white theme”',
  colour: 'orange',
  brand: 'Thermalright',
  setting: 'cluttered desk',
  peripheral: 'mechanical keyboard',
};

type Pool = { name: string; lines: readonly string[]; uses: readonly Placeholder[]; needs?: Placeholder };

const groups = (
  name: string,
  record: Partial<Record<string, readonly string[]>>,
  uses: readonly Placeholder[] = [],
  needs?: Placeholder,
): Pool[] => Object.entries(record).map(([group, lines]) => ({ name: `${name}.${group}`, lines: lines ?? [], uses, needs }));

const OPENERS: Pool[] = [
  { name: 'generic openers', lines: GENERIC_OPENERS, uses: [] },
  { name: 'gentle openers', lines: GENTLE_OPENERS, uses: [] },
  { name: 'savage openers', lines: SAVAGE_OPENERS, uses: [] },
  ...Object.entries(FACT_OPENERS).map(([topic, lines]) => {
    const uses: Placeholder[] = topic === 'title' ? ['title'] : topic.startsWith('gpu-') ? ['gpu'] : [];
    return { name: `openers.${topic}`, lines, uses, needs: uses[0] };
  }),
];
const PARTS: Pool[] = [
  ...groups('gpus', GPU_LINES, ['gpu'], 'gpu'),
  ...groups('cpus', CPU_LINES, ['cpu'], 'cpu'),
  ...groups('coolers', COOLER_LINES, ['cooler'], 'cooler'),
  ...groups('cases', CASE_LINES, ['case'], 'case'),
];
const LOOKS: Pool[] = [
  ...groups('rgb', RGB_LINES),
  ...groups('colours', { ...COLOUR_LINES, other: [] }),
  { name: 'colours.other', lines: COLOUR_LINES.other, uses: ['colour'], needs: 'colour' },
  ...groups('photo', PHOTO_LINES),
  ...groups('features', FEATURE_LINES),
];
const SURROUNDINGS: Pool[] = [
  ...groups('cables', CABLE_LINES),
  ...groups('setting', SETTING_LINES, ['setting']),
  { name: 'peripherals', lines: PERIPHERAL_LINES, uses: ['peripheral'], needs: 'peripheral' },
  { name: 'not a PC', lines: NOT_A_PC_LINES, uses: [] },
  ...groups('brands', BRAND_LINES),
  { name: 'brands.other', lines: OTHER_BRAND_LINES, uses: ['brand'], needs: 'brand' },
  { name: 'fillers', lines: FILLER_LINES, uses: [] },
  ...Object.entries(GENTLE_PRAISE).map(([part, lines]) =>
    part === 'any'
      ? { name: 'praise.any', lines, uses: [] }
      : { name: `praise.${part}`, lines, uses: [part as Placeholder], needs: part as Placeholder },
  ),
  { name: 'savage jabs', lines: SAVAGE_JABS, uses: [] },
];
const BODY = [...PARTS, ...LOOKS, ...SURROUNDINGS];
const CLOSING: Pool[] = [
  { name: 'closers', lines: CLOSERS, uses: [] },
  { name: 'gentle closers', lines: GENTLE_CLOSERS, uses: [] },
  { name: 'savage closers', lines: SAVAGE_CLOSERS, uses: [] },
];
const REPLIES: Pool[] = [
  ...groups('replies', REPLY_LINES, ['gpu', 'cpu', 'cooler', 'case', 'title']),
  { name: 'signoffs', lines: REPLY_SIGNOFFS, uses: [] },
];
const ALL = [...OPENERS, ...BODY, ...CLOSING, ...REPLIES];

const size = (pools: Pool[]) => pools.reduce((sum, pool) => sum + pool.lines.length, 0);
const placeholders = (line: string) => [...line.matchAll(/\{(?:a:)?(\w+)\}/g)].map((match) => match[1]);
const firstSentence = (text: string) => text.split(/(?<=[.!?])\s/)[0] ?? '';

describe('the line pools', () => {
  it('are large enough', () => {
    expect(GENERIC_OPENERS.length).toBeGreaterThanOrEqual(80);
    expect(size(OPENERS) - GENERIC_OPENERS.length).toBeGreaterThanOrEqual(40);
    expect(CLOSERS.length).toBeGreaterThanOrEqual(40);
    for (const pool of PARTS) expect(pool.lines.length, pool.name).toBeGreaterThanOrEqual(4);
    for (const pool of LOOKS)
      if (pool.name !== 'colours.other' || pool.lines.length) expect(pool.lines.length, pool.name).toBeGreaterThanOrEqual(6);
    for (const pool of groups('cables', CABLE_LINES)) expect(pool.lines.length, pool.name).toBeGreaterThanOrEqual(6);
    expect(size(REPLIES)).toBeGreaterThanOrEqual(30);
    expect(size(ALL)).toBeGreaterThanOrEqual(500);
  });

  it('use only the placeholders their group can fill, and part lines name their part', () => {
    for (const pool of ALL) {
      for (const line of pool.lines) {
        expect(PLACEHOLDERS, line).toEqual(expect.arrayContaining(placeholders(line)));
        for (const used of placeholders(line)) expect(pool.uses, `${pool.name}: ${line}`).toContain(used);
        if (pool.needs) expect(placeholders(line), `${pool.name}: ${line}`).toContain(pool.needs);
      }
    }
  });

  it('let the filler choose "a" or "an" before a placeholder', () => {
    for (const pool of ALL) for (const line of pool.lines) expect(line, pool.name).not.toMatch(/\b(?:a|an)\s+\{/i);
  });

  it('hold no line twice', () => {
    const lines = ALL.flatMap((pool) => pool.lines);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('open with a different first sentence every time', () => {
    const sentences = OPENERS.flatMap((pool) => pool.lines.map((line) => firstSentence(fill(line, SAMPLE))));
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('keep each line to a length the composer can fit between 60 and 140 words', () => {
    const within = (pools: Pool[], min: number, max: number) => {
      for (const pool of pools) {
        for (const line of pool.lines) {
          const words = countWords(fill(line, SAMPLE));
          expect(words, `${pool.name}: ${line}`).toBeGreaterThanOrEqual(min);
          expect(words, `${pool.name}: ${line}`).toBeLessThanOrEqual(max);
        }
      }
    };
    // Shortest: 10 + 4 × 11 + 6 = 60 words. Longest opener and closer leave 88 words for at least two body lines.
    within(OPENERS, 10, 30);
    within(BODY, 11, 32);
    within(CLOSING, 6, 22);
    within(groups('replies', REPLY_LINES), 15, 45);
    within([{ name: 'signoffs', lines: REPLY_SIGNOFFS, uses: [] }], 1, 10);
  });

  it('roast hardware, never people', () => {
    const banned =
      /\b(?:stupid|idiot|dumb|moron|ugly|fat|loser|virgin|sexy|sex|nude|naked|girlfriend|boyfriend|wife|husband|mom|mum|mother|basement|retard\w*|gay|autis\w*|kill|suicide|die|dead|hate|neckbeard|smelly|stinky|shower|porn|drunk|beer|weed|nazi|crazy|insane|brain\w*|iq|skill issue|touch grass|no life|lonely gamer)\b/i;
    for (const pool of ALL) for (const line of pool.lines) expect(line, pool.name).not.toMatch(banned);
  });
});
