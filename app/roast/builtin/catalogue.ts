/*
 * The catalogue of real parts, brands and build features the built-in roaster
 * recognises in a title (or in the vision model's wording), with names
 * normalised for display ("rtx4070ti super" → "RTX 4070 Ti Super").
 *
 * Every finder takes lower-case text and returns where it matched, so a title
 * can be read part by part without one number being claimed twice
 * ("7900 XT" is a GPU, "7900X" a CPU).
 */

export type Found<T> = { part: T; start: number; end: number };

export type GpuFamily =
  'rtx-50' | 'rtx-40' | 'rtx-30' | 'rtx-20' | 'gtx-16' | 'gtx-10' | 'rx-9000' | 'rx-7000' | 'rx-6000' | 'rx-5000' | 'arc';
/** Where a card sits in its line-up: halo (xx90, 7900 XTX) down to entry (xx50/xx60, Arc). */
export type GpuTier = 'halo' | 'high' | 'mid' | 'entry';
export type Gpu = { name: string; family: GpuFamily; tier: GpuTier };

export type CpuFamily =
  'core-i3' | 'core-i5' | 'core-i7' | 'core-i9' | 'core-ultra' | 'ryzen-3' | 'ryzen-5' | 'ryzen-7' | 'ryzen-9' | 'x3d' | 'threadripper';
export type Cpu = { name: string; family: CpuFamily };

export type CoolerKind = 'air-tower' | 'hyper-212' | 'stock' | 'aio-small' | 'aio-large' | 'aio-huge' | 'aio' | 'custom-loop';
/** `radiatorMm`: an AIO's radiator, when its name or the text beside it says. */
export type Cooler = { name: string; kind: CoolerKind; radiatorMm: number | null };

export type CaseFamily =
  | 'lian-li-o11'
  | 'lian-li-lancool'
  | 'nzxt-h'
  | 'fractal-north'
  | 'fractal-meshify'
  | 'fractal-define'
  | 'fractal-torrent'
  | 'fractal'
  | 'corsair-4000d'
  | 'corsair-5000d'
  | 'corsair'
  | 'hyte-y'
  | 'phanteks'
  | 'cooler-master'
  | 'sff';
/** `smallFormFactor`: an ITX-class case, so the build counts as small form factor. */
export type Case = { name: string; family: CaseFamily; smallFormFactor: boolean };

export type FeatureKey =
  | 'white-build'
  | 'small-form-factor'
  | 'custom-loop'
  | 'hardline'
  | 'water-cooled'
  | 'vertical-gpu'
  | 'sleeved-cables'
  | 'rgb-fans'
  | 'dust'
  | 'budget'
  | 'first-build'
  | 'sleeper';

// ─── GPUs ────────────────────────────────────────────────────────────────────

/** NVIDIA models and the suffixes each really shipped with ('' = plain). */
const NVIDIA_MODELS: Record<string, readonly string[]> = {
  '5090': [''],
  '5080': [''],
  '5070': ['', 'ti'],
  '5060': ['', 'ti'],
  '5050': [''],
  '4090': [''],
  '4080': ['', 'super'],
  '4070': ['', 'super', 'ti', 'ti super'],
  '4060': ['', 'ti'],
  '3090': ['', 'ti'],
  '3080': ['', 'ti'],
  '3070': ['', 'ti'],
  '3060': ['', 'ti'],
  '3050': [''],
  '2080': ['', 'super', 'ti'],
  '2070': ['', 'super'],
  '2060': ['', 'super'],
  '1660': ['', 'super', 'ti'],
  '1650': ['', 'super'],
  '1080': ['', 'ti'],
  '1070': ['', 'ti'],
  '1060': [''],
  '1050': ['', 'ti'],
};

const AMD_MODELS: Record<string, readonly string[]> = {
  '9070': ['', 'xt', 'gre'],
  '9060': ['', 'xt'],
  '7900': ['xtx', 'xt', 'gre'],
  '7800': ['xt'],
  '7700': ['', 'xt'],
  '7600': ['', 'xt'],
  '6950': ['xt'],
  '6900': ['xt'],
  '6800': ['', 'xt'],
  '6750': ['xt'],
  '6700': ['', 'xt'],
  '6650': ['xt'],
  '6600': ['', 'xt'],
  '6500': ['xt'],
  '6400': [''],
  '5700': ['', 'xt'],
  '5600': ['xt'],
  '5500': ['xt'],
};

const ARC_MODELS = ['a310', 'a380', 'a580', 'a750', 'a770', 'b570', 'b580'];
/** Arc models whose bare number is unmistakable (an "A380" alone is more likely an aeroplane). */
const ARC_BARE = ['a580', 'a750', 'a770', 'b570', 'b580'];

