import { describe, expect, it } from 'vitest';
import { ordinal, roastQueueText, waitInWords } from './roast-queue';

describe('roastQueueText', () => {
  it('names the place with its English ending', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });

  it('rounds the wait to words, never to the second', () => {
    expect([10, 44, 45, 89, 90, 150, 3599, 3600, 5399, 5400, 7200 * 3].map(waitInWords)).toEqual([
      'less than a minute',
      'less than a minute',
      'about a minute',
      'about a minute',
      'about 2 minutes',
      'about 3 minutes',
      'about an hour',
      'about an hour',
      'about an hour',
      'about 2 hours',
      'about 6 hours',
    ]);
  });

  it('says the place alone while there is no time to go by', () => {
    expect(roastQueueText({ place: 3, estimateS: null })).toBe('3rd in line');
    expect(roastQueueText({ place: 2, estimateS: 120 })).toBe('2nd in line, about 2 minutes');
    expect(roastQueueText({ place: 1, estimateS: 40 })).toBe('Next in line, less than a minute');
  });
});
