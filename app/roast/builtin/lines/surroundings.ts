/*
 * Body lines for what the vision model sees around the parts: cables, the room
 * (`{setting}`), the desk gear (`{peripheral}`), or no PC at all.
 */
import type { RoastFacts } from '~/roast/facts';

export const CABLE_LINES: Record<Exclude<RoastFacts['cableManagement'], 'unknown'>, readonly string[]> = {
  clean: [
    "The cable management is clean enough to eat off, but please don't, the motherboard is not a plate.",
    "Those cables are so tidy they look like they've passed a military inspection.",
    'Perfect cable management, which means a drawer somewhere is now full of zip-tie offcuts.',
    "The cables are so neat that the back panel is surely hiding all the chaos, but we'll allow it.",
    'Cable management this clean should be illegal, because it makes every other build look like spaghetti night.',
    "The cables here have been routed with the care of a bonsai gardener, and frankly it's showing off.",
  ],
  okay: [
    "The cable management is fine, which is the hardware version of 'we need to talk, but not today'.",
    'The cables are passable, like they got tidied in a hurry when guests were arriving.',
    'Cable management here is middle of the road: not a crime scene, not a museum, just a Tuesday.',
    'The cables are mostly where they should be, with a couple of rebels doing their own thing.',
    'Somebody made an effort with the cables, then the effort ran out halfway through the zip ties.',
    'The cables are acceptable: not winning awards, not starting fires, just existing politely.',
  ],
  messy: [
    'The cable management looks like a plate of spaghetti that lost a fight with a fan.',
    'Those cables are so tangled they could be used as the next generation of CAPTCHA.',
    "The cables in here are giving full bird's-nest energy, and I suspect something is living in there.",
    'This cable situation is the reason airflow charts come with warnings.',
    'The cabling looks like the power supply lost a game of Twister and refused to admit it.',
    'Cables everywhere, like a jungle where the zip ties never arrived.',
  ],
};

/** `carpet` when the setting mentions one (the static jokes write themselves), else `any`. */
export const SETTING_LINES: Record<'any' | 'carpet', readonly string[]> = {
  any: [
    'The {setting} in the background is doing a lot of storytelling, and not all of it flatters the build.',
    'I can see the {setting} behind the PC, which proves this rig lives a real life and not just a photo shoot.',
    "Let's not ignore the {setting}, because the background of a build photo is where the truth comes out.",
    'The {setting} frames this build nicely, in the same way a crime scene frames the evidence.',
    'One glance at the {setting} says this PC gets a lot of use and not a lot of photo-shoot preparation.',
    "The {setting} is the build's natural habitat, and like all habitats, it has some wildlife in the corners.",
  ],
  carpet: [
    'Is that PC sitting on carpet? The static electricity is already planning a surprise party.',
    'A PC on carpet is a bold lifestyle choice, like camping in a thunderstorm with a metal umbrella.',
    'The carpet under this build is supplying dust to the intake fans like a loyal wholesaler.',
    'Placing a computer on carpet is the best way to give the bottom intake a furry filter it never asked for.',
  ],
};

export const PERIPHERAL_LINES: readonly string[] = [
  'The {peripheral} in the shot is trying very hard to be part of the build, and I admire the ambition.',
  'I spotted {a:peripheral} sneaking into the photo like a cameo from a side character.',
  'Nice to see the {peripheral} too, because every hero PC needs a trusty sidekick.',
  "The {peripheral} is here as well, looking like it's waiting for its own roast next week.",
  'Even the {peripheral} made it into the picture, which is more screen time than it deserved.',
  'A supporting role goes to the {peripheral}, proof that this setup has a full cast and no budget for extras.',
];

export const NOT_A_PC_LINES: readonly string[] = [
  "I'm looking for a graphics card, a motherboard or even a lonely power cable, and this photo has none of them.",
  'This might be a lovely picture, but as a gaming PC it scores exactly zero frames per second.',
  'Without a visible PC, I can only assume the build is so advanced it has become invisible.',
  'The hardware in this photo is either very well hidden or away on a long holiday.',
  "I've roasted some minimalist builds before, but leaving out the computer entirely is a whole new level.",
  'Next time, try pointing the camera at the PC, which is usually the big box with the fans.',
];
