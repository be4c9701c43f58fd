import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from './constants';
import { uploadSchema } from './schemas';

/** The upload form as the browser sends it, parsed the way Conform does before anything is sent (and the action after). */
function upload(image?: File) {
  const form = new FormData();
  form.set('title', 'Arctic beast');
  if (image) form.set('image', image);
  return parseWithZod(form, { schema: uploadSchema });
}

/** The messages the form shows, by field; none when it is accepted. */
const messages = (image?: File) => upload(image).reply().error;

const jpeg = (bytes: number) => new File([new Uint8Array(bytes)], 'rig.jpg', { type: 'image/jpeg' });

describe('the upload form', () => {
  it('refuses a photo over 10 MB with the documented message', () => {
    expect(messages(jpeg(UPLOAD_MAX_BYTES + 1))).toEqual({ image: ['File size must be less than 10MB'] });
    expect(messages(jpeg(11 * 1024 * 1024))).toEqual({ image: ['File size must be less than 10MB'] });
  });

  it('takes a photo of 10 MB exactly, in each format the image pipeline reads', () => {
    expect(upload(jpeg(UPLOAD_MAX_BYTES)).status).toBe('success');
    for (const type of ['image/png', 'image/gif', 'image/webp']) {
      expect(upload(new File([new Uint8Array(64)], 'rig', { type })).status).toBe('success');
    }
  });

  it('refuses a file that is not an image with the documented message', () => {
    const text = new File(['RTX 4090, 64 GB'], 'specs.txt', { type: 'text/plain' });
    expect(messages(text)).toEqual({ image: ['File type must be an image'] });
    expect(messages(new File([new Uint8Array(64)], 'rig.bmp', { type: 'image/bmp' }))).toEqual({
      image: ['File type must be an image'],
    });
  });

  it('leaves the photo out when none is chosen (a pending upload is being finished)', () => {
    expect(upload().status).toBe('success');
    // A file input left empty sends a nameless, empty file.
    expect(upload(new File([], '', { type: 'application/octet-stream' })).status).toBe('success');
  });
});

describe("the upload form's further photos", () => {
  /** The upload form with a good main photo and these further ones, as the browser's form sends them. */
  const withMore = (...photos: File[]) => {
    const form = new FormData();
    form.set('title', 'Arctic beast');
    form.set('image', jpeg(1024));
    for (const photo of photos) form.append('photos', photo);
    return parseWithZod(form, { schema: uploadSchema });
  };

  it('names the one that is over 10 MB, with its size, on the field it was chosen in', () => {
    const big = new File([new Uint8Array(13_200_000)], 'big.png', { type: 'image/png' });
    expect(withMore(big).reply().error).toEqual({ photos: ['big.png (12.6MB): File size must be less than 10MB'] });
    expect(withMore(jpeg(64), big, jpeg(64)).reply().error).toEqual({ photos: ['big.png (12.6MB): File size must be less than 10MB'] });
  });

  it('names each one that is not an image', () => {
    const text = new File(['RTX 4090'], 'specs.txt', { type: 'text/plain' });
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    expect(withMore(text, jpeg(64), svg).reply().error).toEqual({
      photos: ['specs.txt: File type must be an image', 'logo.svg: File type must be an image'],
    });
  });

  it('takes up to four good ones, and none at all (a file input left empty)', () => {
    const four = withMore(jpeg(64), jpeg(64), jpeg(64), jpeg(UPLOAD_MAX_BYTES));
    expect(four.status).toBe('success');
    expect(four.status === 'success' && four.value.photos).toHaveLength(4);
    expect(withMore().status).toBe('success');
    expect(withMore(new File([], '', { type: 'application/octet-stream' })).status).toBe('success');
    expect(withMore(jpeg(64), jpeg(64), jpeg(64), jpeg(64), jpeg(64)).reply().error).toEqual({ photos: ['Choose at most 4 more photos'] });
  });
});
