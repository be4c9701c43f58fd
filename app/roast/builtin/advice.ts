import { ADVICE_ITEMS } from '~/domain/roast-intensity';
import type { ConfirmedPart, RoastFacts } from '~/roast/facts';
import { bottleneck, knownBuild, type KnownBuild } from '~/roast/parts/build-knowledge';
import { neededPsuWatts } from '~/roast/parts/power';
import type { PhotoAnalysis } from './photo';
import { startsWithVowelSound } from './text';

/*
 * The "serious advice" under a roast: three to five concrete suggestions, written
 * from the same facts as the roast (the photo's analysis, the parts, the title).
 * Deterministic: the same build gets the same advice. The Ollama provider falls
 * back to it when the model's own advice is unusable.
 */

export type AdviceInput = { title: string; facts: RoastFacts; parts: readonly ConfirmedPart[]; photo: PhotoAnalysis | null };

/** The upgrade most worth making, from what the roaster knows of the parts; never a part the build has, nor a sidegrade. */
export function upgradeAdvice(build: KnownBuild): string {
  const { gpu, cpu } = build;
  if (!gpu && !cpu) {
    return 'Confirm the GPU, CPU and cooler on the build’s parts list, and the advice can then name the upgrade most worth making.';
  }
  const first = bottleneck(build) ?? (gpu ? 'gpu' : 'cpu');
  const order = first === 'gpu' ? (['gpu', 'cpu'] as const) : (['cpu', 'gpu'] as const);
  for (const part of order) {
    const advice = part === 'gpu' ? gpuUpgrade(build) : cpuUpgrade(build, first === 'cpu');
    if (advice) return advice;
  }
  const owned = [gpu?.name, cpu?.name].filter(Boolean).join(' and the ');
  return `Nothing on sale today is a clear step up from the ${owned}: keep ${gpu && cpu ? 'them' : 'it'}, and spend on a better monitor, more storage or a quieter case instead.`;
}

function gpuUpgrade(build: KnownBuild): string | null {
  const { gpu, cpu, psu } = build;
  const targets = build.upgrades.gpu;
  if (!gpu || targets.length === 0) return null;
  // The cheapest clear step up from each maker, so the owner can compare.
  const nvidia = targets.find((card) => card.name.startsWith('RTX'));
  const other = targets.find((card) => !card.name.startsWith('RTX'));
  const picks = [nvidia, other].filter((card) => card !== undefined).sort((a, b) => a.score - b.score);
  const gain = Math.round(((picks[0]?.score ?? gpu.score) / gpu.score - 1) * 100);
  const names = picks.map((card) => `${article(card.name)} ${card.name}`).join(' or ');
  const needed = cpu ? Math.max(...picks.map((card) => neededPsuWatts(card.watts, cpu.heatWatts))) : null;
  const power = !needed
    ? 'check the power supply’s wattage and connectors first'
    : psu && psu.watts >= needed
      ? `your ${psu.watts}\u00a0W supply is enough for it`
      : psu
        ? `it needs a ${needed}\u00a0W supply, more than the ${psu.watts}\u00a0W one fitted`
        : `check the power supply gives at least ${needed}\u00a0W`;
  const room = build.case ? `, and the case takes cards up to ${build.case.maxGpuMm}\u00a0mm long` : '';
  const only = picks.length === 1 && targets.length === 1 ? 'only ' : '';
  return `The ${gpu.name} is the part to upgrade first: ${only}${names} would be a clear step up (about ${gain}\u00a0% faster); ${power}${room}.`;
}

function cpuUpgrade(build: KnownBuild, holdsBack: boolean): string | null {
  const { cpu, gpu } = build;
  if (!cpu || build.upgrades.cpu.length === 0) return null;
  // One on the same platform, when there is one, needs no new motherboard.
  const target = build.upgrades.cpu.find((chip) => chip.socket === cpu.socket) ?? build.upgrades.cpu[0];
  if (!target) return null;
  const gain = Math.round((target.score / cpu.score - 1) * 100);
  const why = holdsBack && gpu ? `holds the ${gpu.name} back in games` : 'is the part to upgrade first';
  const platform =
    target.socket === cpu.socket
      ? `it fits the same ${cpu.socket} motherboard (update the BIOS first)`
      : `it needs a new ${target.socket} motherboard${target.socket === 'AM5' ? ' and DDR5 memory' : ''}`;
  return `The ${cpu.name} ${why}: ${article(target.name)} ${target.name} would be a clear step up (about ${gain}\u00a0% faster in games); ${platform}.`;
}

/** A cooler that cannot carry its processor, with what would and fits the case. */
function coolingAdvice(build: KnownBuild): string | null {
  const { cooler, cpu } = build;
  if (!cooler) return null;
  if (cooler.type === 'stock' && !cpu) {
    const option = build.upgrades.cooler[0];
    return option ? `The ${cooler.name} is the box cooler: ${option.label} would run quieter and cooler for little money.` : null;
  }
  if (!cpu || build.coolerEnough !== false) return null;
  const air = build.upgrades.cooler.find((option) => option.kind === 'air');
  const aio = build.upgrades.cooler.find((option) => option.kind === 'aio');
  const options = [air, aio].filter((option) => option !== undefined).map((option) => option.label);
  if (options.length === 0) {
    return `The ${cooler.name} is at its limit with the ${cpu.name} (up to ${cpu.heatWatts}\u00a0W under load), and nothing bigger fits the case: set a lower power limit in the BIOS to keep it from throttling.`;
  }
  return `The ${cooler.name} cannot carry the ${cpu.name} (up to ${cpu.heatWatts}\u00a0W under a long load): ${options.join(' or ')} would keep it from throttling.`;
}

/** A power supply short of what the parts draw at their peak. */
function powerAdvice(build: KnownBuild): string | null {
  const { psu } = build;
  if (!psu || build.upgrades.psu === null) return null;
  return `The ${psu.watts}\u00a0W power supply is short for these parts, which can peak near ${psu.needed}\u00a0W: fit a quality ${build.upgrades.psu}\u00a0W unit before any other upgrade.`;
}

function article(name: string): string {
  return startsWithVowelSound(name) ? 'an' : 'a';
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
  const build = knownBuild(input.facts, input.parts);
  const items = [
    powerAdvice(build),
    coolingAdvice(build),
    upgradeAdvice(build),
    CABLE_ADVICE[input.facts.cableManagement],
    airflowAdvice(input, features),
    photoAdvice(input.photo),
    ...MAINTENANCE,
  ].filter((item): item is string => item !== null);
  // The upgrade, the cables and the airflow are always there, so never fewer than three.
  return items.slice(0, ADVICE_ITEMS.max);
}
