import { describe, expect, it } from 'vitest';
import { borrowDocumentBytes, DocumentBytes, giveBackDocumentBytes } from './document-bytes';

describe('DocumentBytes', () => {
  it('holds strings as UTF-8 and byte chunks as they are, in order', () => {
    const bytes = new DocumentBytes(16);
    bytes.append('<p>Rig “Ünïcode” ');
    bytes.append(new TextEncoder().encode('🎮 & <b>'));
    bytes.append('\ud83d</p>');
    expect(bytes.view().toString('utf8')).toBe('<p>Rig “Ünïcode” 🎮 & <b>\ufffd</p>');
    expect(bytes.view()).toEqual(Buffer.from('<p>Rig “Ünïcode” 🎮 & <b>\ud83d</p>'));
  });

  it('grows past its capacity without losing what it held, and starts over when cleared', () => {
    const bytes = new DocumentBytes(4);
    const long = 'x'.repeat(10_000);
    bytes.append('ab');
    bytes.append(long);
    bytes.append(Buffer.alloc(5000, 'y'));
    expect(bytes.view().toString()).toBe(`ab${long}${'y'.repeat(5000)}`);
    expect(bytes.capacity).toBeGreaterThanOrEqual(15_002);
    bytes.clear();
    bytes.append('c');
    expect(bytes.view().toString()).toBe('c');
  });
});

describe('the pool of document buffers', () => {
  it('lends a buffer given back again, emptied, and never the same one to two renders at once', () => {
    const first = borrowDocumentBytes();
    const second = borrowDocumentBytes();
    expect(second).not.toBe(first);
    first.append('<html>one</html>');
    giveBackDocumentBytes(first, second);
    const again = [borrowDocumentBytes(), borrowDocumentBytes()];
    expect(again).toContain(first);
    expect(again).toContain(second);
    expect(first.view().length).toBe(0);
    giveBackDocumentBytes(...again);
  });

  it('does not keep a buffer a very long document grew past a megabyte', () => {
    const grown = borrowDocumentBytes();
    grown.append(Buffer.alloc(2 * 1024 * 1024));
    giveBackDocumentBytes(grown);
    const lent = Array.from({ length: 5 }, () => borrowDocumentBytes());
    expect(lent).not.toContain(grown);
    giveBackDocumentBytes(...lent);
  });
});
