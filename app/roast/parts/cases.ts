import { findCase } from '~/roast/builtin/catalogue';

/*
 * What each case the catalogue knows can hold, from its maker's specification:
 * the motherboard size, the longest radiator it mounts anywhere (0: none), the
 * longest graphics card and the tallest air cooler (0: an AIO only).
 */

export type FormFactor = 'itx' | 'matx' | 'atx';
export type CaseSpec = { name: string; formFactor: FormFactor; maxRadiatorMm: number; maxGpuMm: number; maxCoolerMm: number };

type Row = [pattern: RegExp, formFactor: FormFactor, maxRadiatorMm: number, maxGpuMm: number, maxCoolerMm: number];

/** Most specific first: the first pattern that matches the catalogue's name wins. */
const CASES: readonly Row[] = [
  [/O11 Dynamic EVO XL/, 'atx', 420, 460, 167],
  [/O11 Dynamic EVO/, 'atx', 360, 426, 167],
  [/O11 Dynamic XL/, 'atx', 360, 446, 167],
  [/O11 Dynamic Mini/, 'matx', 360, 395, 170],
  [/O11 Air Mini/, 'matx', 360, 362, 170],
  [/O11 Vision/, 'atx', 360, 455, 167],
  [/O11/, 'atx', 360, 420, 155],
  [/Lancool III/, 'atx', 420, 435, 187],
  [/Lancool 2(?:16|17)/, 'atx', 360, 392, 180],
  [/Lancool 215/, 'atx', 360, 370, 176],
  [/Lancool 205/, 'atx', 280, 350, 160],
  [/Lancool/, 'atx', 360, 384, 176],
  [/A4-H2O/, 'itx', 240, 322, 0],
  [/A3-MATX/, 'matx', 360, 415, 165],
  [/Dan A4/, 'itx', 0, 295, 48],
  [/NZXT H1\b/, 'itx', 140, 324, 0],
  [/NZXT H210/, 'itx', 240, 325, 165],
  [/NZXT H5\b/, 'atx', 280, 365, 165],
  [/NZXT H6\b/, 'atx', 360, 365, 163],
  [/NZXT H7\b/, 'atx', 360, 400, 185],
  [/NZXT H9\b/, 'atx', 360, 435, 165],
  [/NZXT H510/, 'atx', 280, 381, 165],
  [/NZXT H710/, 'atx', 360, 413, 185],
  [/Meshify 2 Compact/, 'atx', 360, 360, 169],
  [/Meshify 2 XL/, 'atx', 420, 524, 185],
  [/Meshify C/, 'atx', 360, 315, 170],
  [/Meshify (?:2|S2)/, 'atx', 420, 467, 185],
  [/Meshify/, 'atx', 360, 360, 169],
  [/Define 7 Compact/, 'atx', 360, 360, 169],
  [/Define 7 XL/, 'atx', 420, 544, 185],
  [/Define (?:7|R6|S2)/, 'atx', 420, 440, 185],
  [/Define R5/, 'atx', 360, 440, 180],
  [/Define R4/, 'atx', 280, 400, 170],
  [/Define C/, 'atx', 360, 315, 172],
  [/Node 202/, 'itx', 0, 310, 56],
  [/Node 304/, 'itx', 240, 310, 165],
  [/Node 804/, 'matx', 280, 320, 160],
  [/North XL/, 'atx', 420, 413, 180],
  [/North/, 'atx', 360, 355, 170],
  [/Torrent Nano/, 'itx', 280, 335, 165],
  [/Torrent Compact/, 'atx', 360, 330, 176],
  [/Torrent/, 'atx', 420, 461, 188],
  [/Fractal Terra/, 'itx', 0, 322, 77],
  [/Fractal Ridge/, 'itx', 0, 335, 70],
  [/Fractal Era/, 'itx', 240, 295, 120],
  [/Pop Mini Air/, 'matx', 280, 405, 170],
  [/Pop XL/, 'atx', 420, 455, 185],
  [/Pop/, 'atx', 360, 405, 170],
  [/Corsair 4000/, 'atx', 360, 360, 170],
  [/Corsair 5000/, 'atx', 360, 420, 170],
  [/Corsair 2000D/, 'itx', 360, 365, 170],
  [/Corsair 2500X/, 'matx', 360, 400, 180],
  [/Corsair 3000D/, 'atx', 360, 360, 170],
  [/Corsair 3500X/, 'atx', 360, 410, 170],
  [/Corsair 6500X/, 'atx', 360, 400, 190],
  [/Corsair 7000|Corsair 9000/, 'atx', 420, 450, 190],
  [/Corsair/, 'atx', 360, 370, 170],
  [/Hyte Y40/, 'atx', 360, 422, 180],
  [/Hyte Y60/, 'atx', 360, 375, 160],
  [/Hyte Y70/, 'atx', 360, 422, 180],
  [/Evolv X/, 'atx', 420, 435, 190],
  [/NV[79]/, 'atx', 420, 450, 185],
  [/NV5/, 'atx', 360, 400, 170],
  [/P300A/, 'atx', 280, 355, 160],
  [/P400A/, 'atx', 360, 420, 160],
  [/P[56]00A/, 'atx', 420, 435, 190],
  [/Eclipse G300A/, 'matx', 280, 350, 160],
  [/Eclipse G[45]00A/, 'atx', 420, 435, 185],
  [/G360A/, 'atx', 360, 400, 162],
  [/XT Pro/, 'atx', 360, 415, 184],
  [/NR200P? Max/i, 'itx', 280, 336, 0],
  [/NR200/, 'itx', 280, 330, 155],
  [/H500/, 'atx', 360, 410, 167],
  [/TD500/, 'atx', 360, 410, 165],
  [/HAF 700/, 'atx', 420, 490, 166],
  [/HAF/, 'atx', 360, 380, 170],
  [/Q300L/, 'matx', 240, 360, 157],
  [/Cosmos/, 'atx', 420, 490, 198],
  [/Qube 500/, 'atx', 360, 365, 172],
  [/Ghost S1/, 'itx', 280, 305, 66],
  [/Meshlicious/, 'itx', 280, 336, 115],
];

/** What the case a name names can hold, when the catalogue knows it. */
export function caseSpec(name: string): CaseSpec | null {
  const found = findCase(name.toLowerCase().normalize('NFKC'));
  if (!found) return null;
  const row = CASES.find(([pattern]) => pattern.test(found.part.name));
  if (!row) return null;
  const [, formFactor, maxRadiatorMm, maxGpuMm, maxCoolerMm] = row;
  return { name: found.part.name, formFactor, maxRadiatorMm, maxGpuMm, maxCoolerMm };
}
