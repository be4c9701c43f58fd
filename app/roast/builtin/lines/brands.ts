/*
 * Body lines for a brand the title names, when no part line already says it.
 * Each group names its brand in the text; the lines for any other brand name it: `{brand}`.
 */
export const BRAND_LINES: Partial<Record<string, readonly string[]>> = {
  'ASUS ROG': [
    "There's ROG gear in here, the Republic of Gamers, where every citizen pays a premium tax on every single part.",
    'The ROG branding means this build glows with that special price-tag energy only a red eye logo can bring.',
    'ROG hardware in a build is a loud declaration: I paid extra for the logo and I want the logo seen.',
  ],
  MSI: [
    'The MSI hardware in here brings the dragon logo, and dragons are famous for hoarding, which explains the price.',
    'There are MSI parts in this build, because nothing says gamer like a dragon on the motherboard.',
    "There's MSI in here, a brand that names its products like a line of action figures.",
  ],
  Gigabyte: [
    "There's Gigabyte hardware in here, with Aorus styling sharp enough to cut the price tag in half, but not quite.",
    'The Gigabyte parts bring the eagle branding, and that eagle has lived through a lot of BIOS updates.',
    "There's Gigabyte in this build, the brand whose product names sound like alien battleships.",
  ],
  Corsair: [
    "Corsair parts mean iCUE is running somewhere, eating RAM like it's in a competitive eating contest.",
    "There's Corsair gear in here, and I bet the lighting sync works perfectly on every third restart.",
    'Corsair in the build means the lighting software has more settings than the game being played.',
  ],
  NZXT: [
    'NZXT parts in here mean the CAM app is watching everything, like a very stylish hall monitor.',
    "There's NZXT in this build, the brand that turned minimalism into a whole personality.",
    'The NZXT branding keeps everything sleek, like a PC that shops exclusively at design boutiques.',
  ],
  'Lian Li': [
    'Lian Li is all over this build, so I assume the fans are daisy-chained in a way only an engineer could love.',
    "There's Lian Li in here, the brand behind half of the fishbowls on the internet.",
    'Lian Li hardware means this build takes aesthetics very seriously and cable counts very personally.',
  ],
  'Fractal Design': [
    'Fractal Design in the build means a Scandinavian design team would at least nod politely at this.',
    "There's Fractal in here, the brand that makes cases look like high-end audio equipment.",
    'Fractal hardware brings some taste to this build, and the rest of the parts are still catching up.',
  ],
  'be quiet!': [
    "There's be quiet! gear in here, and the brand name doubles as a polite request to the rest of this build.",
    'The be quiet! parts promise a whisper-silent build, right up until the graphics card hits a loading screen.',
    'The be quiet! hardware keeps things hushed, like library rules for PC building.',
  ],
  Noctua: [
    'Noctua in the build means beige and brown somewhere, the colour scheme of fine engineering and old carpets.',
    "There's Noctua gear in here, from the brand that makes fans so good they refuse to update their colour palette.",
    'Noctua hardware in this rig means silence, efficiency and a colour scheme only an engineer could love.',
  ],
  EKWB: [
    "There's EK water-cooling gear in here, which means the build has a plumbing budget and a leak-test ritual.",
    'EK parts in this rig, because once custom water cooling starts, the wallet flows as freely as the coolant.',
    'EKWB in the build means a drawer full of spare fittings somewhere, each with its own story.',
  ],
  Thermaltake: [
    "There's Thermaltake in this build, a brand that has made cases in just about every shape imaginable.",
    'Thermaltake parts bring a bit of flair, and flair is one thing this build is not short on.',
    'Thermaltake gear in here, from a catalogue so big it probably includes a case shaped like a fridge.',
  ],
  'Cooler Master': [
    'Cooler Master in the build, a brand that named itself after cooling and dares anyone to question the temperatures.',
    "There's Cooler Master gear in here, from the brand that has never met a shade of purple it didn't like.",
    "Cooler Master hardware means there's a classic in this build, and classics deserve respect and dusting.",
  ],
  Hyte: [
    "There's Hyte in this build, the brand that made fishbowl cases feel like art galleries.",
    'Hyte gear in here makes the PC less a computer and more a showcase display with opinions.',
    "Hyte hardware brings the panoramic flex, so every component is on stage, whether it's ready or not.",
  ],
  Phanteks: [
    "There's Phanteks in here, the enthusiast's brand, chosen by people who compare fan hub specs for fun.",
    "Phanteks parts mean somebody read the reviews carefully, and sadly I can't roast diligence.",
    'Phanteks hardware brings a solid engineering feel, like a build that knows its way around a spec sheet.',
  ],
};

export const OTHER_BRAND_LINES: readonly string[] = [
  "There's {brand} gear in this build, and the brand loyalty is almost as strong as the graphics card's fans.",
  'I see {brand} in the parts list, which adds a little brand-name swagger to the whole build.',
  'The {brand} hardware in here is doing its best to hold its own among all the other logos.',
  'With {brand} parts in the mix, this build has the kind of logo collection that deserves a trophy cabinet.',
];

/** Names the catalogue gives a brand that shares another's lines. */
const SAME_BRAND: Partial<Record<string, string>> = { 'Gigabyte Aorus': 'Gigabyte' };

export function linesForBrand(name: string): readonly string[] {
  return BRAND_LINES[SAME_BRAND[name] ?? name] ?? OTHER_BRAND_LINES;
}
