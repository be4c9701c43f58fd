import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of two words', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
  });

  it('uses only the first two of three or more words', () => {
    expect(initials('John Ronald Tolkien')).toBe('JR');
  });

  it('takes the first two letters of a single word', () => {
    expect(initials('NeonPhantom4821')).toBe('NE');
  });

  it('gives the one letter of a one-letter name', () => {
    expect(initials('q')).toBe('Q');
  });

  it.each([
    ['an empty string', ''],
    ['only whitespace', '   \t\n '],
    ['null', null],
    ['undefined', undefined],
  ])('gives "XX" for %s', (_label, name) => {
    expect(initials(name)).toBe('XX');
  });

  it('ignores leading, trailing and repeated whitespace', () => {
    expect(initials('  Ada   \t Lovelace  ')).toBe('AL');
    expect(initials('\n solo \n')).toBe('SO');
  });

  it('upper-cases lowercase input', () => {
    expect(initials('grace hopper')).toBe('GH');
    expect(initials('gamer')).toBe('GA');
  });

  it('keeps non-ASCII letters', () => {
    expect(initials('Élodie Ñandú')).toBe('ÉÑ');
    expect(initials('ørjan')).toBe('ØR');
  });

  it('never splits an emoji into surrogate halves', () => {
    expect(initials('🔥 Rig')).toBe('🔥R');
    expect(initials('🔥🎮 builds')).toBe('🔥B');
    expect(initials('🔥🎮')).toBe('🔥🎮');
    expect(initials('🔥')).toBe('🔥');
    expect(initials('🔥🎮🖥️')).toBe('🔥🎮');
  });
});
