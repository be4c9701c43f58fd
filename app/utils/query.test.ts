import { describe, expect, it } from 'vitest';
import { idParam } from '~/api/contract/common';
import { pageNumber, positiveInt, wholeNumber } from './query';

// Every other spelling of a number a URL can carry: none of them is an id, so one record has one address.
const OTHER_SPELLINGS = ['1e1', '010', '10.0', '10.', ' 10', '10 ', '+10', '-10', '0x0a', '0b1010', '1_0', '١٠', '', '99999999999999999'];

describe('numbers in a URL', () => {
  it('are read as links write them', () => {
    expect(positiveInt('10')).toBe(10);
    expect(positiveInt('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(wholeNumber('0', 5)).toBe(0);
    expect(pageNumber('3')).toBe(3);
    expect(idParam.parse('10')).toBe(10);
  });

  it.each(OTHER_SPELLINGS)('never as %j', (spelling) => {
    expect(positiveInt(spelling)).toBeNull();
    expect(wholeNumber(spelling, -1)).toBe(-1);
    expect(pageNumber(spelling)).toBe(1);
    expect(idParam.safeParse(spelling).success).toBe(false);
  });

  it('are never below one for an id or a page', () => {
    expect(positiveInt('0')).toBeNull();
    expect(positiveInt(null)).toBeNull();
    expect(positiveInt(undefined)).toBeNull();
    expect(idParam.safeParse('0').success).toBe(false);
  });
});