const NVIDIA_PATTERN = /\b(?:(?:nvidia|geforce)\s*)*(rtx|gtx)?[\s-]*(\d{4})(?:\s*(ti\s*super|ti|super|s)\b)?(?!\w)/g;
const AMD_PATTERN = /\b(?:(?:amd|radeon)\s*)*(rx)?[\s-]*(\d{4})\s*(xtx|xt|gre)?\b/g;
const ARC_PATTERN = /\b(?:intel\s*)?(arc\s*)?([ab]\d{3})\b/g;

export function findGpu(text: string): Found<Gpu> | null {
  return findGpus(text)[0] ?? null;
}

/** Every card a text names, in order ("a 4070 Ti Super to an RTX 5080"). */
export function findGpus(text: string): Found<Gpu>[] {
  return inOrder([...nvidiaGpus(text), ...amdGpus(text), ...arcGpus(text)]);
}

function* nvidiaGpus(text: string): Generator<Found<Gpu>> {
  for (const match of text.matchAll(NVIDIA_PATTERN)) {
    const [whole, prefix, number = '', rawSuffix] = match;
    const suffixes = NVIDIA_MODELS[number];
    if (!suffixes) continue;
    const suffix = rawSuffix === 's' ? 'super' : (rawSuffix?.replace(/\s+/g, ' ') ?? '');
    const series = Number(number.slice(0, 2));
    // "1080" alone is a resolution and "2070" a year: older cards need their prefix or suffix.
    if (!prefix && !suffix && series < 30) continue;
    const shipped = suffixes.includes(suffix) ? suffix : '';
    const family: GpuFamily = series >= 20 ? (`rtx-${series}` as GpuFamily) : series === 16 ? 'gtx-16' : 'gtx-10';
    const name = [series >= 20 ? 'RTX' : 'GTX', number, titleCase(shipped)].filter(Boolean).join(' ');
    yield found({ name, family, tier: nvidiaTier(number) }, match.index, whole);
  }
}

function nvidiaTier(number: string): GpuTier {
  const rank = number.slice(2);
  return rank === '90' ? 'halo' : rank === '80' ? 'high' : rank === '70' ? 'mid' : 'entry';
}

function* amdGpus(text: string): Generator<Found<Gpu>> {
  for (const match of text.matchAll(AMD_PATTERN)) {
    const [whole, prefix, number = '', suffix = ''] = match;
    const suffixes = AMD_MODELS[number];
    // "7600" alone is a Ryzen; an RX needs its prefix or its XT/XTX/GRE.
    if (!suffixes || (!prefix && !suffix) || !suffixes.includes(suffix)) continue;
    const family = `rx-${number[0]}000` as GpuFamily;
    const name = ['RX', number, suffix.toUpperCase()].filter(Boolean).join(' ');
    yield found({ name, family, tier: amdTier(number, suffix) }, match.index, whole);
  }
}

function amdTier(number: string, suffix: string): GpuTier {
  if (number === '9070') return 'high';
  if (number === '9060') return 'entry';
  const rank = Number(number[1]);
  if (rank === 9) return suffix === 'xtx' || number.startsWith('6') ? 'halo' : 'high';
  return rank === 8 ? 'high' : rank === 7 ? 'mid' : 'entry';
}

function* arcGpus(text: string): Generator<Found<Gpu>> {
  for (const match of text.matchAll(ARC_PATTERN)) {
    const [whole, arc, model = ''] = match;
    if (!ARC_MODELS.includes(model) || (!arc && !ARC_BARE.includes(model))) continue;
    yield found({ name: `Arc ${model.toUpperCase()}`, family: 'arc', tier: 'entry' }, match.index, whole);
  }
}

// ─── CPUs ────────────────────────────────────────────────────────────────────

const INTEL_CORE_PATTERN = /\b(?:intel\s*)?(?:core\s*)?i([3579])(?:[\s-]*(\d{4,5})([a-z]{0,2}))?\b/g;
/** A bare Intel model needs its K (or, for five digits, F) to be told from a GPU or a year. */
const INTEL_BARE_PATTERN = /\b(1[0-4]\d{3}(?:kf|ks|k|f)|[4-9]\d{2}0(?:kf|ks|k))\b/g;
const CORE_ULTRA_PATTERN = /\b(?:intel\s*)?(?:core\s*)?ultra\s*([579])(?:\s*(2\d{2}[a-z]{0,2}))?\b/g;
const CORE_ULTRA_BARE_PATTERN = /\b(2[2-8]5(?:kf|k))\b/g;
const RYZEN_PATTERN = /\b(?:amd\s*)?ryzen\s*([3579])(?:\s*(?:pro\s*)?(\d{4})\s*(x3d|xt|x|ge|g|f)?)?\b/g;
const RYZEN_BARE_PATTERN = /\b([1-9]\d{3})\s?(x3d)\b|\b([1-9]\d{3})(x)\b/g;
const THREADRIPPER_PATTERN = /\b(?:amd\s*)?threadripper(\s*pro)?(?:\s*(\d{4})\s*(wx|x)?)?\b/g;

