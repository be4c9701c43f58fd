import { z } from 'zod';

/**
 * What a roast is written from: the parts and features seen in the photo (by the
 * vision model's look step, or by the built-in roaster's own analysis and the
 * title), and the safety flags that feed screening. One shape for both providers,
 * so the build page, screening and the roaster never care who looked.
 *
 * Kept flat, with short enums and nullable strings: small vision models follow a
 * simple JSON schema far more reliably than a nested one.
 */
export const roastFactsSchema = z.object({
  /** Whether the photo shows a PC build or its parts at all. */
  isPcBuild: z.boolean(),
  /** Named parts, as specific as the evidence allows ("RTX 4090", "AIO liquid cooler"); null when not seen. */
  gpu: z.string().max(80).nullable(),
  cpu: z.string().max(80).nullable(),
  cooler: z.string().max(80).nullable(),
  case: z.string().max(80).nullable(),
  rgb: z.enum(['none', 'some', 'lots', 'overload']),
  cableManagement: z.enum(['clean', 'okay', 'messy', 'unknown']),
  /** The desk or room around the build ("cluttered desk", "carpet floor"); null when not seen. */
  setting: z.string().max(120).nullable(),
  peripherals: z.array(z.string().max(60)).max(8),
  /** Other notable things: "white build", "custom loop", "vertical GPU", "ITX", "dust" … */
  features: z.array(z.string().max(60)).max(10),
  /** Dominant colour names, most prominent first. */
  colours: z.array(z.string().max(30)).max(5),
  safety: z.object({
    /** People or faces are visible. */
    people: z.boolean(),
    nsfw: z.boolean(),
    offensive: z.boolean(),
  }),
});

export type RoastFacts = z.infer<typeof roastFactsSchema>;

/** Who wrote a roast: the provider and, for Ollama, the model's name. */
export type RoastAuthor = { provider: 'ollama' | 'builtin'; model: string };

export const BUILTIN_MODEL_NAME = 'built-in roaster';

/** What the build page's "AI ROAST" box shows. */
export type RoastView =
  | { state: 'roasted'; text: string; author: string; spotted: string[] }
  | { state: 'waiting' }
  | { state: 'failed' }
  | { state: 'held' | 'rejected'; reason: string };

const RGB_LABELS: Record<RoastFacts['rgb'], string | null> = {
  none: null,
  some: 'Some RGB',
  lots: 'Lots of RGB',
  overload: 'RGB overload',
};

const CABLE_LABELS: Record<RoastFacts['cableManagement'], string | null> = {
  clean: 'Tidy cable management',
  okay: 'Passable cable management',
  messy: 'Messy cables',
  unknown: null,
};

/** "What the AI spotted": a short list for the build page, most telling first. */
export function spottedList(facts: RoastFacts, max = 8): string[] {
  const items = [
    facts.gpu && `GPU: ${facts.gpu}`,
    facts.cpu && `CPU: ${facts.cpu}`,
    facts.cooler && `Cooler: ${facts.cooler}`,
    facts.case && `Case: ${facts.case}`,
    RGB_LABELS[facts.rgb],
    CABLE_LABELS[facts.cableManagement],
    ...facts.features.map((feature) => capitalise(feature)),
    facts.setting && `Setting: ${facts.setting}`,
    facts.peripherals.length > 0 && `Peripherals: ${facts.peripherals.join(', ')}`,
    facts.colours.length > 0 && `Colours: ${facts.colours.join(', ')}`,
  ].filter((item): item is string => typeof item === 'string' && item.length > 0);
  return [...new Set(items)].slice(0, max);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
