import { describe, expect, it } from 'vitest';
import { cutAtRepetition } from './repetition';

/** Feeds `text` as a model streams it, piece by piece, and answers the first cut. */
function streamed(text: string, pieceLength = 7): string | null {
  for (let end = pieceLength; end < text.length + pieceLength; end += pieceLength) {
    const cut = cutAtRepetition(text.slice(0, end));
    if (cut !== null) return cut;
  }
  return null;
}

const SENTENCE = 'You did not build a PC, you built a nightclub that happens to render frames. ';

describe('cutAtRepetition', () => {
  it('lets a roast with ordinary repeats of words through', () => {
    const roast =
      'An RTX 4080 in a white case with this much RGB? Very, very bright. ' +
      'The AIO is working overtime just to stay calm about those cables, which look like spaghetti. ' +
      'Tidy that desk, hide those wires, and maybe turn the brightness down. No no no.';
    expect(streamed(roast)).toBeNull();
    expect(streamed(JSON.stringify({ colours: ['white', 'white', 'purple'], gpu: null, cpu: null, case: null }))).toBeNull();
  });

  it('cuts a sentence said over and over after its first time', () => {
    const text = `Opening line here. ${SENTENCE.repeat(30)}`;
    expect(streamed(text)).toBe(`Opening line here. ${SENTENCE}`.trimEnd());
  });

  it('cuts one word over and over, keeping it once', () => {
    const cut = streamed(`So much ${'RGB '.repeat(200)}`, 3);
    expect(cut).not.toBeNull();
    expect(cut).toBe('So much RGB');
  });

  it('cuts a JSON list that never ends', () => {
    const cut = streamed(`{"isPcBuild": true, "peripherals": [${'"monitor", '.repeat(500)}`);
    expect(cut).not.toBeNull();
    expect(cut?.length).toBeLessThan(120);
  });

  it('is quick on a long answer', () => {
    const text = `${'word '.repeat(1)}${Array.from({ length: 2000 }, (_, index) => `w${index}`).join(' ')}`;
    const started = performance.now();
    expect(streamed(text, 4)).toBeNull();
    // A generous ceiling: a streamed answer is checked piece by piece.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