export function findCpu(text: string): Found<Cpu> | null {
  return findCpus(text)[0] ?? null;
}

/** Every processor a text names, in order. */
export function findCpus(text: string): Found<Cpu>[] {
  return inOrder([...threadrippers(text), ...ryzens(text), ...intels(text)]);
}

function* intels(text: string): Generator<Found<Cpu>> {
  for (const match of text.matchAll(CORE_ULTRA_PATTERN)) {
    const [whole, tier, model] = match;
    yield found({ name: ['Core Ultra', tier, model?.toUpperCase()].filter(Boolean).join(' '), family: 'core-ultra' }, match.index, whole);
  }
  for (const match of text.matchAll(CORE_ULTRA_BARE_PATTERN)) {
    const model = match[1] ?? '';
    const tier = { '8': 9, '6': 7 }[model[1] ?? ''] ?? 5;
    yield found({ name: `Core Ultra ${tier} ${model.toUpperCase()}`, family: 'core-ultra' }, match.index, match[0]);
  }
  for (const match of text.matchAll(INTEL_CORE_PATTERN)) {
    const [whole, tier = '', model, suffix = ''] = match;
    const name = model ? `Core i${tier}-${model}${suffix.toUpperCase()}` : `Core i${tier}`;
    yield found({ name, family: `core-i${tier}` as CpuFamily }, match.index, whole);
  }
  for (const match of text.matchAll(INTEL_BARE_PATTERN)) {
    const model = match[1] ?? '';
    const digits = model.replace(/\D/g, '');
    // The digit after the generation gives the tier: 14900K → i9, 13600K → i5, 12100F → i3.
    const rank = Number(digits.length === 5 ? digits[2] : digits[1]);
    const tier = rank >= 9 ? 9 : rank >= 7 ? 7 : rank >= 2 ? 5 : 3;
    yield found({ name: `Core i${tier}-${model.toUpperCase()}`, family: `core-i${tier}` as CpuFamily }, match.index, match[0]);
  }
}

function* ryzens(text: string): Generator<Found<Cpu>> {
  for (const match of text.matchAll(RYZEN_PATTERN)) {
    const [whole, tier = '', model, suffix = ''] = match;
    const name = ['Ryzen', tier, model && `${model}${suffix.toUpperCase()}`].filter(Boolean).join(' ');
    yield found({ name, family: suffix === 'x3d' ? 'x3d' : (`ryzen-${tier}` as CpuFamily) }, match.index, whole);
  }
  for (const match of text.matchAll(RYZEN_BARE_PATTERN)) {
    const model = match[1] ?? match[3] ?? '';
    const suffix = (match[2] ?? match[4] ?? '').toUpperCase();
    if (isThreadripperNumber(model)) continue;
    const tier = ryzenTier(model);
    yield found(
      { name: `Ryzen ${tier} ${model}${suffix}`, family: suffix === 'X3D' ? 'x3d' : (`ryzen-${tier}` as CpuFamily) },
      match.index,
      match[0],
    );
  }
}

/** The hundreds digit gives a Ryzen's tier: 5600X → 5, 7800X3D → 7, 5950X → 9. */
function ryzenTier(model: string): number {
  const rank = Number(model[1]);
  return rank >= 9 ? 9 : rank >= 7 ? 7 : rank >= 4 ? 5 : 3;
}

/** 7980X, 3990X, 2950X, 1950X: Threadripper numbers, not Ryzen 9s. */
function isThreadripperNumber(model: string): boolean {
  return model[1] === '9' && (Number(model[0]) <= 2 || Number(model[2]) >= 6);
}

function* threadrippers(text: string): Generator<Found<Cpu>> {
  for (const match of text.matchAll(THREADRIPPER_PATTERN)) {
    const [whole, pro, model, suffix = ''] = match;
    const name = ['Threadripper', pro && 'PRO', model && `${model}${suffix.toUpperCase()}`].filter(Boolean).join(' ');
    yield found({ name, family: 'threadripper' }, match.index, whole);
  }
  for (const match of text.matchAll(RYZEN_BARE_PATTERN)) {
    const model = match[3] ?? '';
    if (!isThreadripperNumber(model)) continue;
    yield found({ name: `Threadripper ${model}X`, family: 'threadripper' }, match.index, match[0]);
  }
}

