/** Hue in degrees [0, 360), saturation and value in [0, 1]. */
export type Hsv = { h: number; s: number; v: number };

/**
 * Converts 8-bit sRGB to HSV into `out`, which the caller reuses: this runs once
 * per pixel, and a fresh object each time costs more than the arithmetic.
 */
export function toHsv(r: number, g: number, b: number, out: Hsv): Hsv {
  const max = Math.max(r, g, b);
  const chroma = max - Math.min(r, g, b);
  out.v = max / 255;
  out.s = max === 0 ? 0 : chroma / max;
  if (chroma === 0) out.h = 0;
  else if (max === r) out.h = ((((g - b) / chroma) % 6) * 60 + 360) % 360;
  else if (max === g) out.h = ((b - r) / chroma + 2) * 60;
  else out.h = ((r - g) / chroma + 4) * 60;
  return out;
}

export const COLOUR_NAMES = [
  'black',
  'white',
  'grey',
  'red',
  'orange',
  'brown',
  'yellow',
  'green',
  'cyan',
  'blue',
  'purple',
  'pink',
] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

const index = (name: ColourName) => COLOUR_NAMES.indexOf(name);
const BLACK = index('black');
const WHITE = index('white');
const GREY = index('grey');
const RED = index('red');
const ORANGE = index('orange');
const BROWN = index('brown');

/** Upper hue bound (exclusive) of each named hue band; red wraps round 360°. */
const HUE_BANDS: readonly (readonly [number, number])[] = (
  [
    [15, 'red'],
    [42, 'orange'],
    [70, 'yellow'],
    [160, 'green'],
    [195, 'cyan'],
    [255, 'blue'],
    [290, 'purple'],
    [345, 'pink'],
    [360, 'red'],
  ] as const
).map(([upper, name]) => [upper, index(name)] as const);

/**
 * The everyday name of a colour, as someone describing a PC build would say it,
 * as its index in COLOUR_NAMES (counting by index keeps the per-pixel loop fast).
 */
export function colourIndex({ h, s, v }: Hsv): number {
  if (v < 0.2) return BLACK;
  if (s < 0.18 || (s < 0.3 && v < 0.35)) return v > 0.8 ? WHITE : v < 0.32 ? BLACK : GREY;
  let hue = RED;
  for (const band of HUE_BANDS) {
    if (h < band[0]) {
      hue = band[1];
      break;
    }
  }
  // Dark orange and dark red read as brown (hello, Noctua).
  return (hue === ORANGE || (hue === RED && s < 0.7)) && v < 0.55 ? BROWN : hue;
}
