// The roast quality judge of `npm run bench:roast` (issue 19): varied generated builds
// (titles and photos), and simple rules that read the roasts the way a reader would.
// Plain data in, figures out; the bench drives the roaster.

/** Titles with and without parts, with claims a photo guess must not contradict. */
export const QUALITY_TITLES = [
  'RGB overload with 14 fans',
  'RTX 4090 + 7800X3D in a Lian Li O11',
  'My first budget build',
  'No RGB, all business: Define 7 with a 7700X',
  'White ITX build with Arc B580',
  'Ryzen 5 5600 and RX 6600 for 1080p',
  'Rainbow everything, 9 ARGB fans and an RTX 4070',
  'i9-14900K with a 360mm AIO, still thermal throttling',
  'Stealth build, zero RGB, RTX 4080 Super',
  'NR200P Max SFF build, RTX 4080 Super',
  'Custom loop 9800X3D + RTX 5090, hardline tubing',
  'Corsair 4000D Airflow, 7600X and RTX 4060 Ti',
  'Noctua NH-D15 chromax.black on a 13700K',
  'Finally upgraded from my GTX 1060',
  'All-black sleeper in a Define 7 Compact',
  'RGB showcase: 12 fans in a Hyte Y70',
  'Peerless Assassin on a Ryzen 7 5700X3D, RX 7800 XT',
  'Pink and white O11 Mini build',
  'Threadripper 7980X workstation that also games',
  'Hand-me-down parts, new case',
  'first build ever, be gentle',
  'Lights off, no RGB at all, just a Fractal North',
  'Node 202 console killer, RX 7600',
  'my setup',
] as const;

/** One generated build photo: its original size and looks, before the upload pipeline resizes it. */
export type PhotoSpec = { width: number; height: number; light: 'dark' | 'normal' | 'bright'; fans: number; hues: number[]; blur: boolean };

const LONG_SIDES = [480, 640, 720, 880, 1080, 1280, 1440, 1600] as const;
const SHAPES = [4 / 3, 3 / 2, 1, 3 / 4, 16 / 9] as const;

/** Deterministic per index: sizes, light, fan count, glow colours and focus vary independently. */
export function photoSpec(index: number): PhotoSpec {
  const next = lcg(index + 7);
  const long = LONG_SIDES[Math.floor(next() * LONG_SIDES.length)]!;
  const shape = SHAPES[Math.floor(next() * SHAPES.length)]!;
  const [width, height] = shape >= 1 ? [long, Math.round(long / shape)] : [Math.round(long * shape), long];
  const lightRoll = next();
  const light = lightRoll < 0.35 ? 'dark' : lightRoll < 0.85 ? 'normal' : 'bright';
  const fans = Math.floor(next() * 7);
  const hueCount = fans === 0 ? 0 : 1 + Math.floor(next() * 5);
  const hues = Array.from({ length: hueCount }, () => Math.floor(next() * 360));
  return { width, height, light, fans, hues, blur: next() < 0.15 };
}

/** The photo as an SVG at its original size: a room, a case, glowing fans. */
export function photoSvg(spec: PhotoSpec): string {
  const { width: w, height: h } = spec;
  const room = { dark: '#06070c', normal: '#5b6070', bright: '#eef0f4' }[spec.light];
  const caseFill = spec.light === 'bright' ? '#dfe3ea' : '#151a26';
  const fan = (i: number) => {
    const hue = spec.hues[i % Math.max(1, spec.hues.length)] ?? 0;
    const cy = h * (0.2 + (0.6 * (i + 0.5)) / Math.max(1, spec.fans));
    return `<circle cx="${w * 0.55}" cy="${cy}" r="${Math.min(w, h) * 0.07}" fill="none" stroke="hsl(${hue} 100% 55%)" stroke-width="${Math.min(w, h) * 0.025}"/>`;
  };
  const blur = spec.blur ? `<filter id="b"><feGaussianBlur stdDeviation="${Math.max(w, h) / 120}"/></filter>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>${blur}</defs>
    <g${spec.blur ? ' filter="url(#b)"' : ''}>
      <rect width="${w}" height="${h}" fill="${room}"/>
      <rect x="${w * 0.3}" y="${h * 0.1}" width="${w * 0.45}" height="${h * 0.8}" rx="${w * 0.02}" fill="${caseFill}" stroke="#2a3040" stroke-width="${w * 0.006}"/>
      <rect x="${w * 0.35}" y="${h * 0.45}" width="${w * 0.15}" height="${h * 0.06}" fill="#3a4050"/>
      ${Array.from({ length: spec.fans }, (_, i) => fan(i)).join('')}
    </g></svg>`;
}

