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
  it("refuses a photo over 10 MB with the spec's message", () => {
    expect(messages(jpeg(UPLOAD_MAX_BYTES + 1))).toEqual({ image: ['File size must be less than 10MB'] });
    expect(messages(jpeg(11 * 1024 * 1024))).toEqual({ image: ['File size must be less than 10MB'] });
  });

  it('takes a photo of 10 MB exactly, in each format the image pipeline reads', () => {
    expect(upload(jpeg(UPLOAD_MAX_BYTES)).status).toBe('success');
    for (const type of ['image/png', 'image/gif', 'image/webp']) {
      expect(upload(new File([new Uint8Array(64)], 'rig', { type })).status).toBe('success');
    }
  });

  it("refuses a file that is not an image with the spec's message", () => {
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
