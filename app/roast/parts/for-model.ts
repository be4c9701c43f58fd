import { bottleneck, type KnownBuild } from './build-knowledge';

/*
 * What the roaster knows of a build, as plain data for a model's prompt: what each
 * part is (a score, its heat, what the case holds) and the only upgrades that are a
 * clear step up, so a small model neither guesses a part's class nor recommends a
 * part the build has.
 */

/** Scores are relative: the RTX 4090 is 100 for cards, the Ryzen 7 9800X3D 97 for processors in games. */
export function knowledgeForModel(build: KnownBuild) {
  const { gpu, cpu, cooler, case: buildCase, psu, upgrades } = build;
  const runs = cpu ? (cpu.heatWatts < 150 ? 'cool' : cpu.heatWatts < 200 ? 'warm' : 'hot') : null;
  return {
    gpu: gpu && { name: gpu.name, score: gpu.score, vramGb: gpu.vramGb, boardPowerWatts: gpu.watts },
    cpu: cpu && { name: cpu.name, gamingScore: cpu.score, heatWatts: cpu.heatWatts, runs, socket: cpu.socket },
    cooler: cooler && {
      name: cooler.name,
      type: cooler.type,
      carriesWatts: cooler.capacityWatts,
      radiatorMm: cooler.radiatorMm,
      enoughForCpu: build.coolerEnough,
    },
    case: buildCase && {
      name: buildCase.name,
      formFactor: buildCase.formFactor,
      maxRadiatorMm: buildCase.maxRadiatorMm,
      maxGpuLengthMm: buildCase.maxGpuMm,
      maxAirCoolerHeightMm: buildCase.maxCoolerMm,
    },
    psu: psu && { watts: psu.watts, peakDrawWatts: psu.needed, verdict: psu.verdict },
    holdsBack: bottleneck(build),
    allowedUpgrades: {
      gpu: upgrades.gpu.map((card) => card.name),
      cpu: upgrades.cpu.map((chip) => chip.name),
      cooler: upgrades.cooler.map((option) => option.label),
      psuWatts: upgrades.psu,
    },
  };
}
