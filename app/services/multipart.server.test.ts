import { rejectionOf } from '#tests/support/rejection';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '~/utils/constants';
import { readUploadForm, UploadError } from './multipart.server';

function post(body: BodyInit, headers?: HeadersInit): Request {
  return new Request('http://localhost/api/user/avatar', { method: 'POST', body, headers });
}

function formRequest(entries: [string, string | File][]): Request {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return post(form);
}

/** A multipart body written by hand, as a browser sends it. */
function rawMultipart(parts: string[]): Request {
  const boundary = '----RigRoastBoundary';
  const body = `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`;
  return post(body, { 'Content-Type': `multipart/form-data; boundary=${boundary}` });
}

describe('readUploadForm', () => {
  it('returns the text fields and the file', async () => {
    const bytes = new Uint8Array([1, 2, 3, 250, 251, 252]);
    const form = await readUploadForm(
      formRequest([
        ['title', 'My rig'],
        ['avatar', new File([bytes], 'me.png', { type: 'image/png' })],
        ['clientToken', 'abc'],
      ]),
    );
    expect(form.get('title')).toBe('My rig');
    expect(form.get('clientToken')).toBe('abc');
    const file = form.get('avatar');
    expect(file).toBeInstanceOf(File);
    expect(file).toMatchObject({ name: 'me.png', type: 'image/png', size: 6 });
    expect(new Uint8Array(await (file as File).arrayBuffer())).toEqual(bytes);
  });

  it('accepts a file of exactly the limit', async () => {
    const form = await readUploadForm(formRequest([['avatar', new File([new Uint8Array(1024)], 'a.jpg')]]), {
      maxFileSize: 1024,
    });
    expect((form.get('avatar') as File).size).toBe(1024);
  });

  it('refuses a file one byte over 10 MB with 413', async () => {
    const file = new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' });
    const error = await rejectionOf(readUploadForm(formRequest([['avatar', file]])), UploadError);
    expect(error.status).toBe(413);
    expect(error.message).toBe('File size must be less than 10MB');
  });

  it('words the message after the limit it was given', async () => {
    const file = new File([new Uint8Array(2049)], 'a.jpg');
    const error = await rejectionOf(readUploadForm(formRequest([['avatar', file]]), { maxFileSize: 2048 }), UploadError);
    expect(error).toMatchObject({ status: 413, message: 'File size must be less than 2KB' });
  });

  it('stops reading a large upload at the limit instead of buffering it', async () => {
    const boundary = 'b0undary';
    const encoder = new TextEncoder();
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    let headerSent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(
            encoder.encode(
              `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
            ),
          );
          return;
        }
        // An endless file: only a parser that stops at the limit ever finishes.
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const request = new Request('http://localhost/upload', {
      method: 'POST',
      body,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    const error = await rejectionOf(readUploadForm(request, { maxFileSize: 1024 * 1024 }), UploadError);
    expect(error.status).toBe(413);
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });

  it('keeps a file over the limit when asked, with every field after it, so the form can name it', async () => {
    const request = formRequest([
      ['title', 'My rig'],
      ['image', new File([new Uint8Array(2048)], 'rig.jpg', { type: 'image/jpeg' })],
      ['photos', new File([new Uint8Array(5000)], 'big.png', { type: 'image/png' })],
      ['description', 'White and quiet'],
    ]);
    const form = await readUploadForm(request, { maxFileSize: 2048, maxFiles: 3, tooLargeFiles: 'keep' });
    expect(form.get('photos')).toMatchObject({ name: 'big.png', size: 5000 });
    expect(form.get('description')).toBe('White and quiet');
    // Kept, but never more than all its files at their limit.
    const tooMuch = formRequest([['photos', new File([new Uint8Array(3 * 2048 + 1)], 'huge.png')]]);
    const error = await rejectionOf(readUploadForm(tooMuch, { maxFileSize: 2048, maxFiles: 3, tooLargeFiles: 'keep' }), UploadError);
    expect(error).toMatchObject({ status: 413, message: 'File size must be less than 2KB' });
  });

  it('refuses a request that is not multipart with 400', async () => {
    const requests = [
      post(JSON.stringify({ avatar: 'x' }), { 'Content-Type': 'application/json' }),
      post('avatar=x', { 'Content-Type': 'application/x-www-form-urlencoded' }),
      post('avatar=x', { 'Content-Type': 'text/plain' }),
      new Request('http://localhost/upload', { method: 'POST' }),
    ];
    for (const request of requests) {
      const error = await rejectionOf(readUploadForm(request), UploadError);
      expect(error).toMatchObject({ status: 400, message: 'Expected a multipart/form-data upload' });
    }
  });

  it('refuses a malformed multipart body with 400', async () => {
    const withoutBoundary = post('--x\r\n\r\n', { 'Content-Type': 'multipart/form-data' });
    const garbage = post('this is not multipart at all', { 'Content-Type': 'multipart/form-data; boundary=zzz' });
    const unterminated = post('--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nhello', {
      'Content-Type': 'multipart/form-data; boundary=zzz',
    });
    for (const request of [withoutBoundary, garbage, unterminated]) {
      const error = await rejectionOf(readUploadForm(request), UploadError);
      expect(error).toMatchObject({ status: 400, message: 'The upload could not be read. Please try again.' });
    }
  });

  it('leaves out a file input that was left empty', async () => {
    const fromFormData = await readUploadForm(
      formRequest([
        ['title', 'x'],
        ['avatar', new File([], '')],
      ]),
    );
    expect(fromFormData.has('avatar')).toBe(false);
    expect(fromFormData.get('title')).toBe('x');

    const fromBrowser = await readUploadForm(
      rawMultipart([
        'Content-Disposition: form-data; name="title"\r\n\r\nx',
        'Content-Disposition: form-data; name="avatar"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n',
      ]),
    );
    expect(fromBrowser.has('avatar')).toBe(false);
    expect(fromBrowser.get('title')).toBe('x');
  });

  it('refuses more files than allowed with 400', async () => {
    const request = formRequest([
      ['avatar', new File(['a'], 'a.png', { type: 'image/png' })],
      ['avatar', new File(['b'], 'b.png', { type: 'image/png' })],
    ]);
    const error = await rejectionOf(readUploadForm(request), UploadError);
    expect(error).toMatchObject({ status: 400, message: 'Too many files: send at most one file' });

    const allowed = await readUploadForm(
      formRequest([
        ['avatar', new File(['a'], 'a.png')],
        ['avatar', new File(['b'], 'b.png')],
      ]),
      { maxFiles: 2 },
    );
    expect(allowed.getAll('avatar')).toHaveLength(2);
  });
});
