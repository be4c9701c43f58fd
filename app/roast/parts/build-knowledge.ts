import type { PartCategory } from '~/domain/build-parts';
import type { ConfirmedPart, RoastFacts } from '~/roast/facts';
import { caseSpec, type CaseSpec } from './cases';
import { type CoolerSpec, coolerSpec, RADIATOR_WATTS } from './coolers';
import { cpuSpec, type CpuSpec } from './cpus';
import { CURRENT_GPUS, gpuSpec, type GpuSpec } from './gpus';
import { neededPsuWatts, psuWatts } from './power';

/*
 * What the roaster knows of one build, from the owner's confirmed parts first and
 * then what the title or the photo named: each part placed against the catalogue,
 * and the upgrades that are a clear step up from it and that the case can take.
 * Both roasters and the answer checks read it, so the built-in advice, the model's
 * prompt and the check of the model's answer all reason from the same facts.
 */

/** An upgrade counts only when it is this much better: below it, a sidegrade. */
export const CLEAR_STEP_UP = 1.25;
/** A cooler is enough for a processor whose peak is up to a tenth above what it carries: the peak (PL2, PPT) is rarely held for long in games. */
const COOLER_MARGIN = 1.1;

export type CoolerOption = {
  kind: 'air' | 'aio';
  label: string;
  capacityWatts: number;
  radiatorMm: number | null;
  heightMm: number | null;
};

/** Cooler classes by cost, cheapest first: what a cooler upgrade is chosen from. */
export const COOLER_OPTIONS: readonly CoolerOption[] = [
  {
    kind: 'air',
    label: 'a single-tower air cooler (such as a Thermalright Assassin X 120)',
    capacityWatts: 200,
    radiatorMm: null,
    heightMm: 155,
  },
  {
    kind: 'air',
    label: 'a dual-tower air cooler (such as a Thermalright Peerless Assassin 120)',
    capacityWatts: 245,
    radiatorMm: null,
    heightMm: 157,
  },
  ...[240, 280, 360, 420].map((size) => ({
    kind: 'aio' as const,
    label: `a ${size}\u00a0mm AIO`,
    capacityWatts: RADIATOR_WATTS[size] ?? 0,
    radiatorMm: size,
    heightMm: null,
  })),
];

/** Processors on sale new today, for a CPU upgrade. */
const CURRENT_CPUS: readonly CpuSpec[] = [
  'Ryzen 5 7600',
  'Ryzen 7 5700X3D',
  'Core i5-14400F',
  'Ryzen 5 9600X',
  'Core i5-14600K',
  'Core Ultra 7 265K',
  'Ryzen 7 7800X3D',
  'Ryzen 7 9800X3D',
]
  .flatMap((name) => cpuSpec(name) ?? [])
  .sort((a, b) => a.score - b.score);

export type PsuVerdict = { watts: number; needed: number; verdict: 'enough' | 'tight' | 'short' };

export type KnownBuild = {
  /** The names the build goes by, as the owner or the photo gave them (null: nobody named one). */
  named: Record<'gpu' | 'cpu' | 'cooler' | 'case' | 'psu', string | null>;
  gpu: GpuSpec | null;
  cpu: CpuSpec | null;
  cooler: CoolerSpec | null;
  case: CaseSpec | null;
  psu: PsuVerdict | null;
  /** Whether the cooler carries the processor's heat; null when either is unknown. */
  coolerEnough: boolean | null;
  upgrades: Upgrades;
};

export type Upgrades = {
  /** Cards on sale that are a clear step up and fit the case, cheapest first. */
  gpu: GpuSpec[];
  cpu: CpuSpec[];
  /** Only when the cooler is not enough (or is a stock cooler), and only what the case holds. */
  cooler: CoolerOption[];
  /** The rating a new supply needs, when the one fitted is short. */
  psu: number | null;
};

