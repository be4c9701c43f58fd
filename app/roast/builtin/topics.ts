import type { RoastFacts } from '~/roast/facts';
import { type Case, type Cooler, type FeatureKey, type Gpu, findCase, findCooler, findCpu, findFeatures, findGpu } from './catalogue';
import { linesForBrand } from './lines/brands';
import { CASE_LINES } from './lines/cases';
import { COLOUR_LINES, type ColourGroup } from './lines/colours';
import { COOLER_LINES } from './lines/coolers';
import { CPU_LINES } from './lines/cpus';
import { FEATURE_LINES } from './lines/features';
import { GPU_LINES } from './lines/gpus';
import type { OpenerTopic } from './lines/openers';
import { PHOTO_LINES, type PhotoTrait } from './lines/photo';
import { RGB_LINES } from './lines/rgb';
import { CABLE_LINES, NOT_A_PC_LINES, PERIPHERAL_LINES, SETTING_LINES } from './lines/surroundings';
import type { PhotoAnalysis } from './photo';
import type { Random } from './random';
import { type LineVars, partName, quoteTitle } from './text';
import { rgbAgreeingWithTitle, type TitleFacts } from './title';

/** A group of body lines that fits this build; the composer takes one line from it. `namesFact`: its lines name a fact of the build. */
export type BodySlot = { lines: readonly string[]; namesFact: boolean };

/** Everything the composer needs to know about one build, already sorted by how telling it is. */
export type RoastTopics = {
  vars: LineVars;
  openerTopics: OpenerTopic[];
  /** Most specific first: named parts, features, the photo's flaw, more parts, then the looks. */
  body: BodySlot[];
  /** Subjects for sentences put together from parts, each naming a fact: "the {gpu}" for the body, "this {gpu} build" for an opener. */
  subjects: { body: string[]; opener: string[] };
};

/** Named parts come first, but only two before the features and the photo's flaw: a parts list is not a roast. */
const LEADING_PARTS = 2;
const MAX_FEATURE_SLOTS = 2;
/** A photo whose long side (as uploaded) is below this is really small: only then may a roast joke about its size. */
export const SMALL_PHOTO_SIDE = 800;

const VINTAGE_GPUS: readonly Gpu['family'][] = ['gtx-10', 'gtx-16', 'rtx-20', 'rx-5000'];

/**
 * Works out what a roast can be about. The facts come from the vision model or
 * from the built-in analysis; the title can sharpen them (a vision model sees "a
 * large graphics card", the title says "4090").
 */
