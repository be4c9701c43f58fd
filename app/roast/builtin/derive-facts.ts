import type { RoastFacts } from '~/roast/facts';
import { findCase } from './catalogue';
import type { PhotoAnalysis } from './photo';
import { rgbAgreeingWithTitle, type TitleFacts } from './title';

const MAX_FEATURES = 10;
const MAX_COLOURS = 5;

/**
 * The facts the built-in roaster can vouch for, in the vision model's shape:
 * parts and features from the title, RGB and colours from the photo. It cannot
 * tell whether the photo shows a PC, people or anything unsafe, nor judge cables
 * or the room, so it claims nothing there (screening has its own models).
 */
export function builtinFacts(photo: PhotoAnalysis, title: TitleFacts): RoastFacts {
  const features = [...title.features];
  // A small-form-factor case makes a small-form-factor build, named or not.
  if (title.case && findCase(title.case.toLowerCase())?.part.smallFormFactor && !features.some((f) => /itx|small form factor/i.test(f))) {
    features.push('small form factor');
  }
  return {
    isPcBuild: true,
    gpu: title.gpu,
    cpu: title.cpu,
    cooler: title.cooler,
    case: title.case,
    rgb: rgbAgreeingWithTitle(photo.rgb, title.rgb),
    cableManagement: 'unknown',
    setting: null,
    peripherals: [],
    features: features.slice(0, MAX_FEATURES),
    colours: photo.colours.slice(0, MAX_COLOURS),
    safety: { people: false, nsfw: false, offensive: false },
  };
}
