import type { PhotoAnalysis } from '~/roast/builtin/photo';
import type { RoastFacts } from '~/roast/facts';

// What the roasters read, as plain values (no database): for the roast engine's own
// tests and, through factories.ts, for the models'.

/** What the vision model saw, as plainly as it can be: a PC, nothing named, nothing unsafe (or as `values` say). */
export function someRoastFacts(values: Partial<RoastFacts> = {}): RoastFacts {
  return {
    isPcBuild: true,
    gpu: null,
    cpu: null,
    cooler: null,
    case: null,
    rgb: 'some',
    cableManagement: 'okay',
    setting: null,
    peripherals: [],
    features: [],
    colours: [],
    safety: { people: false, nsfw: false, offensive: false },
    ...values,
  };
}

/** What the built-in roaster measures of an ordinary phone photo of a dark build with some RGB (or as `values` say). */
export function somePhotoAnalysis(values: Partial<PhotoAnalysis> = {}): PhotoAnalysis {
  return {
    width: 1080,
    height: 1440,
    megapixels: 1.56,
    orientation: 'portrait',
    brightness: 0.35,
    saturation: 0.3,
    hueSpread: 0.4,
    sharpness: 0.7,
    blurry: false,
    dark: false,
    bright: false,
    rgb: 'some',
    colours: ['black'],
    ...values,
  };
}