export function roastTopics(input: {
  title: string;
  titleFacts: TitleFacts;
  facts: RoastFacts;
  photo: PhotoAnalysis | null;
  random: Random;
}): RoastTopics {
  const { titleFacts, facts, photo, random } = input;
  const gpu = bestPart(findGpu, facts.gpu, titleFacts.gpu);
  const cpu = bestPart(findCpu, facts.cpu, titleFacts.cpu);
  const cooler = bestPart(findCooler, facts.cooler, titleFacts.cooler);
  const buildCase = bestPart(findCase, facts.case, titleFacts.case);
  const features = featureKeys([...facts.features, ...titleFacts.features], cooler?.part, buildCase?.part);
  const colour = telltaleColour(facts.colours);
  const brand = titleFacts.brands.find((name) => ![cooler, buildCase, gpu].some((part) => part && sharesWord(part.name, name)));
  const traits = photo ? photoTraits(photo) : [];
  // The title's claim outranks the photo's guess: "RGB overload" is never "a bit of RGB".
  const rgb = rgbAgreeingWithTitle(facts.rgb, titleFacts.rgb);

  const vars: LineVars = {
    gpu: gpu?.name,
    cpu: cpu?.name,
    cooler: cooler?.name,
    case: buildCase?.name,
    title: quoteTitle(input.title) ?? undefined,
    colour: colour?.name,
    brand,
    setting: facts.setting ? partName(facts.setting) : undefined,
    peripheral: facts.peripherals[0] ? partName(facts.peripherals[0]) : undefined,
  };

  const subjects = factSubjects(vars, features);
  const openerTopics: OpenerTopic[] = [];
  if (vars.title) openerTopics.push('title');
  if (!facts.isPcBuild) {
    openerTopics.push('not-a-pc');
    const body = [NOT_A_PC_LINES, ...traits.map((trait) => PHOTO_LINES[trait])].map((lines) => slot(lines, false));
    return { vars, openerTopics, body, subjects };
  }
  if (gpu?.part?.tier === 'halo') openerTopics.push('gpu-halo');
  if (gpu?.part?.tier === 'entry') openerTopics.push('gpu-budget');
  if (gpu?.part && VINTAGE_GPUS.includes(gpu.part.family)) openerTopics.push('gpu-vintage');
  if (rgb === 'overload') openerTopics.push('rgb-overload');
  if (rgb === 'none') openerTopics.push('rgb-none');
  if (photo?.dark) openerTopics.push('dark');
  if (photo?.blurry) openerTopics.push('blurry');
  for (const key of ['white-build', 'small-form-factor', 'first-build', 'sleeper'] as const) {
    if (features.includes(key)) openerTopics.push(key);
  }
  if (cooler?.part?.kind === 'custom-loop' || features.includes('hardline') || features.includes('custom-loop'))
    openerTopics.push('custom-loop');

  const parts = [
    gpu && GPU_LINES[gpu.part?.family ?? 'other'],
    cpu && CPU_LINES[cpu.part?.family ?? 'other'],
    cooler && COOLER_LINES[cooler.part?.kind ?? 'other'],
    buildCase && CASE_LINES[buildCase.part?.family ?? 'other'],
  ]
    .filter((lines) => !!lines)
    .map((lines) => slot(lines, true));

  const featureSlots = random.shuffle(features).map((key) => slot(FEATURE_LINES[key], true));
  const [flaw, ...otherTraits] = traits;
  // A white build's photo often reads black (a dark room, a black interior): the title wins.
  const colourFits = colour && !((colour.group === 'white' || colour.group === 'black') && features.includes('white-build'));
  const looks: (BodySlot | undefined)[] = [
    features.includes('rgb-fans') ? undefined : slot(RGB_LINES[rgb], false),
    // Whether a colour or brand line names its fact depends on its words: the composer reads them.
    colourFits ? slot(COLOUR_LINES[colour.group], false) : undefined,
    vars.setting ? slot(SETTING_LINES[/carpet|rug/i.test(vars.setting) ? 'carpet' : 'any'], false) : undefined,
    vars.peripheral ? slot(PERIPHERAL_LINES, false) : undefined,
    brand ? slot(linesForBrand(brand), false) : undefined,
  ];
  const body: BodySlot[] = [
    ...parts.slice(0, LEADING_PARTS),
    ...featureSlots.slice(0, MAX_FEATURE_SLOTS),
    ...(flaw ? [slot(PHOTO_LINES[flaw], false)] : []),
    ...parts.slice(LEADING_PARTS),
    ...(facts.cableManagement === 'unknown' ? [] : [slot(CABLE_LINES[facts.cableManagement], false)]),
    ...random.shuffle(looks.filter((looksSlot) => looksSlot !== undefined)),
    ...otherTraits.map((trait) => slot(PHOTO_LINES[trait], false)),
  ];
  return { vars, openerTopics, body, subjects };
}

function slot(lines: readonly string[], namesFact: boolean): BodySlot {
  return { lines, namesFact };
}

/** What a feature is called as the subject of a sentence. */
const FEATURE_SUBJECTS: Partial<Record<FeatureKey, { body: string; opener: string }>> = {
  'white-build': { body: 'the white theme', opener: 'this white build' },
  'small-form-factor': { body: 'the small form factor case', opener: 'this small form factor build' },
  'custom-loop': { body: 'the custom loop', opener: 'this custom loop build' },
  hardline: { body: 'the hardline tubing', opener: 'this hardline build' },
  'water-cooled': { body: 'the water cooling', opener: 'this water-cooled rig' },
  'vertical-gpu': { body: 'the vertical GPU mount', opener: 'this vertical-GPU build' },
  'sleeved-cables': { body: 'the sleeved cabling', opener: 'this sleeved-cable build' },
  'rgb-fans': { body: 'the wall of RGB fans', opener: 'this RGB fan showcase' },
  budget: { body: 'the budget parts list', opener: 'this budget build' },
  'first-build': { body: 'this first build', opener: 'this first build' },
  sleeper: { body: 'the sleeper disguise', opener: 'this sleeper build' },
};