// ─── Coolers ─────────────────────────────────────────────────────────────────

/** `aio-sized`: an AIO whose kind depends on its radiator size. */
type CoolerEntry = { pattern: RegExp; name: (match: RegExpMatchArray, size: number | null) => string; kind: CoolerKind | 'aio-sized' };

const RADIATOR_SIZE = /\b(120|140|240|280|360|420)\s*(?:mm)?\b/;

/** Most specific first: the first entry that matches wins. */
const COOLERS: readonly CoolerEntry[] = [
  {
    pattern: /\b(?:cooler\s*master\s*)?hyper\s*212(?:\s*(?:evo|black|rgb|halo))*\b/,
    name: () => 'Cooler Master Hyper 212',
    kind: 'hyper-212',
  },
  { pattern: /\bwraith\s*(prism|stealth|spire|max)\b/, name: (m) => `AMD Wraith ${titleCase(m[1] ?? '')}`, kind: 'stock' },
  { pattern: /\b(?:stock|box(?:ed)?)\s*cooler\b|\blaminar\s*rm1\b/, name: () => 'stock cooler', kind: 'stock' },
  {
    pattern: /\bcustom\s*(?:water\s*)?loop\b|\bopen\s*loop\b|\bhard\s*line\b|\bhardline\b|\bek[-\s]*quantum\b/,
    name: () => 'custom loop',
    kind: 'custom-loop',
  },
  {
    pattern: /\b(?:noctua\s*)?nh[-\s]?(d15|d12l|u12a|u12s|u14s|d15s)(\s*g2)?(\s*chromax(?:\.black)?)?\b/,
    name: (m) => `Noctua NH-${(m[1] ?? '').toUpperCase()}${m[2] ? ' G2' : ''}${m[3] ? ' chromax.black' : ''}`,
    kind: 'air-tower',
  },
  {
    pattern: /\b(?:be\s*quiet!?\s*)?dark\s*rock\s*(pro\s*[45]|elite|[45]|tf\s*2|slim)?\b/,
    name: (m) => `be quiet! Dark Rock${m[1] ? ` ${titleCase(m[1].replace(/\s+/g, ' '))}` : ''}`,
    kind: 'air-tower',
  },
  {
    pattern: /\b(?:thermalright\s*)?(peerless\s*assassin|phantom\s*spirit|frost\s*commander)(?:\s*(\d{3}))?(?:\s*(se|evo))?\b/,
    name: (m) =>
      `Thermalright ${titleCase(m[1]?.replace(/\s+/g, ' ') ?? '')}${m[2] ? ` ${m[2]}` : ''}${m[3] ? ` ${m[3].toUpperCase()}` : ''}`,
    kind: 'air-tower',
  },
  {
    pattern: /\b(?:deepcool\s*)?(ak[4-6][02]0|assassin\s*(?:iii|iv|4))\b/,
    name: (m) => `DeepCool ${(m[1] ?? '').toUpperCase().replace('ASSASSIN', 'Assassin')}`,
    kind: 'air-tower',
  },
  { pattern: /\b(?:scythe\s*)?(fuma\s*[23]|mugen\s*[56])\b/, name: (m) => `Scythe ${titleCase(m[1] ?? '')}`, kind: 'air-tower' },
  { pattern: /\b(?:dual[-\s]tower|tower|big\s*air|air)\s*cooler\b/, name: () => 'tower air cooler', kind: 'air-tower' },
  {
    pattern: /\b(?:nzxt\s*)?kraken(?:\s*(elite|plus|x53|x63|x73|z53|z63|z73))?\b/,
    name: (m, size) => `NZXT Kraken${m[1] ? ` ${titleCase(m[1])}` : ''}${size && !IMPLIED_SIZES[m[1] ?? ''] ? ` ${size}` : ''}`,
    kind: 'aio-sized',
  },
  {
    pattern: /\b(?:corsair\s*)?(h(?:60|80|100|115|150|170)i?)(?:\s*(elite|rgb|pro|xt))*\b/,
    name: (m) => `Corsair ${(m[1] ?? '').toUpperCase().replace(/I$/, 'i')}`,
    kind: 'aio-sized',
  },
  {
    pattern: /\b(?:corsair\s*)?(?:icue\s*)?(?:link\s*)?titan\s*(240|280|360)\b|\bnautilus\s*(240|360)\b/,
    name: (_, size) => `Corsair ${size ?? ''} AIO`.replace(/\s+/g, ' '),
    kind: 'aio-sized',
  },
  {
    pattern: /\b(?:arctic\s*)?liquid\s*freezer(?:\s*(ii|iii))?(?:\s*pro)?\b/,
    name: (m, size) => `Arctic Liquid Freezer${m[1] ? ` ${m[1].toUpperCase()}` : ''}${size ? ` ${size}` : ''}`,
    kind: 'aio-sized',
  },
  { pattern: /\b(?:lian\s*li\s*)?galahad(?:\s*ii)?\b/, name: (_, size) => `Lian Li Galahad${size ? ` ${size}` : ''}`, kind: 'aio-sized' },
  { pattern: /\b(?:deepcool\s*)?(l[st]720|le520|ls520|lt520)\b/, name: (m) => `DeepCool ${(m[1] ?? '').toUpperCase()}`, kind: 'aio-sized' },
  {
    pattern: /\b(?:asus\s*)?(?:rog\s*)?(ryujin|ryuo)(?:\s*(ii|iii))?\b/,
    name: (m, size) => `ROG ${titleCase(m[1] ?? '')}${m[2] ? ` ${m[2].toUpperCase()}` : ''}${size ? ` ${size}` : ''}`,
    kind: 'aio-sized',
  },
  { pattern: /\b(?:ek(?:wb)?\s*)?nucleus\b/, name: (_, size) => `EK Nucleus${size ? ` ${size}` : ''}`, kind: 'aio-sized' },
  { pattern: /\b(?:msi\s*)?(?:mag\s*)?coreliquid\b/, name: (_, size) => `MSI CoreLiquid${size ? ` ${size}` : ''}`, kind: 'aio-sized' },
  {
    pattern: /\b(?:(?:120|140|240|280|360|420)\s*(?:mm)?\s*)?(?:aio|all[-\s]in[-\s]one|liquid\s*cooler|water\s*cooler)\b/,
    name: (_, size) => (size ? `${size}mm AIO` : 'AIO'),
    kind: 'aio-sized',
  },
];

