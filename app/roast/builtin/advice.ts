import { ADVICE_ITEMS } from '~/domain/roast-intensity';
import type { ConfirmedPart, RoastFacts } from '~/roast/facts';
import { findCooler, findCpu, findGpu, type Cpu, type Gpu, type Cooler } from './catalogue';
import type { PhotoAnalysis } from './photo';

/*
 * The "serious advice" under a roast: three to five concrete suggestions, written
 * from the same facts as the roast (the photo's analysis, the parts, the title).
 * Deterministic: the same build gets the same advice. The Ollama provider falls
 * back to it when the model's own advice is unusable.
 */

export type AdviceInput = { title: string; facts: RoastFacts; parts: readonly ConfirmedPart[]; photo: PhotoAnalysis | null };

type Upgradable = 'GPU' | 'CPU' | 'cooler';
/** A part the catalogue knows, scored 1 (weakest) to 4 (top of its line-up). */
export type RatedPart = { category: Upgradable; name: string; score: number };

const GPU_SCORES: Record<Gpu['tier'], number> = { halo: 4, high: 3, mid: 2, entry: 1 };
/** Cards a generation or more behind lose a step: a GTX 1080 is no longer a high-end card. */
const VINTAGE_GPUS: readonly Gpu['family'][] = ['gtx-10', 'gtx-16', 'rtx-20', 'rx-5000'];
const CPU_SCORES: Record<Cpu['family'], number> = {
  'core-i3': 1,
  'ryzen-3': 1,
  'core-i5': 2,
  'ryzen-5': 2,
  'core-i7': 3,
  'ryzen-7': 3,
  'core-ultra': 3,
  'core-i9': 4,
  'ryzen-9': 4,
  x3d: 4,
  threadripper: 4,
};
const COOLER_SCORES: Record<Cooler['kind'], number> = {
  stock: 1,
  'hyper-212': 2,
  'aio-small': 2,
  'air-tower': 3,
  aio: 3,
  'aio-large': 3,
  'aio-huge': 4,
  'custom-loop': 4,
};
/** On a tie the part that matters most for games is the one to upgrade. */
const UPGRADE_ORDER: readonly Upgradable[] = ['GPU', 'CPU', 'cooler'];

/** How strong a part is, when the catalogue knows it; null for a part it cannot place. */
export function ratePart(category: string, name: string): RatedPart | null {
  const text = name.toLowerCase();
  if (category === 'GPU') {
    const gpu = findGpu(text)?.part;
    return gpu ? { category, name, score: Math.max(1, GPU_SCORES[gpu.tier] - (VINTAGE_GPUS.includes(gpu.family) ? 1 : 0)) } : null;
  }
  if (category === 'CPU') {
    const cpu = findCpu(text)?.part;
    return cpu ? { category, name, score: CPU_SCORES[cpu.family] } : null;
  }
  if (category === 'cooler') {
    const cooler = findCooler(text)?.part;
    return cooler ? { category, name, score: COOLER_SCORES[cooler.kind] } : null;
  }
  return null;
}

/** The weakest of the parts the catalogue can place (the first of a category counts, as on the roast). */
export function weakestPart(parts: readonly { category: string; name: string }[]): RatedPart | null {
  const rated = UPGRADE_ORDER.flatMap((category) => {
    const part = parts.find((candidate) => candidate.category === category);
    const scored = part ? ratePart(category, part.name) : null;
    return scored ? [scored] : [];
  });
  return rated.reduce<RatedPart | null>((weakest, part) => (weakest === null || part.score < weakest.score ? part : weakest), null);
}

const UPGRADE_TARGETS: Record<Upgradable, Record<number, string>> = {
  GPU: {
    1: 'a current mid-range card (RTX 5060 Ti or RX 9060 XT class) is the biggest jump in frame rates this build can get; check the power supply’s wattage and connectors first',
    2: 'a step up to an RTX 5070 or RX 9070 class card would lift frame rates at 1440p the most; check the power supply’s wattage and connectors first',
    3: 'only a top-tier card (RTX 5090 class) would beat it, so put the money into a better monitor or more storage first',
  },
  CPU: {
    1: 'a six-core Ryzen 5 7600 or Core i5-14400F class CPU would lift minimum frame rates the most; check the motherboard’s socket (and its BIOS) before buying',
    2: 'a gaming CPU with a large cache, such as a Ryzen 7 X3D chip, would smooth out CPU-bound games; check the motherboard’s socket first',
    3: 'only a top X3D chip would be a real step up for games, so there is little to gain here for now',
  },
  cooler: {
    1: 'a dual-tower air cooler such as a Thermalright Peerless Assassin 120 keeps the CPU cooler and quieter for little money',
    2: 'a large dual-tower air cooler or a 280–360 mm AIO would lower temperatures and fan noise under load',
    3: 'only a 360–420 mm AIO would do noticeably better, so it can stay as it is',
  },
};

