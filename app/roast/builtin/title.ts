import { findBrands, findCase, findCooler, findCpu, findFeatures, findGpu, type Found } from './catalogue';

/** What a build's title names, against the catalogue of real parts. */
export type TitleFacts = {
  gpu: string | null;
  cpu: string | null;
  cooler: string | null;
  case: string | null;
  brands: string[];
  features: string[];
};

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
  return {
    gpu: gpu?.name ?? null,
    cpu: cpu?.name ?? null,
    cooler: cooler?.name ?? null,
    case: buildCase?.name ?? null,
    brands,
    features,
  };
}