/** Radiator sizes implied by a model name when the title gives none. */
const IMPLIED_SIZES: Record<string, number> = {
  x53: 240,
  z53: 240,
  x63: 280,
  z63: 280,
  x73: 360,
  z73: 360,
  h60: 120,
  h60i: 120,
  h80i: 120,
  h100: 240,
  h100i: 240,
  h115: 280,
  h115i: 280,
  h150: 360,
  h150i: 360,
  h170: 420,
  h170i: 420,
  lt720: 360,
  ls720: 360,
  le520: 240,
  ls520: 240,
  lt520: 240,
};

export function findCooler(text: string): Found<Cooler> | null {
  for (const entry of COOLERS) {
    const match = entry.pattern.exec(text);
    if (!match) continue;
    const size = radiatorSize(text, match);
    const kind = entry.kind === 'aio-sized' ? aioKind(size) : entry.kind;
    return found({ name: entry.name(match, size), kind, radiatorMm: entry.kind === 'aio-sized' ? size : null }, match.index, match[0]);
  }
  return null;
}

function radiatorSize(text: string, match: RegExpMatchArray): number | null {
  const implied = match
    .slice(1)
    .map((group) => IMPLIED_SIZES[group ?? ''])
    .find(Boolean);
  if (implied) return implied;
  const inMatch = RADIATOR_SIZE.exec(match[0]);
  const nearby = inMatch ?? RADIATOR_SIZE.exec(text.slice(match.index ?? 0, (match.index ?? 0) + match[0].length + 8));
  return nearby ? Number(nearby[1]) : null;
}

function aioKind(size: number | null): CoolerKind {
  if (size === null) return 'aio';
  return size <= 240 ? 'aio-small' : size <= 360 ? 'aio-large' : 'aio-huge';
}

// ─── Cases ───────────────────────────────────────────────────────────────────

type CaseEntry = {
  pattern: RegExp;
  name: (match: RegExpMatchArray) => string;
  family: CaseFamily;
  smallFormFactor?: boolean;
  needs?: RegExp;
};

const O11_VARIANTS: Record<string, string> = {
  'evo xl': 'O11 Dynamic EVO XL',
  evo: 'O11 Dynamic EVO',
  xl: 'O11 Dynamic XL',
  mini: 'O11 Dynamic Mini',
  'air mini': 'O11 Air Mini',
  vision: 'O11 Vision',
  'evo rgb': 'O11 Dynamic EVO RGB',
};

