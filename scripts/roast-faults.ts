// The advice and reply judge of `npm run eval:roast` (issue 42): builds generated from the
// catalogue (every card, processor, cooler and case it knows, in odd combinations, some
// parts missing, at each intensity, with comments asking each kind of question), and the
// faults counted in what the roaster wrote for them. The judge reads the text against what
// the parts are (app/roast/parts), never against what the roaster meant to say, so a
// roaster that recommends the wrong part is caught however it got there.
import { findCase, findCooler, findCpus, findGpus } from '~/roast/builtin/catalogue';
import {
  builtinAdvice,
  builtinFacts,
  composeReply,
  composeRoast,
  parseTitle,
  type PhotoAnalysis,
  recentLines,
  ROAST_MEMORY,
} from '~/roast/builtin/index.server';
import { type ConfirmedPart, withConfirmedParts } from '~/roast/facts';
import { adviceFaults, type JudgedBuild, judgedBuild } from '~/roast/parts/advice-check';
import { GPU_NAMES } from '~/roast/parts/gpus';

export type Intensity = 'gentle' | 'medium' | 'savage';
export type Category = 'GPU' | 'CPU' | 'cooler' | 'case' | 'PSU';
export type QuestionKind = 'real' | 'which-gpu' | 'which-cpu' | 'which-cooler' | 'bottleneck' | 'upgrade' | 'cost' | 'psu' | 'temps';

/** One generated build: its parts (null: missing), where the roaster learns them, and a comment under it. */
export type GeneratedBuild = {
  index: number;
  title: string;
  parts: Record<Category, string | null>;
  /** 'confirmed': the owner's parts list; 'title': only the title names them. */
  source: 'confirmed' | 'title';
  intensity: Intensity;
  comment: { text: string; asks: QuestionKind | null };
};

const CPU_NAMES = [
  'Ryzen 3 3100',
  'Ryzen 5 1600',
  'Ryzen 5 2600',
  'Ryzen 5 3600',
  'Ryzen 5 5600',
  'Ryzen 5 5600X',
  'Ryzen 7 5800X3D',
  'Ryzen 7 5700X3D',
  'Ryzen 9 5950X',
  'Ryzen 5 7600',
  'Ryzen 5 7600X',
  'Ryzen 7 7700X',
  'Ryzen 7 7800X3D',
  'Ryzen 9 7950X',
  'Ryzen 9 7950X3D',
  'Ryzen 5 9600X',
  'Ryzen 7 9700X',
  'Ryzen 7 9800X3D',
  'Ryzen 9 9950X',
  'Ryzen 7 8700G',
  'Core i3-12100F',
  'Core i5-12400F',
  'Core i5-13600K',
  'Core i7-13700K',
  'Core i9-13900K',
  'Core i5-14400F',
  'Core i7-14700K',
  'Core i9-14900K',
  'Core i7-4790K',
  'Core i7-8700K',
  'Core i7-9700K',
  'Core i5-10400F',
  'Core i9-10900K',
  'Core Ultra 5 245K',
  'Core Ultra 7 265K',
  'Core Ultra 9 285K',
  'Threadripper 7980X',
];

const COOLER_NAMES = [
  'stock cooler',
  'AMD Wraith Stealth',
  'AMD Wraith Prism',
  'Cooler Master Hyper 212',
  'Noctua NH-D15',
  'Noctua NH-U12S',
  'Noctua NH-D12L',
  'be quiet! Dark Rock Pro 5',
  'Thermalright Peerless Assassin 120 SE',
  'DeepCool AK620',
  'Arctic Liquid Freezer III 360',
  'Arctic Liquid Freezer II 240',
  'Lian Li Galahad 240 AIO',
  'NZXT Kraken Elite 360',
  'Corsair H150i',
  'Corsair H100i',
  'NZXT Kraken X73',
  'Corsair H170i',
  'Corsair H60',
  'EK Quantum custom loop',
];

