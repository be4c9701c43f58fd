import { describe, expect, it } from 'vitest';
import type { RoastFacts } from '~/roast/facts';
import { REPLY_LINES } from './lines/replies';
import { lineId, NO_MEMORY, recentLines, REPLY_MEMORY } from './memory';
import { composeReply, type ComposeReplyInput } from './reply';

/** A reply with no earlier replies to avoid. */
const reply = (input: Omit<ComposeReplyInput, 'memory'>) => composeReply({ ...input, memory: NO_MEMORY }).text;

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
      expect(reply(input)).toBe(reply({ ...input }));
    }
  });

  it('keeps every reply between 15 and 60 words, with or without facts', () => {
    for (const [i, comment] of COMMENTS.entries()) {
      for (const facts of [FACTS, null]) {
        for (let seed = 0; seed < 10; seed++) {
          const text = reply({ seed: `${i}-${seed}`, title: seed % 2 ? 'Rate my setup' : '', facts, comment });
          expect(words(text), text).toBeGreaterThanOrEqual(15);
          expect(words(text), text).toBeLessThanOrEqual(60);
          expect(text).not.toMatch(/[{}<>]|undefined|null/);
        }
      }
    }
  });

  it('answers about the part the comment defends, by name', () => {
    for (let seed = 0; seed < 10; seed++) {
      expect(reply({ seed: `gpu-${seed}`, title: 'My build', facts: FACTS, comment: 'My 4090 is perfectly fine, actually' })).toMatch(
        /RTX 4090|RTX|frames|card/,
      );
      expect(reply({ seed: `case-${seed}`, title: 'My build', facts: FACTS, comment: 'love the case' })).toContain('Lian Li O11 Dynamic');
    }
  });

  // Issue 42: "is the dual-GPU real or a render?" got "Defending the RTX 4090, I see."
  it('answers the question a comment asks first, from the build’s parts, then jokes', () => {
    const parts = [
      { category: 'PSU' as const, name: 'Corsair RM850x' },
      { category: 'CPU' as const, name: 'Ryzen 5 5600' },
    ];
    const first = (comment: string) => reply({ seed: comment, title: 'My build', facts: FACTS, parts, comment }).split(/(?<=\.)\s/)[0];
    expect(first('is the dual-GPU real or a render?')).toMatch(/real photo .* not a render/);
    expect(first('what cooler is that?')).toMatch(/^That's the NZXT Kraken 360, a 360\smm AIO, plenty for the Ryzen 5 5600/);
    expect(first('will the CPU bottleneck that GPU?')).toMatch(/^Yes, the Ryzen 5 5600 will bottleneck the RTX 4090/);
    expect(first('what should I upgrade first?')).toMatch(/^The Ryzen 5 5600 holds the RTX 4090 back in games: a Ryzen 7 5700X3D/);
    expect(first('is the PSU enough for this?')).toMatch(/^Yes, the 850\sW supply is enough: these parts peak near 700\sW/);
    expect(first('how much did this cost?')).toMatch(/price is not on the build's page/);
    expect(reply({ seed: 'c', title: 'Node 202 console killer', facts: null, comment: 'which case is this?' })).toMatch(
      /^That's the Fractal Node 202, which takes cards up to 310\smm and no radiator\./,
    );
    expect(reply({ seed: 'n', title: 'My build', facts: { ...FACTS, cooler: null }, comment: 'which cooler is it?' })).toMatch(
      /^The cooler is not named/,
    );
  });

  it('answers every question of a comment that asks several, in the order asked (a hostile member’s several-in-one)', () => {
    const parts = [
      { category: 'PSU' as const, name: 'Corsair RM850x' },
      { category: 'CPU' as const, name: 'Ryzen 5 5600' },
    ];
    const text = reply({
      seed: 'several',
      title: 'My build',
      facts: FACTS,
      parts,
      comment: 'Sick build. Is the PSU enough? Will it bottleneck?',
    });
    expect(text).toMatch(
      /^Yes, the 850\sW supply is enough: these parts peak near 700\sW\. Yes, the Ryzen 5 5600 will bottleneck the RTX 4090/,
    );
    expect(words(text)).toBeLessThanOrEqual(60);
    // Shouted, and the same question twice: answered once.
    expect(reply({ seed: 'loud', title: 'My build', facts: FACTS, comment: 'WHAT COOLER IS THAT??? WHAT COOLER?!' })).toMatch(
      /^That's the NZXT Kraken 360, a 360\smm AIO, plenty for the Ryzen 7 7800X3D\.(?! That's)/,
    );
  });

  // Issue 42: a comment asking about a part the build does not have was answered about the part it has.
  it('says so when a question names a part the build does not have, then answers about the one it has', () => {
    const parts = [{ category: 'CPU' as const, name: 'Ryzen 5 5600' }];
    const first = (comment: string, facts: RoastFacts | null = FACTS) =>
      reply({ seed: comment, title: 'My build', facts, parts, comment }).split(/(?<=\.)\s/);
    expect(first('Will the RTX 5090 bottleneck on that CPU?').slice(0, 2).join(' ')).toMatch(
      /^There's no RTX 5090 in this build: the card is the RTX 4090\. Yes, the Ryzen 5 5600 will bottleneck the RTX 4090/,
    );
    expect(first('how hot does the i9-14900K run?')[0]).toBe("There's no Core i9-14900K in this build: the processor is the Ryzen 5 5600.");
    expect(first('is the 4070 enough?', { ...FACTS, gpu: null })[0]).toBe(
      "The parts list names no card, so I can't say whether it's the RTX 4070.",
    );
    // Naming the part it has is no mistake.
    expect(first('Will the RTX 4090 bottleneck?')[0]).toMatch(/^Yes, the Ryzen 5 5600 will bottleneck the RTX 4090/);
  });

  it('names the part from the title when there are no facts', () => {
    const replies = Array.from({ length: 10 }, (_, seed) =>
      reply({ seed: `t-${seed}`, title: 'Ryzen 9 9950X3D monster', facts: null, comment: 'That CPU though' }),
    );
    expect(replies.some((text) => text.includes('Ryzen 9 9950X3D'))).toBe(true);
  });

  it('never quotes the comment back', () => {
    const comment = 'Unmistakable phrase zebra quantum <script>alert(1)</script>';
    for (let seed = 0; seed < 20; seed++) {
      expect(reply({ seed: `echo-${seed}`, title: 'My build', facts: FACTS, comment })).not.toMatch(/zebra|quantum|script|alert/i);
    }
  });

  it('varies with the seed', () => {
    const replies = new Set(
      Array.from({ length: 20 }, (_, seed) => reply({ seed: `v-${seed}`, title: 'My build', facts: FACTS, comment: 'nice build' })),
    );
    expect(replies.size).toBeGreaterThan(3);
  });

  it('repeats none of the last 50 replies while another line is left, even when every comment is about the same thing', () => {
    const history: string[][] = [];
    const texts: string[] = [];
    for (let i = 0; i < 150; i++) {
      const memory = { recent: recentLines(history.slice(-REPLY_MEMORY).reverse()), weights: new Map() };
      const { text, lines } = composeReply({ seed: `same-${i}`, title: 'My RTX 4090 build', facts: FACTS, comment: 'lol the RGB', memory });
      expect(texts.slice(-REPLY_MEMORY), text).not.toContain(text);
      texts.push(text);
      history.push(lines);
    }
  });

  it('takes the topic’s fresh lines first, then general ones, then puts a reply together', () => {
    const topicIds = REPLY_LINES.rgb.map((line) => lineId(line));
    const generalIds = REPLY_LINES.general.map((line) => lineId(line));
    const input = { seed: 'order', title: 'My build', facts: FACTS, comment: 'lol the RGB' };
    const fresh = composeReply({ ...input, memory: NO_MEMORY });
    expect(topicIds).toContain(fresh.lines[0]);
    const topicUsed = { recent: new Map(topicIds.map((id) => [id, 1])), weights: new Map() };
    expect(generalIds).toContain(composeReply({ ...input, memory: topicUsed }).lines[0]);
    const allUsed = { recent: new Map([...topicIds, ...generalIds].map((id) => [id, 1])), weights: new Map() };
    const composed = composeReply({ ...input, memory: allUsed });
    expect([...topicIds, ...generalIds]).not.toContain(composed.lines[0]);
    expect(words(composed.text)).toBeGreaterThanOrEqual(15);
  });
});