/** Sentences as a reader sees them: split after . ! ? (a closing quote may follow). */
export function sentencesOf(roast: string): string[] {
  return roast
    .split(/(?<=[.!?][”"]?)\s+(?=[A-Z“"])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Anything a roast could name that is true of this build: its parts, brands, features and colours. */
export type BuildFacts = { parts: string[]; brands: string[]; features: string[]; colours: string[] };

/** Whether a roast names at least one concrete fact of its build. */
export function namesAFact(roast: string, facts: BuildFacts): boolean {
  const text = roast.toLowerCase();
  const words = [...facts.parts, ...facts.brands, ...facts.colours, ...facts.features.flatMap(featureWords)];
  // Whole words (a plural counts), so "red" is not found in "bored".
  return words.some(
    (word) => word.trim() && new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word.toLowerCase())}(?:e?s)?(?![\\p{L}\\p{N}])`, 'u').test(text),
  );
}

/** A feature's label ("small form factor") and the words a roast uses for it. */
function featureWords(label: string): string[] {
  const synonyms: Record<string, string[]> = {
    'small form factor': ['small form factor', 'itx', 'sff', 'compact', 'tiny pc'],
    'white build': ['white'],
    'hardline tubing': ['hardline', 'tubing'],
    'custom loop': ['custom loop', 'loop', 'coolant'],
    'RGB fans': ['fans', 'rgb'],
    'first build': ['first build'],
    'budget build': ['budget'],
    'sleeved cables': ['sleeved', 'sleeving'],
    'vertical GPU': ['vertical'],
    'water cooled': ['water', 'liquid', 'coolant'],
  };
  return synonyms[label] ?? [label];
}

const TITLE_HEAVY_RGB = /\brgb (?:overload|showcase|everything)|\brainbow\b|\b\d{1,2} (?:a?rgb )?fans\b/i;
const TITLE_NO_RGB = /\bno rgb\b|\bzero rgb\b|\blights off\b|\bstealth\b/i;
const SAYS_LITTLE_RGB =
  /\ba bit of rgb\b|\blittle rgb\b|\bno rgb\b|\bzero rgb\b|not a single led|absence of rgb|restrained|tasteful splash|subtle|without a single glowing|lighting is on the subtle side/i;
const SAYS_LOTS_OF_RGB =
  /\blot of rgb\b|\bso much rgb\b|rgb is cranked|\brgb overload\b|\bnightclub\b|\bunicorn\b|\brave\b(?! in a business suit)/i;
/** Jokes about the photo's resolution. */
export const RESOLUTION_JOKE =
  /\bpixels?\b|\bresolution\b|\blow-res\b|\bthumbnail|\bphoto this (?:tiny|small)\b|\b360p\b|\bpostage stamp\b/i;
/** "Really small": the long side of the uploaded photo. */
export const SMALL_PHOTO_BELOW = 800;

/** Contradictions found by simple rules: the title against the roast, and the photo's real size against its jokes. */
export function contradictions(roast: string, title: string, photo: { width: number; height: number }): string[] {
  const found: string[] = [];
  if (TITLE_HEAVY_RGB.test(title) && SAYS_LITTLE_RGB.test(roast)) found.push('title claims lots of RGB, roast says little');
  if (TITLE_NO_RGB.test(title) && SAYS_LOTS_OF_RGB.test(roast)) found.push('title claims no RGB, roast says lots');
  const resolutionJokes = sentencesOf(roast).filter((sentence) => RESOLUTION_JOKE.test(sentence)).length;
  if (resolutionJokes > 0 && Math.max(photo.width, photo.height) >= SMALL_PHOTO_BELOW)
    found.push('resolution joke on a photo that is not small');
  if (resolutionJokes > 1) found.push('more than one resolution joke');
  return found;
}

export type QualityReport = {
  roasts: number;
  sentences: number;
  distinctSentences: number;
  distinctSentencesPerRoast: number;
  sentencesUsedMoreThanOnce: number;
  mostRepeated: { sentence: string; count: number } | null;
  roastsWithARepeatedSentence: number;
  roastsNamingAFact: number;
  titleContradictions: number;
  contradictionExamples: string[];
  /** Roasts that name no fact of their build, as title: roast. */
  factlessExamples: string[];
};

/** Reads roasts in the order they were written, as the gallery shows them. */
export function judgeRoasts(
  roasts: readonly { text: string; title: string; photo: { width: number; height: number }; facts: BuildFacts }[],
): QualityReport {
  const counts = new Map<string, number>();
  let sentences = 0;
  let withRepeat = 0;
  let namingAFact = 0;
  let contradicted = 0;
  const examples: string[] = [];
  const factless: string[] = [];
  for (const roast of roasts) {
    const own = sentencesOf(roast.text);
    sentences += own.length;
    if (own.some((sentence) => counts.has(sentence))) withRepeat++;
    for (const sentence of own) counts.set(sentence, (counts.get(sentence) ?? 0) + 1);
    if (namesAFact(roast.text, roast.facts)) namingAFact++;
    else if (factless.length < 3) factless.push(`${roast.title}: ${roast.text}`);
    const found = contradictions(roast.text, roast.title, roast.photo);
    if (found.length > 0) {
      contradicted++;
      if (examples.length < 3) examples.push(`${roast.title} (${roast.photo.width}×${roast.photo.height}): ${found.join('; ')}`);
    }
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const top = ranked[0];
  return {
    roasts: roasts.length,
    sentences,
    distinctSentences: counts.size,
    distinctSentencesPerRoast: roasts.length ? counts.size / roasts.length : 0,
    sentencesUsedMoreThanOnce: ranked.filter(([, count]) => count > 1).length,
    mostRepeated: top ? { sentence: top[0], count: top[1] } : null,
    roastsWithARepeatedSentence: withRepeat,
    roastsNamingAFact: namingAFact,
    titleContradictions: contradicted,
    contradictionExamples: examples,
    factlessExamples: factless,
  };
}

/** Words that praise a build, as a reader takes them (a plural or -ly form counts too). */
export const PRAISE_WORDS = [
  'lovely',
  'beautiful',
  'clean',
  'tidy',
  'neat',
  'great',
  'nice',
  'solid',
  'proud',
  'impressive',
  'gorgeous',
  'respect',
  'good',
  'excellent',
  'love',
  'loved',
  'fantastic',
  'brilliant',
  'smart',
  'tasteful',
  'stunning',
  'elegant',
  'charming',
  'wonderful',
  'awesome',
  'admire',
  'admired',
  'superb',
  'sensible',
  'capable',
  'compliment',
  'keeper',
  'applause',
  'kudos',
  'congratulations',
  'warm',
  'well done',
  'credit',
] as const;

/** Words that run a build down. */
export const INSULT_WORDS = [
  'disaster',
  'disastrous',
  'mess',
  'messy',
  'tragic',
  'tragedy',
  'crime',
  'garbage',
  'trash',
  'junk',
  'pathetic',
  'embarrassing',
  'embarrassed',
  'awful',
  'terrible',
  'horrible',
  'horror',
  'hideous',
  'ugly',
  'shame',
  'shameful',
  'catastrophe',
  'nightmare',
  'cursed',
  'abomination',
  'worst',
  'wreck',
  'chaos',
  'chaotic',
  'regret',
  'cringe',
  'failure',
  'bad',
  'lazy',
  'pitiful',
  'atrocious',
  'insult',
  'brutal',
  'mercy',
] as const;

const countOf = (text: string, words: readonly string[]) =>
  words.reduce(
    (sum, word) =>
      sum + (text.match(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?:e?s|ly)?(?![\\p{L}\\p{N}])`, 'giu'))?.length ?? 0),
    0,
  );