const CASE_NAMES = [
  'Lian Li A4-H2O',
  'NZXT H1',
  'Cooler Master NR200P',
  'Cooler Master NR200P Max',
  'Fractal Terra',
  'Fractal Node 202',
  'Louqe Ghost S1',
  'SSUPD Meshlicious',
  'Corsair 2000D',
  'Fractal Torrent Nano',
  'NZXT H210',
  'Lian Li O11 Dynamic',
  'Lian Li O11 Dynamic EVO XL',
  'Lian Li Lancool III',
  'Lian Li Lancool 216',
  'NZXT H9 Flow',
  'NZXT H510',
  'Fractal Meshify 2 Compact',
  'Fractal Define 7',
  'Fractal North',
  'Fractal Torrent',
  'Fractal Pop Air',
  'Corsair 4000D Airflow',
  'Corsair 5000D',
  'Hyte Y60',
  'Hyte Y70',
  'Phanteks Evolv X',
  'Phanteks P400A',
  'Cooler Master MasterBox Q300L',
];

const PSU_NAMES = [
  'Corsair RM550x',
  'Seasonic Focus GX-650',
  'Corsair RM750e',
  'Corsair RM850x',
  'Corsair RM1000x',
  'Corsair SF750',
  'be quiet! Pure Power 12 M 550W',
  'Seasonic Prime 1300W',
];

/** Comments a member might write, with the question each asks (null: none). */
export const COMMENTS: readonly { text: string; asks: QuestionKind | null }[] = [
  { text: 'is the dual-GPU real or a render?', asks: 'real' },
  { text: 'Is this real or a render? Looks too clean', asks: 'real' },
  { text: 'what cooler is that?', asks: 'which-cooler' },
  { text: 'Which GPU is in there?', asks: 'which-gpu' },
  { text: 'what CPU are you running?', asks: 'which-cpu' },
  { text: 'will the CPU bottleneck that GPU?', asks: 'bottleneck' },
  { text: 'what should I upgrade first?', asks: 'upgrade' },
  { text: 'how much did this cost?', asks: 'cost' },
  { text: 'is the PSU enough for this?', asks: 'psu' },
  { text: 'How are the temps with the glass panel on?', asks: 'temps' },
  { text: 'Will the RTX 5090 bottleneck on that CPU?', asks: 'bottleneck' },
  { text: 'how hot does the Core i9-14900K run?', asks: 'temps' },
  { text: 'Love it, the cable combs are doing heroic work.', asks: null },
  { text: 'nah the RGB is perfect, you are wrong', asks: null },
];

const INTENSITIES: readonly Intensity[] = ['gentle', 'medium', 'savage'];
/** Some cards and processors go unnamed, as a blurry photo or a bare title leaves them. */
const UNKNOWN_GPU = 'large triple-fan graphics card';

/**
 * `count` builds, deterministic: every card, processor, cooler and case the catalogue
 * knows comes round (in strides that give odd pairings: a 4090 on a Ryzen 3, an ITX case
 * with a 420 mm AIO), and parts go missing at their own rates.
 */
export function generateBuilds(count: number): GeneratedBuild[] {
  const gpus = [...GPU_NAMES, UNKNOWN_GPU];
  return Array.from({ length: count }, (_, index) => {
    const at = <T>(list: readonly T[], stride: number) => list[(index * stride) % list.length] as T;
    const parts: Record<Category, string | null> = {
      GPU: index % 10 === 9 ? null : at(gpus, 1),
      CPU: index % 11 === 5 ? null : at(CPU_NAMES, 7),
      cooler: index % 6 === 2 ? null : at(COOLER_NAMES, 3),
      case: index % 4 === 3 ? null : at(CASE_NAMES, 5),
      PSU: index % 3 === 0 ? null : at(PSU_NAMES, 5),
    };
    const source = index % 2 === 0 ? 'confirmed' : 'title';
    const named = [parts.GPU, parts.CPU, parts.cooler && `with ${parts.cooler}`, parts.case && `in a ${parts.case}`].filter(Boolean);
    const title = source === 'title' && named.length > 0 ? named.join(' ') : `Build ${index + 1}`;
    return { index, title, parts, source, intensity: at(INTENSITIES, 1), comment: at(COMMENTS, 5) };
  });
}

