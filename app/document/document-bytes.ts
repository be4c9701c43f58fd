/**
 * A rendered document's bytes, put together in a buffer that goes back to a small pool
 * when the response has its own copy (compressed or not), for the next document.
 * Before, each page was made whole three times over (React's chunks joined, the
 * long strings it writes as they are encoded, the document joined again around the
 * deferred scripts): each a fresh ArrayBuffer of 60–130 KB, mapped and faulted in
 * by glibc, that lived until V8's next collection (docs/decisions/014-member-pages.md,
 * fifth round).
 */
export class DocumentBytes {
  #buffer: Buffer<ArrayBuffer>;
  #length = 0;

  constructor(capacity = INITIAL_CAPACITY) {
    this.#buffer = Buffer.allocUnsafeSlow(capacity);
  }

  get capacity(): number {
    return this.#buffer.length;
  }

  append(chunk: string | Uint8Array): void {
    if (typeof chunk === 'string') {
      // UTF-8 takes at most three bytes for each UTF-16 unit; a short reserve would cut the text.
      this.#reserve(chunk.length * 3);
      this.#length += this.#buffer.write(chunk, this.#length, 'utf8');
    } else {
      this.#reserve(chunk.byteLength);
      this.#buffer.set(chunk, this.#length);
      this.#length += chunk.byteLength;
    }
  }

  /** The bytes so far, not copied: valid until the next append or until they are given back. */
  view(): Buffer<ArrayBuffer> {
    return this.#buffer.subarray(0, this.#length);
  }

  clear(): void {
    this.#length = 0;
  }

  #reserve(bytes: number): void {
    if (this.#length + bytes <= this.#buffer.length) return;
    const larger = Buffer.allocUnsafeSlow(Math.max(this.#buffer.length * 2, this.#length + bytes));
    this.#buffer.copy(larger, 0, 0, this.#length);
    this.#buffer = larger;
  }
}

// Our largest pages are about 130 KB; a longer page grows its buffer, and one over a
// megabyte is not kept. A render borrows two (what React wrote, the page sent) and
// usually gives them back within the same tick; renders that overlap borrow their own.
const INITIAL_CAPACITY = 256 * 1024;
const LARGEST_KEPT = 1024 * 1024;
const POOL_SIZE = 4;
const pool: DocumentBytes[] = [];

export function borrowDocumentBytes(): DocumentBytes {
  return pool.pop() ?? new DocumentBytes();
}

/** Back to the pool: nothing may read their views afterwards. */
export function giveBackDocumentBytes(...buffers: DocumentBytes[]): void {
  for (const buffer of buffers) {
    buffer.clear();
    if (buffer.capacity <= LARGEST_KEPT && pool.length < POOL_SIZE) pool.push(buffer);
  }
}
