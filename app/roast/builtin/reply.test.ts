import { describe, expect, it } from 'vitest';
import type { RoastFacts } from '~/roast/facts';
import { composeReply } from './reply';

const FACTS: RoastFacts = {
  isPcBuild: true,
  gpu: 'RTX 4090',
  cpu: 'Ryzen 7 7800X3D',
  cooler: 'NZXT Kraken 360',
  case: 'Lian Li O11 Dynamic',
  rgb: 'lots',
  cableManagement: 'unknown',
  setting: null,
  peripherals: [],
  features: [],
  colours: ['black', 'purple'],
  safety: { people: false, nsfw: false, offensive: false },
};

const COMMENTS = [
  'My 4090 is perfectly fine, actually',
  'The GPU is the best part and you know it',
  'Ryzen for life',
  'temps never go above 70',
  'lol the RGB',
  'my cables are clean behind the panel',
  'love the case',
  'how much did this cost?',
  'sorry for the dark photo',
  'what would you upgrade first?',
  'thanks RoastBot!',
  'this is sick',
  'that roast was harsh',
  'first',
  '<img src=x onerror=alert(1)> <b>nice</b> build',
  'x'.repeat(5000),
  '',
];

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('composeReply', () => {
  it('answers the same comment the same way', () => {
    for (const comment of COMMENTS) {
      const input = { seed: `reply:${comment.length}`, title: 'My RTX 4090 build', facts: FACTS, comment };
      expect(composeReply(input)).toBe(composeReply({ ...input }));
    }
  });

  it('keeps every reply between 15 and 60 words, with or without facts', () => {
    for (const [i, comment] of COMMENTS.entries()) {
      for (const facts of [FACTS, null]) {
        for (let seed = 0; seed < 10; seed++) {
          const reply = composeReply({ seed: `${i}-${seed}`, title: seed % 2 ? 'Rate my setup' : '', facts, comment });
          expect(words(reply), reply).toBeGreaterThanOrEqual(15);
          expect(words(reply), reply).toBeLessThanOrEqual(60);
          expect(reply).not.toMatch(/[{}<>]|undefined|null/);
        }
      }
    }
  });

  it('answers about the part the comment defends, by name', () => {
    for (let seed = 0; seed < 10; seed++) {
      expect(
        composeReply({ seed: `gpu-${seed}`, title: 'My build', facts: FACTS, comment: 'My 4090 is perfectly fine, actually' }),
      ).toMatch(/RTX 4090|RTX|frames|card/);
      expect(composeReply({ seed: `case-${seed}`, title: 'My build', facts: FACTS, comment: 'love the case' })).toContain(
        'Lian Li O11 Dynamic',
      );
    }
  });

  it('names the part from the title when there are no facts', () => {
    const replies = Array.from({ length: 10 }, (_, seed) =>
      composeReply({ seed: `t-${seed}`, title: 'Ryzen 9 9950X3D monster', facts: null, comment: 'That CPU though' }),
    );
    expect(replies.some((reply) => reply.includes('Ryzen 9 9950X3D'))).toBe(true);
  });

  it('never quotes the comment back', () => {
    const comment = 'Unmistakable phrase zebra quantum <script>alert(1)</script>';
    for (let seed = 0; seed < 20; seed++) {
      const reply = composeReply({ seed: `echo-${seed}`, title: 'My build', facts: FACTS, comment });
      expect(reply).not.toMatch(/zebra|quantum|script|alert/i);
    }
  });

  it('varies with the seed', () => {
    const replies = new Set(
      Array.from({ length: 20 }, (_, seed) => composeReply({ seed: `v-${seed}`, title: 'My build', facts: FACTS, comment: 'nice build' })),
    );
    expect(replies.size).toBeGreaterThan(3);
  });
});
