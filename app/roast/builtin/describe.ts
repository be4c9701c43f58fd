import { ALT_DRAFT_MAX_LENGTH, clipAlt } from '~/domain/photo-alt';
import type { PhotoAnalysis } from './photo';

const RGB_PHRASES: Record<PhotoAnalysis['rgb'], string | null> = {
  none: null,
  some: 'with some RGB lighting',
  lots: 'lit by lots of RGB lighting',
  overload: 'glowing with RGB lighting in many colours',
};

/**
 * The built-in drafter's alt text for a build photo: what it can measure, said plainly
 * (light, dominant colours, how much RGB glows, focus). It cannot tell parts apart, so
 * it names none; the owner adds what a screen reader should hear about them.
 */
export function describePhoto(photo: PhotoAnalysis): string {
  const light = photo.dark ? 'A dark photo' : photo.bright ? 'A bright, washed-out photo' : 'A photo';
  const parts = [[`${light} of a PC build`, colourPhrase(photo.colours)].filter(Boolean).join(' '), RGB_PHRASES[photo.rgb]];
  const sentence = `${parts.filter(Boolean).join(', ')}.`;
  return clipAlt(photo.blurry ? `${sentence} The photo is out of focus.` : sentence, ALT_DRAFT_MAX_LENGTH);
}

/** "in black", "in black and white", "in black, purple and cyan" (most of the photo first); '' with no colours. */
function colourPhrase(colours: readonly string[]): string {
  if (colours.length === 0) return '';
  const last = colours.at(-1);
  return colours.length === 1 ? `in ${last}` : `in ${colours.slice(0, -1).join(', ')} and ${last}`;
}
