import { findGpus } from '~/roast/builtin/catalogue';

/*
 * What each graphics card the catalogue knows is: a performance score (raster at
 * 1440p, the RTX 4090 = 100, rounded from the averages of the big review sites'
 * test suites), its memory, its typical board power and the length of the shortest
 * common models. Good to a few per cent: enough to tell a clear step up from a
 * sidegrade, which is all the roaster claims.
 */

export type GpuSpec = {
  name: string;
  score: number;
  vramGb: number;
  /** Typical board power in watts (the reference design). */
  watts: number;
  /** The shortest common models, in mm: a case with less room cannot take the card. */
  minLengthMm: number;
  /** On sale new today, so fit to recommend. */
  current: boolean;
};

type Row = [score: number, vramGb: number, watts: number, minLengthMm: number];

const CURRENT: Record<string, Row> = {
  'RTX 5090': [130, 32, 575, 304],
  'RTX 5080': [87, 16, 360, 304],
  'RTX 5070 Ti': [77, 16, 300, 280],
  'RTX 5070': [62, 12, 250, 242],
  'RTX 5060 Ti': [45, 16, 180, 200],
  'RTX 5060': [39, 8, 145, 200],
  'RTX 5050': [30, 8, 130, 200],
  'RX 9070 XT': [75, 16, 304, 280],
  'RX 9070': [67, 16, 220, 270],
  'RX 9070 GRE': [57, 12, 220, 260],
  'RX 9060 XT': [42, 16, 160, 200],
  'RX 9060': [36, 8, 150, 200],
  'Arc B580': [33, 12, 190, 272],
  'Arc B570': [28, 10, 150, 250],
};

const PREVIOUS: Record<string, Row> = {
  'RTX 4090': [100, 24, 450, 304],
  'RTX 4080 Super': [80, 16, 320, 304],
  'RTX 4080': [79, 16, 320, 304],
  'RTX 4070 Ti Super': [68, 16, 285, 267],
  'RTX 4070 Ti': [63, 12, 285, 267],
  'RTX 4070 Super': [58, 12, 220, 244],
  'RTX 4070': [50, 12, 200, 244],
  'RTX 4060 Ti': [40, 8, 160, 200],
  'RTX 4060': [33, 8, 115, 170],
  'RTX 3090 Ti': [67, 24, 450, 313],
  'RTX 3090': [61, 24, 350, 313],
  'RTX 3080 Ti': [59, 12, 350, 285],
  'RTX 3080': [54, 10, 320, 285],
  'RTX 3070 Ti': [45, 8, 290, 267],
  'RTX 3070': [42, 8, 220, 242],
  'RTX 3060 Ti': [37, 8, 200, 242],
  'RTX 3060': [29, 12, 170, 200],
  'RTX 3050': [20, 8, 130, 170],
  'RTX 2080 Ti': [44, 11, 250, 267],
  'RTX 2080 Super': [38, 8, 250, 267],
  'RTX 2080': [36, 8, 215, 267],
  'RTX 2070 Super': [33, 8, 215, 267],
  'RTX 2070': [29, 8, 175, 229],
  'RTX 2060 Super': [27, 8, 175, 229],
  'RTX 2060': [24, 6, 160, 229],
  'GTX 1660 Ti': [20, 6, 120, 200],
  'GTX 1660 Super': [20, 6, 125, 200],
  'GTX 1660': [18, 6, 120, 200],
  'GTX 1650 Super': [15, 4, 100, 170],
  'GTX 1650': [11, 4, 75, 150],
  'GTX 1080 Ti': [32, 11, 250, 267],
  'GTX 1080': [25, 8, 180, 267],
  'GTX 1070 Ti': [23, 8, 180, 267],
  'GTX 1070': [21, 8, 150, 200],
  'GTX 1060': [15, 6, 120, 170],
  'GTX 1050 Ti': [9, 4, 75, 150],
  'GTX 1050': [7, 2, 75, 150],
  'RX 7900 XTX': [84, 24, 355, 287],
  'RX 7900 XT': [71, 20, 315, 276],
  'RX 7900 GRE': [60, 16, 260, 267],
  'RX 7800 XT': [55, 16, 263, 267],
  'RX 7700 XT': [46, 12, 245, 267],
  'RX 7700': [43, 16, 200, 250],
  'RX 7600 XT': [34, 16, 190, 204],
  'RX 7600': [32, 8, 165, 204],
  'RX 6950 XT': [60, 16, 335, 267],
  'RX 6900 XT': [56, 16, 300, 267],
  'RX 6800 XT': [53, 16, 300, 267],
  'RX 6800': [46, 16, 250, 267],
  'RX 6750 XT': [40, 12, 250, 267],
  'RX 6700 XT': [37, 12, 230, 267],
  'RX 6700': [33, 10, 175, 240],
  'RX 6650 XT': [31, 8, 180, 240],
  'RX 6600 XT': [29, 8, 160, 190],
  'RX 6600': [25, 8, 132, 190],
  'RX 6500 XT': [13, 4, 107, 170],
  'RX 6400': [10, 4, 53, 150],
  'RX 5700 XT': [27, 8, 225, 267],
  'RX 5700': [24, 8, 180, 267],
  'RX 5600 XT': [21, 6, 150, 230],
  'RX 5500 XT': [14, 8, 130, 200],
  'Arc A770': [30, 16, 225, 267],
  'Arc A750': [27, 8, 225, 267],
  'Arc A580': [24, 8, 185, 250],
  'Arc A380': [10, 6, 75, 170],
  'Arc A310': [7, 4, 75, 150],
};

const SPECS = new Map<string, GpuSpec>(
  [
    ...Object.entries(CURRENT).map((entry) => [entry, true] as const),
    ...Object.entries(PREVIOUS).map((entry) => [entry, false] as const),
  ].map(([[name, [score, vramGb, watts, minLengthMm]], current]) => [name, { name, score, vramGb, watts, minLengthMm, current }]),
);

/** Every card the roaster knows, by name. */
export const GPU_NAMES: readonly string[] = [...SPECS.keys()];

/** The cards on sale new today, weakest first: what an upgrade is chosen from. */
export const CURRENT_GPUS: readonly GpuSpec[] = [...SPECS.values()].filter((gpu) => gpu.current).sort((a, b) => a.score - b.score);

/** The card a name (a title, a parts list, a model's wording) names, when the catalogue knows it. */
export function gpuSpec(name: string): GpuSpec | null {
  const found = findGpus(name.toLowerCase().normalize('NFKC'))[0];
  return found ? (SPECS.get(found.part.name) ?? null) : null;
}

/** Every card named in a text, in order. */
export function gpusIn(text: string): GpuSpec[] {
  return findGpus(text.toLowerCase().normalize('NFKC')).flatMap((found) => SPECS.get(found.part.name) ?? []);
}
