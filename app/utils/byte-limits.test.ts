import { describe, expect, it } from 'vitest';
import { fileTooLargeMessage, formatByteLimit } from './byte-limits';
import { UPLOAD_MAX_BYTES } from './constants';

describe('byte limits', () => {
  it('words a limit as the product page does', () => {
    expect(formatByteLimit(1.5 * 1024 * 1024)).toBe('1.5MB');
    expect(formatByteLimit(2048)).toBe('2KB');
    expect(formatByteLimit(500)).toBe('500 bytes');
  });

  it('refuses a file over the upload limit with the documented message', () => {
    expect(fileTooLargeMessage(UPLOAD_MAX_BYTES)).toBe('File size must be less than 10MB');
  });
});