const CASES: readonly CaseEntry[] = [
  {
    pattern: /\b(?:lian\s*li\s*)?o11\s*(?:dynamic|d)?\s*(evo\s*xl|evo\s*rgb|evo|xl|mini|air\s*mini|vision)?\b/,
    name: (m) => `Lian Li ${O11_VARIANTS[(m[1] ?? '').replace(/\s+/g, ' ')] ?? 'O11 Dynamic'}`,
    family: 'lian-li-o11',
  },
  {
    pattern: /\b(?:lian\s*li\s*)?lancool\s*(\d{3}|iii|ii)?(\s*mesh)?\b/,
    name: (m) => `Lian Li Lancool${m[1] ? ` ${m[1].toUpperCase()}` : ''}`,
    family: 'lian-li-lancool',
  },
  {
    pattern: /\b(?:lian\s*li\s*)?(a4[-\s]?h2o|a3[-\s]?matx|dan\s*a4)\b/,
    name: (m) => (m[1]?.startsWith('dan') ? 'Dan A4' : `Lian Li ${(m[1] ?? '').toUpperCase().replace(/\s/g, '-')}`),
    family: 'sff',
    smallFormFactor: true,
  },
  { pattern: /\bnzxt\s*h1\b/, name: () => 'NZXT H1', family: 'nzxt-h', smallFormFactor: true },
  {
    pattern: /\bnzxt\s*h(5|6|7|9|210i?|510i?|710i?)(?:\s*(flow|elite))?\b|\bh([5-9])\s*(flow|elite)\b/,
    name: (m) =>
      `NZXT H${(m[1] ?? m[3] ?? '').toUpperCase().replace(/I$/, 'i')}${(m[2] ?? m[4]) ? ` ${titleCase(m[2] ?? m[4] ?? '')}` : ''}`,
    family: 'nzxt-h',
  },
  {
    pattern: /\bmeshify\s*(2\s*compact|2\s*xl|2|c|s2)?\b/,
    name: (m) => `Fractal Meshify${m[1] ? ` ${m[1].toUpperCase().replace('COMPACT', 'Compact').replace(/\s+/g, ' ')}` : ''}`,
    family: 'fractal-meshify',
  },
  {
    pattern: /\b(?:fractal\s*(?:design\s*)?)?define\s*(7\s*xl|7\s*compact|7|r[4-6]|c|s2)\b/,
    name: (m) => `Fractal Define ${(m[1] ?? '').toUpperCase().replace('COMPACT', 'Compact').replace(/\s+/g, ' ')}`,
    family: 'fractal-define',
  },
  { pattern: /\bnode\s*(202|304|804)\b/, name: (m) => `Fractal Node ${m[1] ?? ''}`, family: 'sff', smallFormFactor: true },
  { pattern: /\bnorth(\s*xl)?\b/, name: (m) => `Fractal North${m[1] ? ' XL' : ''}`, family: 'fractal-north', needs: /\bfractal\b/ },
  {
    pattern: /\btorrent(\s*compact|\s*nano)?\b/,
    name: (m) => `Fractal Torrent${m[1] ? ` ${titleCase(m[1].trim())}` : ''}`,
    family: 'fractal-torrent',
    needs: /\bfractal\b/,
  },
  {
    pattern: /\b(terra|ridge|era)\b/,
    name: (m) => `Fractal ${titleCase(m[1] ?? '')}`,
    family: 'sff',
    smallFormFactor: true,
    needs: /\bfractal\b/,
  },
  {
    pattern: /\bpop\s*(air|mini\s*air|xl\s*air|silent)\b/,
    name: (m) => `Fractal Pop ${titleCase(m[1] ?? '')}`,
    family: 'fractal',
    needs: /\bfractal\b/,
  },
  {
    pattern: /\b(?:corsair\s*)?(?:icue\s*)?4000([dxt])(\s*(?:rgb\s*)?airflow)?\b/,
    name: (m) => `Corsair 4000${(m[1] ?? '').toUpperCase()}${m[2] ? ' Airflow' : ''}`,
    family: 'corsair-4000d',
  },
  {
    pattern: /\b(?:corsair\s*)?(?:icue\s*)?5000([dxt])(\s*(?:rgb\s*)?airflow)?\b/,
    name: (m) => `Corsair 5000${(m[1] ?? '').toUpperCase()}${m[2] ? ' Airflow' : ''}`,
    family: 'corsair-5000d',
  },
  {
    pattern: /\b(?:corsair\s*)?(?:icue\s*)?(2000d|2500x|3000d|3500x|6500x|7000[dx]|9000d|680x|465x|275r)\b/,
    name: (m) => `Corsair ${(m[1] ?? '').toUpperCase()}`,
    family: 'corsair',
  },
  { pattern: /\b(?:hyte\s*)?y(40|60|70)(\s*touch)?\b/, name: (m) => `Hyte Y${m[1] ?? ''}${m[2] ? ' Touch' : ''}`, family: 'hyte-y' },
  {
    pattern: /\b(?:phanteks\s*)?(evolv\s*x2?|nv[579]|p[3-6]00a|eclipse\s*g[345]00a|g360a|xt\s*pro(?:\s*ultra)?)\b/,
    name: (m) => `Phanteks ${phanteksModel(m[1] ?? '')}`,
    family: 'phanteks',
  },
  {
    pattern: /\b(?:cooler\s*master\s*)?(nr200p?(?:\s*max)?)\b/,
    name: (m) => `Cooler Master ${(m[1] ?? '').toUpperCase().replace(' MAX', ' Max')}`,
    family: 'cooler-master',
    smallFormFactor: true,
  },
  {
    pattern: /\b(?:cooler\s*master\s*)?(h500[mp]?|td500(?:\s*mesh)?|haf\s*(?:700|x|932)(?:\s*evo)?|q300l|cosmos\s*c700[mp]|qube\s*500)\b/,
    name: (m) => `Cooler Master ${coolerMasterModel(m[1] ?? '')}`,
    family: 'cooler-master',
  },
  { pattern: /\b(?:louqe\s*)?ghost\s*s1\b/, name: () => 'Louqe Ghost S1', family: 'sff', smallFormFactor: true },
  { pattern: /\bmeshlicious\b/, name: () => 'SSUPD Meshlicious', family: 'sff', smallFormFactor: true },
];

