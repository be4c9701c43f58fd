import { describe, expect, it } from 'vitest';
import { photoAltSchema } from '~/utils/schemas';
import { clipAlt, PHOTO_ALT_MAX_LENGTH } from './photo-alt';

const altOf = (alt: string) => photoAltSchema.safeParse({ photo: 'main', alt });

describe('alt text as one line of visible text', () => {
  it('is what the owner’s form keeps, and an alt with nothing visible is refused as empty', () => {
    expect(altOf('  A white\tITX case\u202e  ')).toEqual({ success: true, data: { photo: 'main', alt: 'A white ITX case' } });
    for (const invisible of ['\u200b\u200b\u200b', '\u202e\u202c', '\u0000\u0007', ' \n ', '\u200d\u200e'])
      expect(altOf(invisible).error?.issues[0]?.message, JSON.stringify(invisible)).toBe('Describe the photo in a few words');
    expect(altOf('x'.repeat(PHOTO_ALT_MAX_LENGTH + 1)).success).toBe(false);
  });

  it('is what a draft keeps too', () => {
    expect(clipAlt('A case\u0000 with\u202e RGB fans\n')).toBe('A case with RGB fans');
  });
});