/** The build as the roaster knows it: confirmed parts first, then the facts (title or photo). */
export function knownBuild(
  facts: Pick<RoastFacts, 'gpu' | 'cpu' | 'cooler' | 'case'> | null,
  parts: readonly ConfirmedPart[] = [],
): KnownBuild {
  const name = (category: PartCategory, seen: string | null | undefined) =>
    parts.find((part) => part.category === category)?.name ?? seen ?? null;
  const named = {
    gpu: name('GPU', facts?.gpu),
    cpu: name('CPU', facts?.cpu),
    cooler: name('cooler', facts?.cooler),
    case: name('case', facts?.case),
    psu: name('PSU', null),
  };
  const gpu = named.gpu ? gpuSpec(named.gpu) : null;
  const cpu = named.cpu ? cpuSpec(named.cpu) : null;
  const cooler = named.cooler ? coolerSpec(named.cooler) : null;
  const buildCase = named.case ? caseSpec(named.case) : null;
  const rated = named.psu ? psuWatts(named.psu) : null;
  const needed = gpu && cpu ? neededPsuWatts(gpu.watts, cpu.heatWatts) : null;
  const psu: PsuVerdict | null =
    rated && needed ? { watts: rated, needed, verdict: rated >= needed ? 'enough' : rated >= needed * 0.9 ? 'tight' : 'short' } : null;
  const coolerEnough = cooler?.capacityWatts && cpu ? cooler.capacityWatts * COOLER_MARGIN >= cpu.heatWatts : null;
  const build = { named, gpu, cpu, cooler, case: buildCase, psu, coolerEnough };
  return { ...build, upgrades: upgradesFor(build) };
}

function upgradesFor(build: Omit<KnownBuild, 'upgrades'>): Upgrades {
  const { gpu, cpu, cooler, case: buildCase, psu } = build;
  const gpus = gpu
    ? CURRENT_GPUS.filter((card) => card.score >= gpu.score * CLEAR_STEP_UP && (!buildCase || card.minLengthMm <= buildCase.maxGpuMm))
    : [];
  // A workstation chip is there for its cores: a gaming chip is no upgrade for its work.
  const cpus = cpu && !cpu.workstation ? CURRENT_CPUS.filter((chip) => chip.score >= cpu.score * CLEAR_STEP_UP) : [];
  const coolerNeeded = cooler && (build.coolerEnough === false || (cooler.type === 'stock' && !cpu));
  const coolers =
    cooler && coolerNeeded
      ? COOLER_OPTIONS.filter(
          (option) =>
            option.capacityWatts >= (cooler.capacityWatts ?? 0) * CLEAR_STEP_UP &&
            option.capacityWatts * COOLER_MARGIN >= (cpu?.heatWatts ?? 0) &&
            fitsCase(option, buildCase),
        )
      : [];
  return { gpu: gpus, cpu: cpus, cooler: coolers, psu: psu && psu.verdict === 'short' ? psu.needed : null };
}

/** Whether a case takes a cooler: an air cooler's height, an AIO's radiator (unknown case: yes). */
export function fitsCase(option: Pick<CoolerOption, 'radiatorMm' | 'heightMm'>, buildCase: CaseSpec | null): boolean {
  if (!buildCase) return true;
  if (option.radiatorMm !== null) return option.radiatorMm <= buildCase.maxRadiatorMm;
  return option.heightMm !== null && option.heightMm <= buildCase.maxCoolerMm;
}

/** The processor holds a card back when it stands this far below it (both against the last generation's best). */
const CPU_BOUND_BELOW = 0.75;
/** The RTX 4090 and the Ryzen 7 9800X3D: the last generation's best card and today's best gaming chip. */
const GPU_REFERENCE = 100;
const CPU_REFERENCE = 97;

/** Which of the two holds the other back in games: the CPU only when clearly behind the card. */
export function bottleneck(build: Pick<KnownBuild, 'gpu' | 'cpu'>): 'cpu' | 'gpu' | null {
  if (!build.gpu || !build.cpu) return null;
  const gpu = build.gpu.score / GPU_REFERENCE;
  const cpu = build.cpu.score / CPU_REFERENCE;
  return cpu < gpu * CPU_BOUND_BELOW ? 'cpu' : 'gpu';
}
