import { describe, expect, it } from 'vitest';
import { photoAltSchema } from '~/utils/schemas';
import { clipAlt, PHOTO_ALT_MAX_LENGTH, plainAlt } from './photo-alt';

const altOf = (alt: string) => photoAltSchema.safeParse({ photo: 'main', alt });

describe('alt text as one line of visible text', () => {
  it('turns control characters and line breaks into spaces and drops invisible and direction-changing ones', () => {
    expect(plainAlt('a\u0000b\u0007c\u001b[31m\u202eevil\u202c\nline2\r\nline3')).toBe('a b c [31mevil line2 line3');
    expect(plainAlt('\u200bA\u200d black\ufeff case\u2066 \u0085')).toBe('A black case');
  });

  it('is what the owner’s form keeps, and an alt with nothing visible is refused as empty', () => {
    expect(altOf('  A white\tITX case\u202e  ')).toEqual({ success: true, data: { photo: 'main', alt: 'A white ITX case' } });
    for (const invisible of ['\u200b\u200b\u200b', '\u202e\u202c', '\u0000\u0007', ' \n '])
      expect(altOf(invisible).error?.issues[0]?.message, JSON.stringify(invisible)).toBe('Describe the photo in a few words');
    expect(altOf('x'.repeat(PHOTO_ALT_MAX_LENGTH + 1)).success).toBe(false);
  });

  it('is what a draft keeps too', () => {
    expect(clipAlt('A case\u0000 with\u202e RGB fans\n')).toBe('A case with RGB fans');
  });
});