// ─── The judge ───────────────────────────────────────────────────────────────

export type FaultKind = 'owned-part' | 'non-upgrade' | 'case-cannot-hold' | 'class-contradiction' | 'repeated-name' | 'ignored-question';
export type Fault = { kind: FaultKind; detail: string };

/** Sentences, split after . ! ? and a colon that starts a new clause; a brand's own "be quiet!" ends none. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?][”"]?)(?<!be quiet!)\s+(?=[A-Z“"])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** A processor that gives off less than this under load does not "run hot". */
const HOT_WATTS = 150;
const NEGATED = /\b(?:never|no|not|without|nothing|n't|zero)\b[^.,;:]{0,25}$/i;
const COOLER_WORDS = /\bcooler\b/i;
const CPU_WORDS = /\b(?:cpu|processor|chip)\b/i;
const GPU_WORDS = /\b(?:gpu|graphics card|card)\b/i;

/** Whether a sentence is about a part: names it, or calls it by what it is. */
function about(sentence: string, name: string | null | undefined, words: RegExp, spec: { name: string } | null): boolean {
  const lower = sentence.toLowerCase();
  return (!!name && lower.includes(name.toLowerCase())) || (!!spec && lower.includes(spec.name.toLowerCase())) || words.test(sentence);
}

function claims(sentence: string, pattern: RegExp): boolean {
  for (const match of sentence.matchAll(new RegExp(pattern.source, 'gi'))) {
    if (!NEGATED.test(sentence.slice(0, match.index))) return true;
  }
  return false;
}

/** Claims about a part that contradict what it is: an air cooler that heats a flat, a cool-running chip that "runs hot". */
export function classFaults(text: string, build: JudgedBuild): Fault[] {
  const faults: Fault[] = [];
  const { cooler, cpu, gpu } = build;
  for (const sentence of sentences(text)) {
    const onCooler = about(sentence, build.names.cooler, COOLER_WORDS, cooler);
    const onCpu = about(sentence, build.names.CPU, CPU_WORDS, cpu);
    if (
      onCooler &&
      cooler &&
      claims(sentence, /\bheat (?:a|the|your) (?:small )?(?:flat|room|house|home)\b|\bspace heater\b|\bcentral heating\b/)
    )
      faults.push({ kind: 'class-contradiction', detail: `says the ${cooler.name} gives off heat: ${sentence}` });
    if (
      onCooler &&
      cooler &&
      (cooler.type === 'air' || cooler.type === 'stock') &&
      claims(sentence, /\bpump\b|\bcoolant\b|\bradiator\b|\bleaks?\b/)
    )
      faults.push({ kind: 'class-contradiction', detail: `gives the air-cooled ${cooler.name} liquid parts: ${sentence}` });
    if (onCooler && cooler && (cooler.type === 'aio' || cooler.type === 'loop') && claims(sentence, /\bheat ?pipes?\b|\bslab of metal\b/))
      faults.push({ kind: 'class-contradiction', detail: `calls the liquid-cooled ${cooler.name} an air cooler: ${sentence}` });
    if (onCpu && cpu && cpu.heatWatts < HOT_WATTS && claims(sentence, /\bruns? hot\b|\bhot (?:processor|chip|cpu)\b|\bsear a steak\b/))
      faults.push({ kind: 'class-contradiction', detail: `says the ${cpu.name} (${cpu.heatWatts} W) runs hot: ${sentence}` });
    if (onCpu && cpu && cooler?.capacityWatts && cooler.capacityWatts >= cpu.heatWatts && claims(sentence, /\bthrottl(?:e|es|ing)\b/))
      faults.push({ kind: 'class-contradiction', detail: `says the ${cpu.name} throttles under the ${cooler.name}: ${sentence}` });
    if (onCpu && cpu && cpu.heatWatts >= 200 && claims(sentence, /\bruns? cool\b/))
      faults.push({ kind: 'class-contradiction', detail: `says the ${cpu.name} (${cpu.heatWatts} W) runs cool: ${sentence}` });
    if (
      onCooler &&
      cooler?.capacityWatts &&
      cpu &&
      cooler.capacityWatts >= cpu.heatWatts &&
      claims(sentence, /\b(?:too )?small for (?:it|the|this)\b|\bcannot (?:carry|keep up)\b|\bnot enough for\b/)
    )
      faults.push({ kind: 'class-contradiction', detail: `says the ${cooler.name} is too small for the ${cpu.name}: ${sentence}` });
    if (
      about(sentence, build.names.GPU, GPU_WORDS, gpu) &&
      gpu &&
      gpu.vramGb < 12 &&
      claims(sentence, /\b(?:loads|lots|plenty) of vram\b|\bvram generous\b|\bgenerous (?:vram|memory)\b/)
    )
      faults.push({ kind: 'class-contradiction', detail: `says the ${gpu.name} (${gpu.vramGb} GB) has lots of VRAM: ${sentence}` });
    if (gpu && gpu.score < 60 && callsTopCard(sentence, [build.names.GPU, gpu.name]))
      faults.push({ kind: 'class-contradiction', detail: `calls the ${gpu.name} a top card: ${sentence}` });
  }
  return faults;
}

/** "The RX 6400 is a flagship", "the flagship RX 6400": the claim next to the card's name, not about prices or another card. */
function callsTopCard(sentence: string, names: readonly (string | null | undefined)[]): boolean {
  return names.some((name) => {
    if (!name) return false;
    const card = escapeRegExp(name);
    return new RegExp(
      `${card}[^.,;:]{0,20}\\b(?:flagship|top[- ]tier|halo)\\b|\\b(?:flagship|top[- ]tier|halo)\\s+(?:card\\s+)?${card}`,
      'i',
    ).test(sentence);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text outside quotation marks: a quoted title is the owner's words, not the roaster's. */
function unquoted(text: string): string {
  return text.replace(/“[^”]*”/g, ' ').replace(/"[^"]*"/g, ' ');
}

function countAll<T extends { name: string }>(text: string, find: (text: string) => { part: T; end: number } | null): Map<string, number> {
  const counts = new Map<string, number>();
  let rest = text;
  for (let found = find(rest); found; found = find(rest)) {
    counts.set(found.part.name, (counts.get(found.part.name) ?? 0) + 1);
    rest = rest.slice(found.end);
  }
  return counts;
}

/** A part named more than once in one roast. */
export function repeatedNames(roast: string, build: JudgedBuild): Fault[] {
  const text = unquoted(roast);
  const lower = text.toLowerCase().normalize('NFKC');
  const counts = new Map<string, number>();
  const add = (name: string, n: number) => counts.set(name, Math.max(counts.get(name) ?? 0, n));
  for (const found of [...findGpus(lower), ...findCpus(lower)]) add(found.part.name, (counts.get(found.part.name) ?? 0) + 1);
  for (const [name, n] of [...countAll(lower, findCooler), ...countAll(lower, findCase)]) add(name, n);
  for (const name of Object.values(build.names)) {
    if (name) add(name, lower.split(name.toLowerCase()).length - 1);
  }
  return [...counts].filter(([, n]) => n > 1).map(([name, n]) => ({ kind: 'repeated-name' as const, detail: `${name} named ${n} times` }));
}

/** What a comment asks, read from its words. */
export function questionAsked(comment: string): QuestionKind | null {
  const text = comment.toLowerCase();
  if (!/\?|^(?:what|which|how|is|are|will|does|do|can|should)\b/.test(text.trim())) return null;
  if (/\b(?:real|render(?:ed)?|fake|photoshop(?:ped)?|cgi)\b/.test(text)) return 'real';
  if (/\bbottleneck/.test(text)) return 'bottleneck';
  if (/\bupgrade|what should i (?:get|buy|change)|what would you change/.test(text)) return 'upgrade';
  if (/\b(?:psu|power supply|wattage)\b/.test(text)) return 'psu';
  if (/\bhow much\b|\bcost\b|\bprice\b|\bpaid\b/.test(text)) return 'cost';
  if (/\btemps?\b|\btemperatures?\b|\bthermals\b/.test(text)) return 'temps';
  if (/\b(?:what|which)\b[^?]*\b(?:cooler|aio)\b/.test(text)) return 'which-cooler';
  if (/\b(?:what|which)\b[^?]*\b(?:gpu|graphics card|card)\b/.test(text)) return 'which-gpu';
  if (/\b(?:what|which)\b[^?]*\b(?:cpu|processor|chip)\b/.test(text)) return 'which-cpu';
  return null;
}

const NOT_KNOWN =
  /\b(?:not (?:listed|named|on|known|say)|doesn't say|does not say|can't tell|cannot tell|no one (?:has )?named|nobody (?:has )?named|unknown)\b/i;

/** Whether a reply's first sentence answers the question its comment asks. */
export function answers(reply: string, asks: QuestionKind, build: JudgedBuild): boolean {
  const first = sentences(reply)[0] ?? '';
  const names = (category: Category, spec: { name: string } | null) =>
    [build.names[category], spec?.name]
      .filter((name): name is string => !!name)
      .some((name) => first.toLowerCase().includes(name.toLowerCase()));
  switch (asks) {
    case 'real':
      return /\b(?:real|render(?:ed)?|genuine|photo)\b/i.test(first);
    case 'which-gpu':
      return build.names.GPU ? names('GPU', build.gpu) : NOT_KNOWN.test(first);
    case 'which-cpu':
      return build.names.CPU ? names('CPU', build.cpu) : NOT_KNOWN.test(first);
    case 'which-cooler':
      return build.names.cooler ? names('cooler', build.cooler) : NOT_KNOWN.test(first);
    case 'bottleneck':
      return (
        /\bbottleneck|\bholds? (?:it|the [\w\s-]+?) back\b|\bheld back\b|\bwell matched\b|\bbalanced\b/i.test(first) ||
        NOT_KNOWN.test(first)
      );
    case 'upgrade':
      return (
        /\b(?:upgrade|step up|nothing|keep)\b/i.test(first) &&
        (findGpus(first.toLowerCase()).length > 0 ||
          findCpus(first.toLowerCase()).length > 0 ||
          /\b(?:gpu|graphics card|card|cpu|processor|cooler|power supply|psu|nothing|parts list)\b/i.test(first))
      );
    case 'cost':
      return /\b(?:price|cost|costs|paid|spent|budget)\b|[$€£]/i.test(first);
    case 'psu':
      return /\b\d{3,4}\s?W\b|\bwatts?\b/i.test(first) || NOT_KNOWN.test(first);
    case 'temps':
      return /\b(?:temps?|temperatures?|°C|degrees|cool(?:s|ing)?|heat|watts?|throttl\w*)\b/i.test(first);
  }
}

export type FaultCounts = Record<FaultKind, number>;

export const NO_FAULTS: FaultCounts = {
  'owned-part': 0,
  'non-upgrade': 0,
  'case-cannot-hold': 0,
  'class-contradiction': 0,
  'repeated-name': 0,
  'ignored-question': 0,
};

/** What the roaster wrote for one build. */
export type Written = { roast: string; advice: readonly string[]; reply: string };

/** Every fault in what was written for one build. */
export function faultsOf(build: GeneratedBuild, written: Written): Fault[] {
  const judged = judgedBuild(build.parts);
  const faults = [
    ...written.advice.flatMap((item) => adviceFaults(item, judged)),
    ...classFaults([written.roast, ...written.advice].join(' '), judged),
    ...repeatedNames(written.roast, judged),
  ];
  const asks = questionAsked(build.comment.text);
  if (!asks) return faults;
  // A question about a part the build lacks is put right first; the answer may follow.
  const absent = partNotOwned(build.comment.text, judged);
  const [first = '', ...rest] = sentences(written.reply);
  if (absent && !saysAbsent(first, absent))
    faults.push({
      kind: 'ignored-question',
      detail: `“${build.comment.text}” asks about a part the build lacks and got “${written.reply}”`,
    });
  else if (!answers(written.reply, asks, judged) && !(absent && answers(rest.join(' '), asks, judged)))
    faults.push({ kind: 'ignored-question', detail: `“${build.comment.text}” got “${written.reply}”` });
  return faults;
}

/** A card or processor a comment names that the build does not have. */
function partNotOwned(comment: string, build: JudgedBuild): string | null {
  const text = comment.toLowerCase().normalize('NFKC');
  const named = [
    ...findGpus(text).filter((found) => found.part.name !== build.gpu?.name),
    ...findCpus(text).filter((found) => found.part.name !== build.cpu?.name),
  ];
  return named[0]?.part.name ?? null;
}

/** Whether a reply's first sentence says the build has no such part (or that nobody named one). */
function saysAbsent(first: string, part: string): boolean {
  return first.includes(part) && /\b(?:no|not|isn't|can't)\b/i.test(first);
}

/** Counts of each fault over many builds, with a few examples of each. */
export function countFaults(
  results: readonly { build: GeneratedBuild; written: Written }[],
  examplesOfEach = 3,
): {
  builds: number;
  counts: FaultCounts;
  examples: Partial<Record<FaultKind, string[]>>;
} {
  const counts = { ...NO_FAULTS };
  const examples: Partial<Record<FaultKind, string[]>> = {};
  for (const { build, written } of results) {
    for (const fault of faultsOf(build, written)) {
      counts[fault.kind]++;
      const list = (examples[fault.kind] ??= []);
      if (list.length < examplesOfEach) list.push(`build ${build.index + 1} (${build.title}): ${fault.detail}`);
    }
  }
  return { builds: results.length, counts, examples };
}

// ─── The run ─────────────────────────────────────────────────────────────────

/** A phone photo as the built-in analysis reads it; some dark, some blurry, some small. */
function photoOf(index: number): PhotoAnalysis {
  const small = index % 10 === 7;
  return {
    width: small ? 640 : 1080,
    height: small ? 480 : 1440,
    megapixels: small ? 0.31 : 1.56,
    orientation: small ? 'landscape' : 'portrait',
    brightness: index % 5 === 1 ? 0.12 : 0.4,
    saturation: 0.3,
    hueSpread: (index % 4) / 4,
    sharpness: index % 7 === 3 ? 0.1 : 0.7,
    blurry: index % 7 === 3,
    dark: index % 5 === 1,
    bright: false,
    rgb: (['none', 'some', 'lots', 'overload'] as const)[index % 4] ?? 'some',
    colours: [['black', 'white'], ['white'], ['black', 'red'], ['purple', 'black']][index % 4] ?? [],
  };
}

/**
 * Has the built-in roaster write each build's roast, advice and RoastBot's reply to its
 * comment, one after another with the memory of the roasts before, as the jobs do.
 */
export function writeAll(builds: readonly GeneratedBuild[]): { build: GeneratedBuild; written: Written }[] {
  const history: string[][] = [];
  const replies: string[][] = [];
  return builds.map((build) => {
    const photo = photoOf(build.index);
    const parts: ConfirmedPart[] =
      build.source === 'confirmed'
        ? (Object.entries(build.parts) as [Category, string | null][]).flatMap(([category, name]) => (name ? [{ category, name }] : []))
        : [];
    const facts = withConfirmedParts(builtinFacts(photo, parseTitle(build.title)), parts);
    const memory = { recent: recentLines(history.slice(-ROAST_MEMORY).reverse()), weights: new Map<string, number>() };
    const roast = composeRoast({ seed: `faults:${build.index}`, title: build.title, facts, photo, memory, intensity: build.intensity });
    history.push(roast.lines);
    const advice = builtinAdvice({ title: build.title, facts, parts, photo });
    const reply = composeReply({
      seed: `faults:${build.index}`,
      title: build.title,
      facts,
      parts,
      comment: build.comment.text,
      memory: { recent: recentLines(replies.slice(-50).reverse()), weights: new Map<string, number>() },
    });
    replies.push(reply.lines);
    return { build, written: { roast: roast.text, advice, reply: reply.text } };
  });
}