/** The upgrade for the weakest part, confirmed by the owner or else named by the title or the photo. */
function upgradeAdvice(input: AdviceInput): string {
  const confirmed = weakestPart(input.parts);
  const seen = confirmed ? null : weakestPart(UPGRADE_ORDER.flatMap((category) => seenPart(input.facts, category)));
  const weakest = confirmed ?? seen;
  if (!weakest) {
    return 'Confirm the GPU, CPU and cooler on the build’s parts list: the advice can then name the part most worth upgrading.';
  }
  const which = confirmed ? 'your confirmed parts' : 'the parts named for this build';
  if (weakest.score >= 4) {
    return `Every one of ${which} is top of its line-up, the ${weakest.name} included: no upgrade needed, so spend on a better monitor, more storage or a quieter case instead.`;
  }
  return `The ${weakest.name} is the weakest of ${which}: ${UPGRADE_TARGETS[weakest.category][weakest.score]}.`;
}

function seenPart(facts: RoastFacts, category: Upgradable): { category: string; name: string }[] {
  const name = { GPU: facts.gpu, CPU: facts.cpu, cooler: facts.cooler }[category];
  return name ? [{ category, name }] : [];
}

const CABLE_ADVICE: Record<RoastFacts['cableManagement'], string> = {
  messy:
    'Route the loose cables behind the motherboard tray and bundle them with Velcro straps: tidy cables look better and stop blocking the air from the front fans.',
  okay: 'Tidy the few cables still in view: run them through the nearest grommet and strap them behind the tray, and leave the GPU power cable a gentle curve.',
  clean: 'The cable management is already tidy: label the power supply’s cables now, so the next upgrade does not undo it.',
  unknown:
    'Open the side panel and check the cables: route them through the grommets, strap them behind the motherboard tray, and keep them clear of the fans.',
};

/** The airflow advice that fits the build best. */
function airflowAdvice(input: AdviceInput, features: string): string {
  if (/small form factor|\bitx\b|\bsff\b/.test(features)) {
    return 'In a small case every fan counts: set the GPU to draw fresh air straight from outside, keep the intake unobstructed, and undervolt the GPU for lower temperatures.';
  }
  if (/custom loop|hardline|water cooled/.test(features)) {
    return 'Check the loop every few months: coolant level, no air in the pump, and radiator fans as intake with filters, so the loop cools with outside air.';
  }
  if (/\bdust\b/.test(features)) {
    return 'Clean out the dust with compressed air (hold the fans still while you do) and fit dust filters on every intake.';
  }
  if (input.facts.rgb === 'lots' || input.facts.rgb === 'overload') {
    return 'With this many fans, set a fan curve in the BIOS so they spin up with temperature rather than at a fixed speed, and make sure more air comes in than goes out.';
  }
  return 'Aim for slightly positive pressure: a little more intake than exhaust, with dust filters on the intakes, keeps dust out and temperatures steady.';
}

/** A cooler too small for its CPU, when both are known and the cooler is not already the upgrade. */
function coolingAdvice(input: AdviceInput, upgrade: string): string | null {
  const cpuName = input.parts.find((part) => part.category === 'CPU')?.name ?? input.facts.cpu;
  const coolerName = input.parts.find((part) => part.category === 'cooler')?.name ?? input.facts.cooler;
  const cpu = cpuName ? ratePart('CPU', cpuName) : null;
  const cooler = coolerName ? ratePart('cooler', coolerName) : null;
  if (!cpu || !cooler || cpu.score < 4 || cooler.score >= 3 || upgrade.includes(cooler.name)) return null;
  return `The ${cpu.name} runs hot under load: the ${cooler.name} is small for it, so a 360 mm AIO or a large dual-tower air cooler would stop it throttling.`;
}

/** A better next photo, when this one was hard to read. */
function photoAdvice(photo: PhotoAnalysis | null): string | null {
  if (!photo) return null;
  if (photo.dark)
    return 'For the next photo, turn on a room light or shoot by a window: in the dark, the camera hides the parts worth showing.';
  if (photo.blurry)
    return 'For the next photo, tap to focus on the GPU and hold the phone steady: a sharp photo lets the parts speak for themselves.';
  if (photo.bright) return 'For the next photo, step out of direct light: the glare washes the build out.';
  return null;
}

const MAINTENANCE: readonly string[] = [
  'Update the BIOS and the GPU driver, and turn on the memory’s XMP or EXPO profile in the BIOS: free performance that many builds leave unused.',
  'Check temperatures under load with a free tool such as HWiNFO: below about 85 °C for the CPU and GPU means the cooling is doing its job.',
];

/** Three to five suggestions, most useful first; the same facts always give the same advice. */
export function builtinAdvice(input: AdviceInput): string[] {
  const features = [...input.facts.features, input.title].join(' ').toLowerCase();
  const upgrade = upgradeAdvice(input);
  const items = [
    upgrade,
    CABLE_ADVICE[input.facts.cableManagement],
    airflowAdvice(input, features),
    coolingAdvice(input, upgrade),
    photoAdvice(input.photo),
    ...MAINTENANCE,
  ].filter((item): item is string => item !== null);
  // The upgrade, the cables and the airflow are always there, so never fewer than three.
  return items.slice(0, ADVICE_ITEMS.max);
}
