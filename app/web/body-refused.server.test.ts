import { describe, expect, it } from 'vitest';
import { BodyRefusedError, isBodyRefused } from './body-refused.server';

describe('isBodyRefused', () => {
  it('finds the refused body behind the errors that readers wrap it in', () => {
    const cut = new BodyRefusedError('too large');
    expect(isBodyRefused(cut)).toBe(true);
    expect(isBodyRefused(new TypeError('Failed to parse body', { cause: cut }))).toBe(true);
    expect(isBodyRefused(new Error('something else'))).toBe(false);
    expect(isBodyRefused('text')).toBe(false);
  });
});
