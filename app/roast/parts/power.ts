/*
 * Power supply headroom: what a build draws at its worst (the graphics card's
 * board power with a fifth more for its spikes, the processor's sustained power,
 * and the rest of the system) against the supply's rating.
 */

/** Motherboard, memory, drives and fans. */
const REST_OF_SYSTEM_WATTS = 75;
/** Modern cards spike well past their board power for milliseconds; a supply must ride that out. */
const GPU_SPIKE_FACTOR = 1.2;
const STEP = 50;

/** A supply's rating from its name: "850W", "RM850x", "SF750", "HX1000i", "MWE Gold 650". */
export function psuWatts(name: string): number | null {
  const text = name.toLowerCase();
  const rated = /(\d{3,4})\s*(?:w|watts?)\b/.exec(text) ?? /(?:^|[^\d])(\d{3,4})(?:[a-z]{0,2})?\b/.exec(text);
  const watts = rated ? Number(rated[1]) : NaN;
  return watts >= 250 && watts <= 2000 ? watts : null;
}

/** The rating that carries the build: its peak draw, to the nearest common step of 50 W (a 4090 with an i9-14900K: 850 W). */
export function neededPsuWatts(gpuWatts: number, cpuWatts: number): number {
  const peak = gpuWatts * GPU_SPIKE_FACTOR + cpuWatts + REST_OF_SYSTEM_WATTS;
  return Math.round(peak / STEP) * STEP;
}
