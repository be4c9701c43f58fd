import { findBrands, findCase, findCooler, findCpu, findFeatures, findGpu, type Found } from './catalogue';

/** What a build's title names, against the catalogue of real parts. */
export type TitleFacts = {
  gpu: string | null;
  cpu: string | null;
  cooler: string | null;
  case: string | null;
  brands: string[];
  features: string[];
  /** What the title claims about its lighting ("RGB overload", "no RGB"), which outranks the photo's guess. */
  rgb: 'none' | 'lots' | 'overload' | null;
};

type RgbLevel = 'none' | 'some' | 'lots' | 'overload';

const NO_RGB = /\b(?:no|zero|without)\s+a?rgb\b|\ba?rgb[-\s]*free\b|\blights\s+off\b|\bstealth\b/;
const RGB_OVERLOAD =
  /\ba?rgb\s+(?:overload|showcase|everything|galore|maxed|max)\b|\b(?:rainbow|unicorn)\b|\b(?:[6-9]|[1-9]\d)\s+(?:a?rgb\s+)?fans\b/;
const SOME_RGB = /\ba?rgb\b|\bleds?\b|\blight\s*show\b/;

function rgbClaim(text: string): TitleFacts['rgb'] {
  if (NO_RGB.test(text)) return 'none';
  if (RGB_OVERLOAD.test(text)) return 'overload';
  return SOME_RGB.test(text) ? 'lots' : null;
}

/** The photo's RGB level, overruled where the title claims otherwise: "RGB fans" is at least lots, "no RGB" is none. */
export function rgbAgreeingWithTitle(seen: RgbLevel, claimed: TitleFacts['rgb']): RgbLevel {
  if (claimed === null || claimed === 'none' || claimed === 'overload') return claimed ?? seen;
  return seen === 'overload' ? 'overload' : 'lots';
}

/**
 * Reads the parts, brands and features a title names. Each part claims the words
 * it matched, so a later finder never reads them again ("RX 7900 XT" is not also
 * a Ryzen 9 7900X; the "Mini" of "O11 Mini" is a case, not a small-form-factor build).
 */
export function parseTitle(title: string): TitleFacts {
  let text = title.toLowerCase().normalize('NFKC');
  const claim = <T>(match: Found<T> | null): T | null => {
    if (!match) return null;
    text = text.slice(0, match.start) + ' '.repeat(match.end - match.start) + text.slice(match.end);
    return match.part;
  };
  const brands = findBrands(text);
  const gpu = claim(findGpu(text));
  const cpu = claim(findCpu(text));
  const buildCase = claim(findCase(text));
  // Before the cooler claims its words: "hardline" names both a cooler and a feature.
  const features = findFeatures(text).map((feature) => feature.label);
  const cooler = claim(findCooler(text));
  // After the parts have claimed their words: a Wraith Stealth is a cooler, not a claim about lights.
  const rgb = rgbClaim(text);
  return {
    gpu: gpu?.name ?? null,
    cpu: cpu?.name ?? null,
    cooler: cooler?.name ?? null,
    case: buildCase?.name ?? null,
    brands,
    features,
    rgb,
  };
}
