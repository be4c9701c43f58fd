import { findCooler, type Cooler } from '~/roast/builtin/catalogue';

/*
 * What a CPU cooler can carry: the heat (in watts) it holds a processor at safe
 * temperatures under a long load, at a sensible noise level, and how tall an air
 * cooler stands (a case has to take it). Rounded from the makers' figures and
 * the common reviews; a cooler only counts as a step up when it carries clearly more.
 */

export type CoolerType = 'stock' | 'air' | 'aio' | 'loop';
export type CoolerSpec = {
  name: string;
  type: CoolerType;
  /** Watts it carries; null for an AIO whose radiator nobody named. */
  capacityWatts: number | null;
  radiatorMm: number | null;
  /** An air cooler's height in mm. */
  heightMm: number | null;
};

/** A radiator's capacity by its length. */
export const RADIATOR_WATTS: Record<number, number> = { 120: 150, 140: 170, 240: 230, 280: 260, 360: 300, 420: 330 };
const LOOP_WATTS = 500;

/** Air coolers by model, most specific first: [pattern on the catalogue's name, watts, height]. */
const AIR: readonly [RegExp, number, number][] = [
  [/NH-D15S/, 240, 160],
  [/NH-D15 G2/, 255, 168],
  [/NH-D15/, 250, 165],
  [/NH-U14S/, 200, 165],
  [/NH-U12A/, 200, 158],
  [/NH-U12S/, 165, 158],
  [/NH-D12L/, 170, 145],
  [/Dark Rock (?:Pro|Elite)/, 250, 168],
  [/Dark Rock Tf/i, 220, 163],
  [/Dark Rock Slim/, 180, 159],
  [/Dark Rock/, 200, 160],
  [/Peerless Assassin|Phantom Spirit|Frost Commander/, 245, 157],
  [/AK620|Assassin/, 250, 162],
  [/AK500/, 220, 158],
  [/AK400/, 195, 155],
  [/Fuma/, 230, 155],
  [/Mugen/, 200, 155],
  [/Hyper 212/, 150, 159],
];
/** A box cooler is made for the chips it ships with: 65 W parts (88 W at full tilt), the Prism for 105 W ones. */
const STOCK: readonly [RegExp, number][] = [
  [/Wraith (?:Prism|Max)/, 140],
  [/Wraith Spire/, 100],
];
const STOCK_WATTS = 90;
const STOCK_HEIGHT = 70;
/** A tower nobody named: a single tower, the commonest kind. */
const TOWER = { watts: 200, height: 158 };

/** The cooler a name names, when the catalogue knows its kind. */
export function coolerSpec(name: string): CoolerSpec | null {
  const found = findCooler(name.toLowerCase().normalize('NFKC'));
  return found ? specOf(found.part) : null;
}

function specOf(cooler: Cooler): CoolerSpec {
  const { name, kind, radiatorMm } = cooler;
  if (kind === 'custom-loop') return { name, type: 'loop', capacityWatts: LOOP_WATTS, radiatorMm: null, heightMm: null };
  if (kind === 'stock') {
    const watts = STOCK.find(([pattern]) => pattern.test(name))?.[1] ?? STOCK_WATTS;
    return { name, type: 'stock', capacityWatts: watts, radiatorMm: null, heightMm: STOCK_HEIGHT };
  }
  if (kind === 'air-tower' || kind === 'hyper-212') {
    const [, watts, height] = AIR.find(([pattern]) => pattern.test(name)) ?? [null, TOWER.watts, TOWER.height];
    return { name, type: 'air', capacityWatts: watts, radiatorMm: null, heightMm: height };
  }
  return { name, type: 'aio', capacityWatts: radiatorMm ? (RADIATOR_WATTS[radiatorMm] ?? null) : null, radiatorMm, heightMm: null };
}
