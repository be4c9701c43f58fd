import { bottleneck, type KnownBuild } from '~/roast/parts/build-knowledge';
import { cpusIn } from '~/roast/parts/cpus';
import { gpusIn } from '~/roast/parts/gpus';
import { neededPsuWatts } from '~/roast/parts/power';
import { upgradeAdvice } from './advice';
import { partName } from './text';

/*
 * RoastBot's straight answer to a question a comment asks, from what the roaster
 * knows of the build: the joke comes after it. Null when the comment asks nothing
 * this can answer.
 */

export type Question = 'real' | 'gpu' | 'cpu' | 'cooler' | 'case' | 'bottleneck' | 'upgrade' | 'cost' | 'psu' | 'temps';

/** Most specific first: "is the dual-GPU real or a render?" is about the photo, not the GPU. */
const QUESTIONS: readonly [Question, RegExp][] = [
  ['real', /\b(?:real|render(?:ed|s)?|fake|photoshop(?:ped)?|cgi|ai[- ]generated)\b/],
  ['bottleneck', /\bbottleneck/],
  ['upgrade', /\bupgrade|\bwhat (?:should|would) (?:i|you) (?:get|buy|change|swap)\b|\bworth (?:replacing|swapping)\b/],
  ['psu', /\b(?:psu|power supply|wattage|watts)\b/],
  ['cost', /\bhow much\b|\bcost\b|\bprice\b|\bpaid\b|\bspend\b/],
  ['temps', /\btemps?\b|\btemperatures?\b|\bthermals?\b|\brun(?:s)? hot\b/],
  ['cooler', /\b(?:cooler|aio|cooling)\b/],
  ['gpu', /\b(?:gpu|graphics card|card)\b/],
  ['cpu', /\b(?:cpu|processor|chip)\b/],
  ['case', /\b(?:case|chassis)\b/],
];

/**
 * What a comment asks, when it asks something: a question mark, or a question word first.
 * A question that only names a card or a processor ("is the 4070 enough?") is about that part.
 */
function questionIn(comment: string): Question | null {
  const text = comment.toLowerCase().trim();
  if (!/\?|^(?:what|which|how|is|are|will|would|does|do|can|should)\b/.test(text)) return null;
  const asked = QUESTIONS.find(([, pattern]) => pattern.test(text))?.[0];
  if (asked) return asked;
  if (gpusIn(text).length > 0) return 'gpu';
  if (cpusIn(text).length > 0) return 'cpu';
  return null;
}

/** A reply answers this many questions at most: it has 60 words. */
const QUESTIONS_ANSWERED = 2;

/**
 * Every question a comment asks, in the order asked, each once ("Is the PSU enough? Will
 * it bottleneck?" asks two); the whole comment's question when no sentence asks one alone.
 */
export function questionsIn(comment: string): Question[] {
  const asked: Question[] = [];
  for (const sentence of comment.split(/(?<=[?!.])\s+|\n+/)) {
    const question = questionIn(sentence);
    if (question && !asked.includes(question)) asked.push(question);
  }
  if (asked.length === 0) {
    const whole = questionIn(comment);
    if (whole) asked.push(whole);
  }
  return asked.slice(0, QUESTIONS_ANSWERED);
}

const UNNAMED = { gpu: 'graphics card', cpu: 'processor', cooler: 'cooler', case: 'case' } as const;

/**
 * What a question gets wrong about the build: a card or processor it names that the build
 * does not have ("will the RTX 5090 bottleneck?" under a 4090 build), said before any
 * answer about the part the build does have. Null when the comment names the build's own
 * part too (comparing, as in "would a 5090 beat my 4090?") or asks what to upgrade to.
 */
export function mistakenPart(
  comment: string,
  questions: readonly Question[],
  build: KnownBuild,
): { part: 'gpu' | 'cpu'; text: string } | null {
  if (questions.includes('upgrade')) return null;
  const text = comment.toLowerCase();
  const kinds = [
    { part: 'gpu', word: 'card', named: gpusIn(text).map((gpu) => gpu.name), own: build.gpu?.name },
    { part: 'cpu', word: 'processor', named: cpusIn(text).map((cpu) => cpu.name), own: build.cpu?.name },
  ] as const;
  for (const { part, word, named, own } of kinds) {
    const asked = named[0];
    if (!asked || (own && named.includes(own))) continue;
    const has = own ?? (build.named[part] && partName(build.named[part]));
    return {
      part,
      text: has
        ? `There's no ${asked} in this build: the ${word} is the ${has}.`
        : `The parts list names no ${word}, so I can't say whether it's the ${asked}.`,
    };
  }
  return null;
}