export function findCase(text: string): Found<Case> | null {
  for (const entry of CASES) {
    if (entry.needs && !entry.needs.test(text)) continue;
    const match = entry.pattern.exec(text);
    if (!match) continue;
    return found({ name: entry.name(match), family: entry.family, smallFormFactor: entry.smallFormFactor ?? false }, match.index, match[0]);
  }
  return null;
}

function phanteksModel(model: string): string {
  const spaced = model.replace(/\s+/g, ' ');
  if (spaced.startsWith('evolv')) return spaced.replace('evolv', 'Evolv').replace(/x/, 'X');
  if (spaced.startsWith('eclipse')) return spaced.replace('eclipse', 'Eclipse').toUpperCase().replace('ECLIPSE', 'Eclipse');
  if (spaced.startsWith('xt')) return titleCase(spaced).replace('Xt', 'XT');
  return spaced.toUpperCase();
}

function coolerMasterModel(model: string): string {
  const spaced = model.replace(/\s+/g, ' ');
  if (spaced.startsWith('haf')) return spaced.toUpperCase();
  if (spaced.startsWith('cosmos')) return `Cosmos ${spaced.slice(7).toUpperCase()}`;
  if (spaced.startsWith('qube')) return 'Qube 500';
  if (spaced === 'q300l') return 'MasterBox Q300L';
  return spaced.toUpperCase().replace(' MESH', ' Mesh');
}

// ─── Brands ──────────────────────────────────────────────────────────────────

/** Brand names as they are written, each with what a title calls it. */
const BRANDS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'ASUS ROG', pattern: /\brog\b|\brepublic\s*of\s*gamers\b/ },
  { name: 'ASUS', pattern: /\basus\b|\btuf\b|\bproart\b/ },
  { name: 'MSI', pattern: /\bmsi\b|\bsuprim\b/ },
  { name: 'Gigabyte Aorus', pattern: /\baorus\b/ },
  { name: 'Gigabyte', pattern: /\bgigabyte\b/ },
  { name: 'Corsair', pattern: /\bcorsair\b|\bicue\b/ },
  { name: 'NZXT', pattern: /\bnzxt\b/ },
  { name: 'Lian Li', pattern: /\blian\s*li\b/ },
  { name: 'Fractal Design', pattern: /\bfractal\b/ },
  { name: 'be quiet!', pattern: /\bbe\s*quiet\b/ },
  { name: 'Noctua', pattern: /\bnoctua\b/ },
  { name: 'EKWB', pattern: /\bekwb\b|\bek[-\s]*(?:quantum|nucleus|velocity)\b/ },
  { name: 'Thermaltake', pattern: /\bthermaltake\b/ },
  { name: 'Cooler Master', pattern: /\bcooler\s*master\b/ },
  { name: 'Hyte', pattern: /\bhyte\b/ },
  { name: 'Phanteks', pattern: /\bphanteks\b/ },
  { name: 'Arctic', pattern: /\barctic\b/ },
  { name: 'DeepCool', pattern: /\bdeepcool\b/ },
  { name: 'Thermalright', pattern: /\bthermalright\b/ },
  { name: 'EVGA', pattern: /\bevga\b/ },
  { name: 'Zotac', pattern: /\bzotac\b/ },
  { name: 'Sapphire', pattern: /\bsapphire\b/ },
  { name: 'XFX', pattern: /\bxfx\b/ },
  { name: 'PowerColor', pattern: /\bpowercolor\b|\bred\s*devil\b/ },
  { name: 'ASRock', pattern: /\basrock\b/ },
];

