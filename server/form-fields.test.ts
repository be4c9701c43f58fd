import { describe, expect, it } from 'vitest';
import { fieldCounter } from './form-fields';

/** Feeds `body` to a counter in pieces of `size` bytes and answers its last count. */
function countIn(counter: (chunk: Buffer) => number, body: Buffer, size: number): number {
  let count = 0;
  for (let at = 0; at < body.length; at += size) count = counter(body.subarray(at, at + size));
  return count;
}

describe('fieldCounter', () => {
  it("counts a plain form's fields as one more than its separators, empty ones included", () => {
    expect(countIn(fieldCounter('&'), Buffer.from('a=1'), 64)).toBe(1);
    expect(countIn(fieldCounter('&'), Buffer.from('a=1&b=2&c'), 2)).toBe(3);
    expect(countIn(fieldCounter('&'), Buffer.from('&&&&'), 1)).toBe(5);
  });

  it('counts the parts of a multipart body however it is cut, as the parser finds them', async () => {
    const form = new FormData();
    for (let index = 0; index < 7; index++) form.append(`field${index}`, `value ${index}`);
    form.append('photo', new Blob([Buffer.alloc(3000, 'x')], { type: 'image/png' }), 'rig.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const boundary = /boundary=(.+)$/.exec(request.headers.get('Content-Type') ?? '')![1]!;
    const body = Buffer.from(await request.arrayBuffer());
    for (const size of [1, 2, 3, 5, 17, boundary.length, boundary.length + 1, 64, 1024, body.length]) {
      expect(countIn(fieldCounter({ boundary }), body, size), `in pieces of ${size}`).toBe(8);
    }
  });

  it('does not count what only looks like a boundary', () => {
    const body = Buffer.from('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n-b --c\r\n--b--\r\n');
    expect(countIn(fieldCounter({ boundary: 'b' }), body, 3)).toBe(1);
  });
});
