import { describe, expect, it } from 'vitest';
import { PART_CATEGORIES, partCategoryLabel } from './build-parts';

describe('partCategoryLabel', () => {
  it('writes every kind of part by one rule: a capital first letter, abbreviations in capitals', () => {
    expect(PART_CATEGORIES.map(partCategoryLabel)).toEqual([
      'GPU',
      'CPU',
      'Cooler',
      'Case',
      'Motherboard',
      'RAM',
      'Storage',
      'PSU',
      'Monitor',
      'Keyboard',
      'Mouse',
      'Other',
    ]);
  });
});