/** Brands named in the text, in catalogue order (ASUS ROG before plain ASUS). */
export function findBrands(text: string): string[] {
  const names = BRANDS.filter((brand) => brand.pattern.test(text)).map((brand) => brand.name);
  return names.includes('ASUS ROG') ? names.filter((name) => name !== 'ASUS') : names;
}

// ─── Features ────────────────────────────────────────────────────────────────

/** Each feature with the words that name it and the label shown for it. */
const FEATURES: readonly { key: FeatureKey; pattern: RegExp; label: (match: RegExpMatchArray) => string }[] = [
  {
    key: 'white-build',
    pattern: /\ball[-\s]*white\b|\bwhite[-\s]*(?:build|theme[d]?|edition|setup|rig|pc|out)\b|\bwhiteout\b|\bsnow\s*white\b/,
    label: () => 'white build',
  },
  {
    key: 'small-form-factor',
    pattern: /\b(?:mini[-\s]*)?(itx)\b|\bsff\b|\bsmall\s*form\s*factor\b|\bmini\b/,
    label: (m) => (m[1] ? 'ITX' : 'small form factor'),
  },
  { key: 'hardline', pattern: /\bhard\s*line\b|\bhardline\b|\bhard[-\s]*tub(?:e|es|ing)\b|\bpetg\b/, label: () => 'hardline tubing' },
  {
    key: 'custom-loop',
    pattern: /\bcustom\s*(?:water\s*)?loop\b|\bopen\s*loop\b|\bwater\s*block\b|\bdistro\s*plate\b/,
    label: () => 'custom loop',
  },
  { key: 'water-cooled', pattern: /\bwater[-\s]*cool(?:ed|ing)\b|\bliquid[-\s]*cool(?:ed|ing)\b/, label: () => 'water cooled' },
  {
    key: 'vertical-gpu',
    pattern: /\bvertical(?:ly)?[-\s]*(?:mounted\s*)?(?:gpu|graphics\s*card|card|mount)\b/,
    label: () => 'vertical GPU',
  },
  { key: 'sleeved-cables', pattern: /\bsleeved\b|\bcable\s*mod\b|\bcablemod\b|\bcustom\s*cables\b/, label: () => 'sleeved cables' },
  { key: 'rgb-fans', pattern: /\ba?rgb\s*fans?\b|\binfinity\s*mirror\b/, label: () => 'RGB fans' },
  { key: 'dust', pattern: /\bdust(?:y)?\b(?![-\s]*(?:free|proof))/, label: () => 'dust' },
  { key: 'budget', pattern: /(?<!\b(?:no|unlimited|big)\s)\bbudget\b|\bcheap\b|\bbargain\b/, label: () => 'budget build' },
  {
    key: 'first-build',
    pattern: /\bfirst\s*(?:ever\s*)?(?:gaming\s*)?(?:pc|build|rig|computer)\b|\bmy\s*first\b/,
    label: () => 'first build',
  },
  { key: 'sleeper', pattern: /\bsleeper\b/, label: () => 'sleeper' },
];

/** Features named in the text, each once, with the label shown for it. */
export function findFeatures(text: string): { key: FeatureKey; label: string }[] {
  return FEATURES.flatMap(({ key, pattern, label }) => {
    const match = pattern.exec(text);
    return match ? [{ key, label: label(match) }] : [];
  });
}

// ─── Helpers ─────────────────────────────────────────────────────────────────

function found<T>(part: T, index: number | undefined, whole: string): Found<T> {
  // Matches may start on the spaces the patterns allow before a number.
  const start = (index ?? 0) + (whole.length - whole.trimStart().length);
  return { part, start, end: (index ?? 0) + whole.trimEnd().length };
}

/** Matches by where they start (the first finder's on a tie), none overlapping one before it. */
function inOrder<T>(matches: Found<T>[]): Found<T>[] {
  const sorted = [...matches].sort((a, b) => a.start - b.start);
  return sorted.filter((match, i) => sorted.slice(0, i).every((before) => before.end <= match.start));
}

function titleCase(text: string): string {
  return text.replace(/\b\w/g, (letter) => letter.toUpperCase());
}
