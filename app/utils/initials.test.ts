import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it.each([
    ['takes the first letters of two words', 'Ada Lovelace', 'AL'],
    ['uses only the first two of three or more words', 'John Ronald Tolkien', 'JR'],
    ['takes the first two letters of a single word', 'NeonPhantom4821', 'NE'],
    ['gives the one letter of a one-letter name', 'q', 'Q'],
    ['ignores leading, trailing and repeated whitespace', '  Ada   \t Lovelace  ', 'AL'],
    ['ignores leading, trailing and repeated whitespace', '\n solo \n', 'SO'],
    ['upper-cases lowercase input', 'grace hopper', 'GH'],
    ['upper-cases lowercase input', 'gamer', 'GA'],
    ['keeps non-ASCII letters', 'Élodie Ñandú', 'ÉÑ'],
    ['keeps non-ASCII letters', 'ørjan', 'ØR'],
    ['never splits an emoji into surrogate halves', '🔥 Rig', '🔥R'],
    ['never splits an emoji into surrogate halves', '🔥🎮 builds', '🔥B'],
    ['never splits an emoji into surrogate halves', '🔥🎮', '🔥🎮'],
    ['never splits an emoji into surrogate halves', '🔥', '🔥'],
    ['never splits an emoji into surrogate halves', '🔥🎮🖥️', '🔥🎮'],
  ])('%s: %j gives %j', (_behaviour, name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it.each([
    ['an empty string', ''],
    ['only whitespace', '   \t\n '],
    ['null', null],
    ['undefined', undefined],
  ])('gives "XX" for %s', (_label, name) => {
    expect(initials(name)).toBe('XX');
  });
});
