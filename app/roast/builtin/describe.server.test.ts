import { describe, expect, it } from 'vitest';
import { analysePhoto } from './analyse.server';
import { describePhoto } from './describe';
import { ALT_DRAFT_MAX_LENGTH } from '~/domain/photo-alt';
import { rgbBuildPhoto, whiteBuildPhoto } from '#tests/support/image-fixtures';
import { somePhotoAnalysis } from '#tests/support/roast-fixtures';

describe('the built-in drafter of a photo description', () => {
  it('says a dark photo lit by RGB is dark, black first, with lots of RGB lighting', async () => {
    const text = describePhoto(await analysePhoto(await rgbBuildPhoto()));
    expect(text).toMatch(/^A dark photo of a PC build in black, /);
    expect(text).toMatch(/(lit by lots of RGB lighting|glowing with RGB lighting in many colours)\.$/);
    expect(text).not.toMatch(/out of focus/);
  });

  it('says a white build without RGB is grey and white, and claims no lighting', async () => {
    const text = describePhoto(await analysePhoto(await whiteBuildPhoto()));
    expect(text).toBe('A photo of a PC build in grey and white.');
  });

  it('says a blurred photo is out of focus', async () => {
    const text = describePhoto(await analysePhoto(await rgbBuildPhoto({ blur: 14 })));
    expect(text).toMatch(/\. The photo is out of focus\.$/);
  });

  it('stays within a draft’s length however many colours it names', () => {
    const text = describePhoto(
      somePhotoAnalysis({ bright: true, blurry: true, rgb: 'overload', colours: ['black', 'purple', 'cyan', 'pink', 'orange'] }),
    );
    expect(text).toBe(
      'A bright, washed-out photo of a PC build in black, purple, cyan, pink and orange, glowing with RGB lighting in many colours. The photo is out of focus.',
    );
    expect(text.length).toBeLessThanOrEqual(ALT_DRAFT_MAX_LENGTH);
  });
});
