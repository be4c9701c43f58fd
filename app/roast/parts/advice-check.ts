import { findCpus, findGpus } from '~/roast/builtin/catalogue';
import type { ConfirmedPart, RoastFacts } from '~/roast/facts';
import { CLEAR_STEP_UP, fitsCase, knownBuild } from './build-knowledge';
import { caseSpec, type CaseSpec } from './cases';
import { coolerSpec, type CoolerSpec, RADIATOR_WATTS } from './coolers';
import { cpuSpec, cpusIn, type CpuSpec } from './cpus';
import { gpuSpec, gpusIn, type GpuSpec } from './gpus';
import { psuWatts } from './power';

/*
 * Reads advice (the built-in roaster's or a model's) for the parts it recommends and
 * checks each against the build: a part the build has, one that is no clear step up, or
 * one the case cannot hold. It reads the words, not how they were written, so the answer
 * checks refuse a model's advice by it and the roast evaluation counts faults with it.
 */

export type PartNames = Partial<Record<'GPU' | 'CPU' | 'cooler' | 'case' | 'PSU', string | null>>;
export type UpgradeFault = { kind: 'owned-part' | 'non-upgrade' | 'case-cannot-hold'; detail: string };

/** The build as the checks know it: each part placed against the catalogue. */
export type JudgedBuild = {
  names: PartNames;
  gpu: GpuSpec | null;
  cpu: CpuSpec | null;
  cooler: CoolerSpec | null;
  case: CaseSpec | null;
  psuWatts: number | null;
};

export function judgedBuild(names: PartNames): JudgedBuild {
  return {
    names,
    gpu: names.GPU ? gpuSpec(names.GPU) : null,
    cpu: names.CPU ? cpuSpec(names.CPU) : null,
    cooler: names.cooler ? coolerSpec(names.cooler) : null,
    case: names.case ? caseSpec(names.case) : null,
    psuWatts: names.PSU ? psuWatts(names.PSU) : null,
  };
}

/** What tells a reader a part is being recommended rather than described. */
const RECOMMEND_CUE =
  /\b(?:upgrade to|step up to|step up|swap(?: it)? for|replace(?: it)? with|such as|go for|consider|would (?:be|lift|beat|do|keep|stop|run|lower)|class (?:card|cpu|chip)|fit|buy|get)\b/i;
const REFERENCE_BEFORE = /\b(?:the|your|this|its|my|that)\s+$/i;

/** A cooler class named in advice ("a 360 mm AIO", "a 280–360 mm AIO", "a dual-tower air cooler"). */
type CoolerClaim = { label: string; type: 'air' | 'aio'; capacityWatts: number; radiatorMm: number | null; heightMm: number | null };

function coolerClasses(text: string): CoolerClaim[] {
  const found: CoolerClaim[] = [];
  for (const match of text.matchAll(/(\d{3})(?:\s*(?:–|-|to)\s*(\d{3}))?\s*mm\s*(?:aio|radiator|liquid cooler|all-in-one)/gi)) {
    if (REFERENCE_BEFORE.test(text.slice(0, match.index))) continue;
    // A range recommends its smallest size too.
    const size = Number(match[1]);
    found.push({ label: match[0], type: 'aio', capacityWatts: RADIATOR_WATTS[size] ?? 0, radiatorMm: size, heightMm: null });
  }
  for (const match of text.matchAll(/\b(dual|single)[-\s]tower air cooler|\blarge (?:dual-tower )?air cooler|\btower air cooler/gi)) {
    if (REFERENCE_BEFORE.test(text.slice(0, match.index))) continue;
    const single = /single/i.test(match[0]);
    found.push({ label: match[0], type: 'air', capacityWatts: single ? 200 : 245, radiatorMm: null, heightMm: single ? 155 : 157 });
  }
  return found;
}

/** Faults in one advice item: a part the build has, a sidegrade, or one the case cannot hold. */
export function adviceFaults(item: string, build: JudgedBuild): UpgradeFault[] {
  const faults: UpgradeFault[] = [];
  for (const sentence of item.split(/(?<=[.;:])\s+/)) {
    const lower = sentence.toLowerCase().normalize('NFKC');
    for (const found of findGpus(lower)) {
      const card = gpusIn(sentence.slice(found.start, found.end))[0];
      if (!card) continue;
      const before = sentence.slice(0, found.start);
      if (build.gpu && card.name === build.gpu.name) {
        if (RECOMMEND_CUE.test(before) && !REFERENCE_BEFORE.test(before))
          faults.push({ kind: 'owned-part', detail: `recommends the ${card.name} the build has` });
        continue;
      }
      if (build.gpu && card.score < build.gpu.score * CLEAR_STEP_UP)
        faults.push({ kind: 'non-upgrade', detail: `recommends the ${card.name} for a ${build.gpu.name}` });
      if (build.case && card.minLengthMm > build.case.maxGpuMm)
        faults.push({ kind: 'case-cannot-hold', detail: `recommends the ${card.name} for a ${build.case.name}` });
    }
    for (const found of findCpus(lower)) {
      const chip = cpusIn(sentence.slice(found.start, found.end))[0];
      if (!chip) continue;
      const before = sentence.slice(0, found.start);
      if (build.cpu && chip.name === build.cpu.name) {
        if (RECOMMEND_CUE.test(before) && !REFERENCE_BEFORE.test(before))
          faults.push({ kind: 'owned-part', detail: `recommends the ${chip.name} the build has` });
        continue;
      }
      if (build.cpu && chip.score < build.cpu.score * CLEAR_STEP_UP)
        faults.push({ kind: 'non-upgrade', detail: `recommends the ${chip.name} for a ${build.cpu.name}` });
    }
    for (const claim of coolerClasses(sentence)) {
      const owned = build.cooler;
      if (owned?.capacityWatts) {
        if (claim.type === owned.type && (claim.radiatorMm ?? 0) === (owned.radiatorMm ?? 0) && claim.type === 'aio')
          faults.push({ kind: 'owned-part', detail: `recommends ${claim.label} to a build with the ${owned.name}` });
        else if (claim.capacityWatts < owned.capacityWatts * CLEAR_STEP_UP)
          faults.push({ kind: 'non-upgrade', detail: `recommends ${claim.label} over the ${owned.name}` });
      }
      if (!fitsCase(claim, build.case))
        faults.push({ kind: 'case-cannot-hold', detail: `recommends ${claim.label} for a ${build.case?.name ?? 'case'}` });
    }
  }
  return faults;
}

/** The build's part names as the checks read them: the owner's confirmed parts first, then the facts. */
export function checkedBuild(
  facts: Pick<RoastFacts, 'gpu' | 'cpu' | 'cooler' | 'case'> | null,
  parts: readonly ConfirmedPart[] = [],
): JudgedBuild {
  const { named } = knownBuild(facts, parts);
  return judgedBuild({ GPU: named.gpu, CPU: named.cpu, cooler: named.cooler, case: named.case, PSU: named.psu });
}
