/** What separates a form body's fields: `&` in a plain form, the boundary line in a multipart one. */
export type FieldSeparator = '&' | { boundary: string };

/**
 * Counts a form body's fields as its bytes come in, chunk by chunk, and answers
 * the count so far: at most that many fields can come out of any parser. A
 * plain form has one more field than it has `&`s (empty ones included, which
 * parsers skip); a multipart body one part fewer than it has `--boundary` lines
 * (the last one closes it), wherever they fall across chunks.
 */
export function fieldCounter(separator: FieldSeparator): (chunk: Buffer) => number {
  if (separator === '&') {
    let fields = 1;
    return (chunk) => {
      for (let at = chunk.indexOf(0x26); at !== -1; at = chunk.indexOf(0x26, at + 1)) fields += 1;
      return fields;
    };
  }
  const line = Buffer.from(`--${separator.boundary}`);
  let lines = 0;
  // The bytes before this chunk that a line straddling the two could start with.
  let carry = Buffer.alloc(0);
  return (chunk) => {
    if (carry.length > 0) {
      const seam = Buffer.concat([carry, chunk.subarray(0, line.length - 1)]);
      for (let at = seam.indexOf(line); at !== -1 && at < carry.length; at = seam.indexOf(line, at + 1)) lines += 1;
    }
    for (let at = chunk.indexOf(line); at !== -1; at = chunk.indexOf(line, at + 1)) lines += 1;
    const kept = line.length - 1;
    carry = chunk.length >= kept ? Buffer.from(chunk.subarray(chunk.length - kept)) : Buffer.concat([carry, chunk]).subarray(-kept);
    return Math.max(lines - 1, 0);
  };
}
