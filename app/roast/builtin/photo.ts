import type { RoastFacts } from '~/roast/facts';
import { COLOUR_NAMES, colourIndex, toHsv } from './colour';

/** What the built-in roaster sees in a photo: sizes, light, colour and focus. */
export type PhotoAnalysis = {
  /** The photo's own size, upright (EXIF orientation applied). */
  width: number;
  height: number;
  megapixels: number;
  orientation: 'portrait' | 'landscape' | 'square';
  /** 0–1: mean luminance (Rec. 709 weights on the sRGB values). */
  brightness: number;
  /** 0–1: mean HSV saturation; near-black pixels count as 0, their hue being noise. */
  saturation: number;
  /** 0–1: how many distinct hues the vivid (strongly saturated, bright) pixels carry: 0 for one hue, 1 for six or more. */
  hueSpread: number;
  /**
   * 0–1: edge sharpness, Σ(Laplacian)² / Σ|gradient|² over the grey image at the
   * analysis size (256 px long side), halved and capped at 1. It measures how
   * wide edges are, not contrast or how many edges there are. A crisp photo
   * scores ≈0.8–0.9; a 1080-wide photo blurred by a Gaussian of 2, 4 or 6 px
   * scores ≈0.65, 0.3 and 0.2. 0 when the photo has no edges to judge.
   */
  sharpness: number;
  /** Sharpness below 0.2: soft enough that anyone would call it blurry. */
  blurry: boolean;
  dark: boolean;
  /** Washed out: mostly near-white. */
  bright: boolean;
  rgb: RoastFacts['rgb'];
  /** Dominant colour names, most prominent first (at most five). */
  colours: string[];
};

const DARK_BELOW = 0.2;
const BRIGHT_ABOVE = 0.75;
const VIVID_SATURATION = 0.55;
const VIVID_VALUE = 0.55;
/** Twelve 30° hue bins, centred on red, orange, yellow … so a pure hue never straddles two. */
const HUE_BINS = 12;
/** A hue counts when it holds this share of the vivid pixels. */
const HUE_MIN_SHARE = 0.06;
const COLOUR_MIN_SHARE = 0.05;
const MAX_COLOURS = 5;
const SHARPNESS_SCALE = 2;
const BLURRY_BELOW = 0.2;
/** Mean squared gradient below which the photo is too flat to judge focus. */
const MIN_EDGE_ENERGY = 1;

/** Pixels as sharp hands them over: interleaved 8-bit channels, RGB first. */
export type Pixels = { data: Uint8Array; width: number; height: number; channels: number };

/** Measures a (downscaled) photo; `size` is the original's upright size. */
export function measurePhoto(pixels: Pixels, size: { width: number; height: number }): PhotoAnalysis {
  const { data, width, height, channels } = pixels;
  const count = width * height;
  const grey = new Float32Array(count);
  const colourCounts = new Int32Array(COLOUR_NAMES.length);
  const hueCounts = new Array<number>(HUE_BINS).fill(0);
  const hsv = { h: 0, s: 0, v: 0 };
  let luminance = 0;
  let saturation = 0;
  let vivid = 0;
  for (let i = 0; i < count; i++) {
    const at = i * channels;
    const r = data[at] ?? 0;
    const g = channels >= 3 ? (data[at + 1] ?? 0) : r;
    const b = channels >= 3 ? (data[at + 2] ?? 0) : r;
    const y = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    grey[i] = y * 255;
    luminance += y;
    toHsv(r, g, b, hsv);
    if (hsv.v >= 0.2) saturation += hsv.s;
    const colour = colourIndex(hsv);
    colourCounts[colour] = (colourCounts[colour] ?? 0) + 1;
    if (hsv.s >= VIVID_SATURATION && hsv.v >= VIVID_VALUE) {
      vivid++;
      const bin = Math.floor(((hsv.h + 15) % 360) / (360 / HUE_BINS));
      hueCounts[bin] = (hueCounts[bin] ?? 0) + 1;
    }
  }
  const brightness = count ? luminance / count : 0;
  const vividShare = count ? vivid / count : 0;
  const hues = vivid ? hueCounts.filter((n) => n / vivid >= HUE_MIN_SHARE).length : 0;
  const hueSpread = clamp01((hues - 1) / 5);
  const sharpness = edgeSharpness(grey, width, height);
  return {
    width: size.width,
    height: size.height,
    megapixels: round((size.width * size.height) / 1e6),
    orientation: orientationOf(size.width, size.height),
    brightness: round(brightness),
    saturation: round(count ? saturation / count : 0),
    hueSpread: round(hueSpread),
    sharpness: round(sharpness ?? 0),
    blurry: sharpness !== null && sharpness < BLURRY_BELOW,
    dark: brightness < DARK_BELOW,
    bright: brightness > BRIGHT_ABOVE,
    rgb: rgbLevel(vividShare, hueSpread),
    colours: dominantColours(colourCounts, count),
  };
}

/**
 * How much the photo glows: the share of vivid pixels, and whether they span
 * several hues (one strong hue may just be a red case; a rainbow is RGB).
 */
function rgbLevel(vividShare: number, hueSpread: number): RoastFacts['rgb'] {
  const manyHues = hueSpread >= 0.4;
  if (vividShare >= 0.12 && manyHues) return 'overload';
  if (vividShare >= 0.06 || (vividShare >= 0.03 && manyHues)) return 'lots';
  if (vividShare >= 0.015) return 'some';
  return 'none';
}

/** Null when there are too few edges to tell focus from a plain surface. */
function edgeSharpness(grey: Float32Array, width: number, height: number): number | null {
  let gradient = 0;
  let laplacian = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const centre = grey[i] ?? 0;
      const right = grey[i + 1] ?? 0;
      const below = grey[i + width] ?? 0;
      const dx = right - centre;
      const dy = below - centre;
      const lap = (grey[i - 1] ?? 0) + right + (grey[i - width] ?? 0) + below - 4 * centre;
      gradient += dx * dx + dy * dy;
      laplacian += lap * lap;
    }
  }
  const inner = Math.max(0, width - 2) * Math.max(0, height - 2);
  if (inner === 0 || gradient / inner < MIN_EDGE_ENERGY) return null;
  return clamp01(laplacian / gradient / SHARPNESS_SCALE);
}

function dominantColours(counts: Int32Array, total: number): string[] {
  const ranked = COLOUR_NAMES.map((name, i) => ({ name, count: counts[i] ?? 0 }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count);
  const prominent = ranked.filter(({ count }) => count / total >= COLOUR_MIN_SHARE);
  return (prominent.length ? prominent : ranked.slice(0, 1)).slice(0, MAX_COLOURS).map(({ name }) => name);
}

function orientationOf(width: number, height: number): PhotoAnalysis['orientation'] {
  const ratio = width / Math.max(1, height);
  return ratio > 1.1 ? 'landscape' : ratio < 0.9 ? 'portrait' : 'square';
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