export function answer(question: Question, build: KnownBuild): string {
  const { gpu, cpu, cooler, psu } = build;
  // Names the catalogue cannot place are the owner's or a model's words: kept short, as in a roast.
  const named = Object.fromEntries(Object.entries(build.named).map(([key, name]) => [key, name && partName(name)])) as KnownBuild['named'];
  switch (question) {
    case 'real':
      return `It reads as a real photo to me, not a render: it was posted as the owner's own build${named.gpu ? `, ${named.gpu} and all` : ''}.`;
    case 'gpu':
      if (!named.gpu) return notNamed('gpu');
      return gpu
        ? `That's the ${gpu.name}, a card with ${gpu.vramGb} GB of memory that draws about ${gpu.watts}\u00a0W.`
        : `That's the ${named.gpu}.`;
    case 'cpu':
      if (!named.cpu) return notNamed('cpu');
      return cpu ? `That's the ${cpu.name}, which gives off up to ${cpu.heatWatts}\u00a0W under a long load.` : `That's the ${named.cpu}.`;
    case 'cooler':
      if (!named.cooler) return notNamed('cooler');
      return `That's the ${cooler?.name ?? named.cooler}${coolerDetail(build)}.`;
    case 'case':
      if (!named.case) return notNamed('case');
      return build.case
        ? `That's the ${build.case.name}, which takes cards up to ${build.case.maxGpuMm}\u00a0mm and ${build.case.maxRadiatorMm ? `radiators up to ${build.case.maxRadiatorMm}\u00a0mm` : 'no radiator'}.`
        : `That's the ${named.case}.`;
    case 'bottleneck': {
      const holdsBack = bottleneck(build);
      if (!gpu || !cpu)
        return 'I can only judge a bottleneck with both the CPU and the GPU on the parts list, and this build does not name both.';
      return holdsBack === 'cpu'
        ? `Yes, the ${cpu.name} will bottleneck the ${gpu.name} in CPU-heavy games: the processor is what holds it back.`
        : `No real bottleneck: the ${cpu.name} keeps up with the ${gpu.name}, so the card sets the frame rate.`;
    }
    case 'upgrade':
      return upgradeAdvice(build);
    case 'cost':
      return `The price is not on the build's page, so I won't guess the total${gpu ? `; the ${gpu.name} is the big-ticket item in there` : ''}.`;
    case 'psu': {
      if (psu) {
        return {
          enough: `Yes, the ${psu.watts}\u00a0W supply is enough: these parts peak near ${psu.needed}\u00a0W.`,
          tight: `Just about: the ${psu.watts}\u00a0W supply is tight for parts that peak near ${psu.needed}\u00a0W.`,
          short: `No, the ${psu.watts}\u00a0W supply is short: these parts peak near ${psu.needed}\u00a0W, so a ${psu.needed}\u00a0W unit would be safe.`,
        }[psu.verdict];
      }
      if (named.psu)
        return `The ${named.psu} is on the parts list, but without both the GPU and the CPU named I can't say whether its watts are enough.`;
      const needed = gpu && cpu ? neededPsuWatts(gpu.watts, cpu.heatWatts) : null;
      return needed
        ? `The power supply is not named on the parts list, so I can't say, but these parts want a good ${needed}\u00a0W unit.`
        : 'The power supply is not named on the parts list, so I cannot say whether its watts are enough.';
    }
    case 'temps':
      if (!cpu || !cooler?.capacityWatts)
        return 'Temps depend on the cooler and the processor, and the parts list does not name both, so only a screenshot can settle it.';
      return build.coolerEnough
        ? `Temps should stay comfortable: the ${cooler.name} carries about ${cooler.capacityWatts}\u00a0W and the ${cpu.name} gives off up to ${cpu.heatWatts}\u00a0W.`
        : `Temps will climb under long loads: the ${cooler.name} carries about ${cooler.capacityWatts}\u00a0W, less than the ${cpu.heatWatts}\u00a0W the ${cpu.name} can give off.`;
  }
}

function notNamed(part: keyof typeof UNNAMED): string {
  return `The ${UNNAMED[part]} is not named on the parts list or in the title, so I can't tell from here.`;
}

function coolerDetail({ cooler, cpu, coolerEnough }: KnownBuild): string {
  if (!cooler) return '';
  const kind =
    cooler.type === 'loop'
      ? 'a custom water loop'
      : cooler.type === 'aio'
        ? cooler.radiatorMm
          ? `a ${cooler.radiatorMm}\u00a0mm AIO`
          : 'an AIO'
        : cooler.type === 'stock'
          ? 'the cooler from the box'
          : 'an air cooler';
  const fit = cpu && coolerEnough !== null ? (coolerEnough ? `, plenty for the ${cpu.name}` : `, short of what the ${cpu.name} needs`) : '';
  return `, ${kind}${fit}`;
}
