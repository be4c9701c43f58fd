/**
 * Where a model's streamed answer started to loop: small models on a CPU, at a high
 * temperature or with a long context, sometimes repeat the same words until num_predict
 * runs out, which costs minutes of CPU. The answer is cut once its end is one piece of
 * text over and over; what came before the loop (and the piece once) is kept for the
 * answer checks, which take or refuse it as any other answer.
 */

/** The longest piece looked for: a sentence or two. */
const MAX_UNIT = 400;
/** A piece this long repeated once in a row is a loop; no sentence of a roast does that. */
const LONG_UNIT = 40;
/** Short pieces ("RGB ", "ha ") count as a loop once they cover this many characters. */
const SHORT_SPAN = 48;

/**
 * The answer up to the end of the first of its repeated pieces when `text` ends in a loop,
 * else null. Called on every streamed piece, so it only compares where the last
 * character could close a loop.
 */
export function cutAtRepetition(text: string): string | null {
  const length = text.length;
  const last = text.charCodeAt(length - 1);
  for (let unit = 1; unit <= Math.min(MAX_UNIT, Math.floor(length / 2)); unit += 1) {
    if (text.charCodeAt(length - 1 - unit) !== last) continue;
    const repeats = unit >= LONG_UNIT ? 2 : Math.max(3, Math.ceil(SHORT_SPAN / unit));
    if (unit * repeats > length) continue;
    if (endsWithRepeats(text, unit, repeats)) return text.slice(0, keptEnd(text, length - unit * repeats, unit));
  }
  return null;
}

/**
 * The loop is found wherever the stream happened to be; it began as far back as the text
 * keeps repeating. The piece is kept once from there, ending at a sentence's end when one
 * of its turns does.
 */
function keptEnd(text: string, found: number, unit: number): number {
  let start = found;
  while (start > 0 && text.charCodeAt(start - 1) === text.charCodeAt(start - 1 + unit)) start -= 1;
  for (let end = start + unit; end < Math.min(found + unit, text.length); end += 1) {
    if (/[.!?]/.test(text.charAt(end - 1)) && /\s/.test(text.charAt(end))) return end;
  }
  return start + unit;
}

function endsWithRepeats(text: string, unit: number, repeats: number): boolean {
  const piece = text.slice(text.length - unit);
  // Whitespace alone repeating is padding, not a loop of words.
  if (piece.trim() === '') return false;
  for (let index = 2; index <= repeats; index += 1) {
    const start = text.length - unit * index;
    if (text.slice(start, start + unit) !== piece) return false;
  }
  return true;
}
