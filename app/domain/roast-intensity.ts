// How hard the owner asked to be roasted: chosen at upload and with each fresh roast,
// kept with the roast it produced, and honoured by both roasters.

export const ROAST_INTENSITIES = ['gentle', 'medium', 'savage'] as const;
export type RoastIntensity = (typeof ROAST_INTENSITIES)[number];

export const DEFAULT_ROAST_INTENSITY: RoastIntensity = 'medium';

export const ROAST_INTENSITY_LABELS: Record<RoastIntensity, string> = { gentle: 'Gentle', medium: 'Medium', savage: 'Savage' };

/** What each choice means, beside its radio button. */
export const ROAST_INTENSITY_HINTS: Record<RoastIntensity, string> = {
  gentle: 'Light teasing, with praise',
  medium: 'The classic roast',
  savage: 'No mercy for the hardware',
};

/** How many suggestions the "serious advice" under a roast holds. */
export const ADVICE_ITEMS = { min: 3, max: 5 } as const;
/** The longest suggestion kept, in characters. */
export const ADVICE_ITEM_MAX_LENGTH = 320;
