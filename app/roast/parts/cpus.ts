import { findCpus, type Cpu } from '~/roast/builtin/catalogue';

/*
 * What a processor is, worked out from its model number rather than listed one by
 * one: a gaming score (the Ryzen 7 9800X3D = 100, from the generation's base and
 * the model's rank in it, with the 3D V-Cache bonus) and the heat it gives off
 * under a long load (what its cooler has to carry, in watts: Intel's PL2, AMD's
 * PPT, and for X3D chips the far lower draw they really run at).
 */

export type CpuSpec = {
  name: string;
  vendor: 'amd' | 'intel';
  score: number;
  /** Sustained package power under a heavy load, in watts. */
  heatWatts: number;
  /** Whether it carries 3D V-Cache: the gaming chips that run cool. */
  x3d: boolean;
  /** The platform it sits on: an upgrade within it needs no new motherboard. */
  socket: string;
  /** A workstation chip (Threadripper), bought for its cores rather than for games. */
  workstation: boolean;
};

/** A Ryzen's gaming score by generation (the first digit), for its x600 model. */
const RYZEN_BASE: Record<string, number> = { '1': 30, '2': 35, '3': 45, '4': 42, '5': 56, '7': 73, '8': 60, '9': 80 };
/** By rank in the generation (the second digit): a Ryzen 3 x100 to a Ryzen 9 x950. */
const RYZEN_RANK: Record<string, number> = { '1': -7, '2': -6, '3': -4, '4': -3, '5': -3, '6': 0, '7': 3, '8': 4, '9': 5 };
const X3D_BONUS = 13;
const RYZEN_SOCKET: Record<string, string> = {
  '1': 'AM4',
  '2': 'AM4',
  '3': 'AM4',
  '4': 'AM4',
  '5': 'AM4',
  '7': 'AM5',
  '8': 'AM5',
  '9': 'AM5',
};

/** An Intel Core's gaming score by generation, for its x600K model. */
const INTEL_BASE: Record<number, number> = {
  2: 22,
  3: 25,
  4: 30,
  5: 31,
  6: 33,
  7: 36,
  8: 42,
  9: 45,
  10: 51,
  11: 55,
  12: 71,
  13: 77,
  14: 79,
};
const INTEL_RANK: Record<string, number> = { '1': -18, '2': -15, '3': -15, '4': -9, '5': -5, '6': 0, '7': 4, '8': 5, '9': 7 };
const INTEL_SOCKET = (generation: number) =>
  generation >= 12 ? 'LGA1700' : generation >= 10 ? 'LGA1200' : generation >= 6 ? 'LGA1151' : generation >= 4 ? 'LGA1150' : 'LGA1155';
const CORE_ULTRA_BASE = 74;
const CORE_ULTRA_RANK: Record<string, number> = { '2': -8, '4': 0, '5': 1, '6': 5, '7': 6, '8': 8 };
const THREADRIPPER_SCORE = 70;

/** The processor a name names, when its model number says enough. */
export function cpuSpec(name: string): CpuSpec | null {
  const found = findCpus(name.toLowerCase().normalize('NFKC'))[0];
  return found ? specOf(found.part) : null;
}

/** Every processor named in a text that the roaster can place, in order. */
export function cpusIn(text: string): CpuSpec[] {
  return findCpus(text.toLowerCase().normalize('NFKC')).flatMap((found) => specOf(found.part) ?? []);
}

function specOf(cpu: Cpu): CpuSpec | null {
  const { name } = cpu;
  if (cpu.family === 'threadripper') {
    return { name, vendor: 'amd', score: THREADRIPPER_SCORE, heatWatts: 350, x3d: false, socket: 'sTR5', workstation: true };
  }
  const ryzen = /^Ryzen \d (\d)(\d)(\d)0(X3D|XT|X|GE|G|F)?$/.exec(name);
  if (ryzen) {
    const [, generation = '', rank = '', step = '', suffix = ''] = ryzen;
    const base = RYZEN_BASE[generation];
    if (base === undefined) return null;
    const x3d = suffix === 'X3D';
    const score = base + (RYZEN_RANK[rank] ?? 0) + (x3d ? X3D_BONUS : 0) + (Number(step) >= 5 && rank === '9' ? 1 : 0);
    return {
      name,
      vendor: 'amd',
      score,
      heatWatts: ryzenHeat(generation, rank, step, suffix),
      x3d,
      socket: RYZEN_SOCKET[generation] ?? 'AM4',
      workstation: false,
    };
  }
  const ultra = /^Core Ultra \d (2)(\d)5(K|KF)?$/.exec(name);
  if (ultra) {
    const rank = ultra[2] ?? '';
    const unlocked = !!ultra[3];
    return {
      name,
      vendor: 'intel',
      score: CORE_ULTRA_BASE + (CORE_ULTRA_RANK[rank] ?? 0) - (unlocked ? 0 : 3),
      heatWatts: unlocked ? (rank >= '6' ? 250 : 159) : 121,
      x3d: false,
      socket: 'LGA1851',
      workstation: false,
    };
  }
  const core = /^Core i\d-(\d{4,5})(K|KF|KS|F|T)?$/.exec(name);
  if (core) {
    const digits = core[1] ?? '';
    const suffix = core[2] ?? '';
    const generation = Number(digits.length === 5 ? digits.slice(0, 2) : digits[0]);
    const rank = digits.length === 5 ? (digits[2] ?? '') : (digits[1] ?? '');
    const base = INTEL_BASE[generation];
    if (base === undefined) return null;
    const unlocked = suffix.startsWith('K');
    const score = base + (INTEL_RANK[rank] ?? 0) - (unlocked || rank <= '4' ? 0 : 2);
    return {
      name,
      vendor: 'intel',
      score,
      heatWatts: intelHeat(generation, rank, unlocked),
      x3d: false,
      socket: INTEL_SOCKET(generation),
      workstation: false,
    };
  }
  return null;
}

/** AMD's package power limits: 65 W parts draw 88 W, 105 W parts 142 W, 170 W parts 230 W; X3D chips far less in use. */
function ryzenHeat(generation: string, rank: string, step: string, suffix: string): number {
  if (suffix === 'X3D') return rank === '9' ? 150 : generation === '9' ? 120 : generation === '5' ? 110 : 90;
  if (suffix === 'GE') return 45;
  if (suffix !== 'X' && suffix !== 'XT') return 88;
  if (generation === '9') return rank !== '9' ? 88 : step === '0' ? 162 : 230;
  if (generation === '7') return rank === '9' ? 230 : 142;
  return rank >= '7' ? 142 : 88;
}

/** Intel's turbo limit (PL2): what the cooler meets in a long all-core load. */
function intelHeat(generation: number, rank: string, unlocked: boolean): number {
  const high = rank >= '7';
  if (generation >= 12) return unlocked ? (high ? 253 : 181) : rank <= '1' ? 89 : high ? 219 : 148;
  if (generation >= 10) return unlocked ? (high ? 250 : 182) : 134;
  if (generation >= 8) return unlocked ? (high ? 150 : 120) : 95;
  return unlocked ? 95 : 80;
}