/** How harsh a roast reads: insult words minus praise words, per 100 words (below 0 for a kind one). */
export function harshness(roast: string): { praise: number; insults: number; words: number; score: number } {
  const words = roast.split(/\s+/).filter(Boolean).length;
  const praise = countOf(roast, PRAISE_WORDS);
  const insults = countOf(roast, INSULT_WORDS);
  return { praise, insults, words, score: words ? ((insults - praise) / words) * 100 : 0 };
}

/** Harshness over many roasts: the mean score, and praise and insult words per 100 words. */
export function harshnessOf(roasts: readonly string[]): { roasts: number; score: number; praisePer100: number; insultsPer100: number } {
  const read = roasts.map(harshness);
  const words = read.reduce((sum, one) => sum + one.words, 0) || 1;
  return {
    roasts: roasts.length,
    score: read.reduce((sum, one) => sum + one.score, 0) / (roasts.length || 1),
    praisePer100: (read.reduce((sum, one) => sum + one.praise, 0) / words) * 100,
    insultsPer100: (read.reduce((sum, one) => sum + one.insults, 0) / words) * 100,
  };
}

/** The pipeline's analysis variant: the widest stored width (320, 640, 1080) that the photo reaches. */
export function analysisWidth(originalWidth: number): number {
  return [1080, 640, 320].find((width) => width <= originalWidth) ?? originalWidth;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function lcg(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}