/** Sentence subjects that each name a known fact: the parts, features, brand and colour. */
function factSubjects(vars: LineVars, features: readonly FeatureKey[]): RoastTopics['subjects'] {
  const subjects: RoastTopics['subjects'] = { body: [], opener: [] };
  const add = (known: unknown, body: string, opener: string) => {
    if (!known) return;
    subjects.body.push(body);
    subjects.opener.push(opener);
  };
  add(vars.gpu, 'the {gpu}', 'this {gpu} build');
  add(vars.cpu, 'the {cpu}', 'this {cpu} machine');
  add(vars.cooler, 'the {cooler}', 'this {cooler}-cooled rig');
  add(vars.case, 'the {case}', 'this {case} build');
  add(vars.brand, 'the {brand} hardware', 'this {brand} build');
  for (const key of features) {
    const named = FEATURE_SUBJECTS[key];
    if (named) add(true, named.body, named.opener);
  }
  add(vars.colour, 'all that {colour}', 'this {colour} rig');
  return subjects;
}

type Named<T> = { name: string; part: T | null };

/**
 * The facts' wording or the title's, whichever the catalogue recognises (so its
 * lines can be specific); failing that the facts' own words, then the title's.
 */
function bestPart<T extends { name: string }>(
  find: (text: string) => { part: T } | null,
  ...candidates: (string | null)[]
): Named<T> | null {
  const named = candidates.filter((text): text is string => !!text?.trim());
  for (const text of named) {
    const found = find(text.toLowerCase());
    if (found) return { name: found.part.name, part: found.part };
  }
  const first = named[0];
  return first ? { name: partName(first), part: null } : null;
}

function featureKeys(labels: readonly string[], cooler: Cooler | null | undefined, buildCase: Case | null | undefined): FeatureKey[] {
  const keys = new Set(labels.flatMap((label) => findFeatures(label.toLowerCase()).map((feature) => feature.key)));
  if (buildCase?.smallFormFactor) keys.add('small-form-factor');
  // The cooler's own lines already cover these.
  if (cooler?.kind === 'custom-loop') {
    keys.delete('custom-loop');
    keys.delete('water-cooled');
  }
  if (cooler?.kind.startsWith('aio')) keys.delete('water-cooled');
  return [...keys];
}

/** Whether a part's name already says the brand ("Fractal North" and "Fractal Design"). */
function sharesWord(a: string, b: string): boolean {
  const words = new Set(a.toLowerCase().split(/\s+/));
  return b
    .toLowerCase()
    .split(/\s+/)
    .some((word) => words.has(word));
}

/** The photo's flaws first (they are the funniest), then its mere quirks. */
function photoTraits(photo: PhotoAnalysis): PhotoTrait[] {
  const traits: PhotoTrait[] = [];
  if (photo.blurry) traits.push('blurry');
  if (photo.dark) traits.push('dark');
  if (photo.bright) traits.push('bright');
  if (Math.max(photo.width, photo.height) < SMALL_PHOTO_SIDE) traits.push('tiny');
  if (photo.orientation === 'portrait') traits.push('portrait');
  return traits;
}

const COLOUR_GROUPS: readonly [RegExp, ColourGroup][] = [
  [/white|snow|ivory/, 'white'],
  [/black|dark|charcoal/, 'black'],
  [/pink|magenta|rose/, 'pink'],
  [/purple|violet|lilac|lavender/, 'purple'],
  [/blue|cyan|teal|aqua|turquoise|navy/, 'blue'],
  [/green|lime|mint/, 'green'],
  [/red|crimson|scarlet/, 'red'],
];

/**
 * The colour worth a line: black is every PC's default, so the first other
 * colour among the top three speaks louder when there is one.
 */
function telltaleColour(colours: readonly string[]): { name: string; group: ColourGroup } | null {
  const named = colours
    .map((colour) => colour.toLowerCase().trim())
    .filter(Boolean)
    .slice(0, 3);
  const chosen = named.find((colour) => !/black|grey|gray|dark/.test(colour)) ?? named[0];
  if (!chosen) return null;
  const group = COLOUR_GROUPS.find(([pattern]) => pattern.test(chosen))?.[1] ?? 'other';
  return { name: partName(chosen), group };
}
