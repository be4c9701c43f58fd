import { describe, expect, it } from 'vitest';
import { counted } from './count';

describe('counted', () => {
  it('names one thing in the singular and any other count in the plural, its thousands grouped', () => {
    expect(counted(1, 'rating', 'ratings')).toBe('1 rating');
    expect(counted(0, 'vote', 'votes')).toBe('0 votes');
    expect(counted(12_345, 'pt', 'pts')).toBe('12,345 pts');
    expect(counted(1_048_576, 'entry', 'entries')).toBe('1,048,576 entries');
  });
});
