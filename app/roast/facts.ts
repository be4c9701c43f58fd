import { z } from 'zod';
import type { PartCategory } from '~/domain/build-parts';
import type { RoastIntensity } from '~/domain/roast-intensity';

/**
 * What a roast is written from: the parts and features seen in the photo (by the
 * vision model's look step, or by the built-in roaster's own analysis and the
 * title), and the safety flags that feed screening. One shape for both providers,
 * so the build page, screening and the roaster never care who looked.
 *
 * Kept flat, with short enums and nullable strings: small vision models follow a
 * simple JSON schema far more reliably than a nested one.
 */
const TEXT_LIMITS = { gpu: 80, cpu: 80, cooler: 80, case: 80, setting: 120 } as const;
const LIST_LIMITS = { peripherals: [8, 60], features: [10, 60], colours: [5, 30] } as const;

export const roastFactsSchema = z.object({
  /** Whether the photo shows a PC build or its parts at all. */
  isPcBuild: z.boolean(),
  /** Named parts, as specific as the evidence allows ("RTX 4090", "AIO liquid cooler"); null when not seen. */
  gpu: z.string().max(TEXT_LIMITS.gpu).nullable(),
  cpu: z.string().max(TEXT_LIMITS.cpu).nullable(),
  cooler: z.string().max(TEXT_LIMITS.cooler).nullable(),
  case: z.string().max(TEXT_LIMITS.case).nullable(),
  rgb: z.enum(['none', 'some', 'lots', 'overload']),
  cableManagement: z.enum(['clean', 'okay', 'messy', 'unknown']),
  /** The desk or room around the build ("cluttered desk", "carpet floor"); null when not seen. */
  setting: z.string().max(TEXT_LIMITS.setting).nullable(),
  peripherals: z.array(z.string().max(LIST_LIMITS.peripherals[1])).max(LIST_LIMITS.peripherals[0]),
  /** Other notable things: "white build", "custom loop", "vertical GPU", "ITX", "dust" … */
  features: z.array(z.string().max(LIST_LIMITS.features[1])).max(LIST_LIMITS.features[0]),
  /** Dominant colour names, most prominent first. */
  colours: z.array(z.string().max(LIST_LIMITS.colours[1])).max(LIST_LIMITS.colours[0]),
  safety: z.object({
    /** People or faces are visible. */
    people: z.boolean(),
    nsfw: z.boolean(),
    offensive: z.boolean(),
  }),
});

export type RoastFacts = z.infer<typeof roastFactsSchema>;

/**
 * A vision model's facts cut down to the schema's sizes: nine peripherals or an
 * 85-character GPU name are still good information, better clipped than retried.
 * Anything else that does not fit is left for the schema to refuse.
 */
export function clipFacts(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const facts: Record<string, unknown> = { ...value };
  for (const [key, max] of Object.entries(TEXT_LIMITS)) {
    const text = facts[key];
    if (typeof text === 'string') facts[key] = text.trim().slice(0, max);
  }
  for (const [key, [count, length]] of Object.entries(LIST_LIMITS)) {
    const list = facts[key];
    if (Array.isArray(list))
      facts[key] = list.slice(0, count).map((item: unknown) => (typeof item === 'string' ? item.trim().slice(0, length) : item));
  }
  return facts;
}

/** Who wrote a roast: the provider and, for Ollama, the model's name. */
export type RoastAuthor = { provider: 'ollama' | 'builtin'; model: string };

export const BUILTIN_MODEL_NAME = 'built-in roaster';

/** What the build page's "AI ROAST" box shows. */
export type RoastView =
  | { state: 'roasted'; text: string; author: string; intensity: RoastIntensity; advice: readonly string[]; spotted: string[] }
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

/** A part the owner confirmed on the build's parts list. */
export type ConfirmedPart = { category: PartCategory; name: string };

const FACT_OF_CATEGORY: Partial<Record<PartCategory, 'gpu' | 'cpu' | 'cooler' | 'case'>> = {
  GPU: 'gpu',
  CPU: 'cpu',
  cooler: 'cooler',
  case: 'case',
};
const PERIPHERALS: PartCategory[] = ['monitor', 'keyboard', 'mouse'];

/**
 * The facts with the owner's confirmed parts put in: they outrank the photo's guess, as the
 * title's claims do (the owner knows their GPU better than a model squinting at a photo).
 * Monitors, keyboards and mice join the peripherals, first; the rest travel beside the facts.
 */
export function withConfirmedParts(facts: RoastFacts, parts: readonly ConfirmedPart[]): RoastFacts {
  const merged: RoastFacts = { ...facts, peripherals: [...facts.peripherals] };
  const named = parts.filter((part) => PERIPHERALS.includes(part.category)).map((part) => part.name.slice(0, LIST_LIMITS.peripherals[1]));
  const placed = new Set<string>();
  for (const part of parts) {
    const key = FACT_OF_CATEGORY[part.category];
    // The first confirmed part of a category wins: the list is in the owner's order.
    if (!key || placed.has(key)) continue;
    placed.add(key);
    merged[key] = part.name.slice(0, TEXT_LIMITS[key]);
  }
  merged.peripherals = [...new Set([...named, ...facts.peripherals])].slice(0, LIST_LIMITS.peripherals[0]);
  return merged;
}
