/* Body lines for how much RGB the photo shows. */
import type { RoastFacts } from '~/roast/facts';

export const RGB_LINES: Record<RoastFacts['rgb'], readonly string[]> = {
  none: [
    'Not a single LED in sight, so this PC is quietly losing ten frames per second to the RGB tax it refused to pay.',
    'The total absence of RGB gives the build a serious, professional look, like a gaming PC that wears a tie.',
    'No RGB at all, so this machine runs on pure performance with only the power LED for company.',
    'Without a single glowing light, this rig is the ninja of the setup: unseen, unheard and slightly mysterious.',
    'Zero RGB is a strong stance in this hobby, like showing up to a rave in a business suit.',
    'With no RGB lighting whatsoever, the power button is the brightest star in this whole galaxy.',
  ],
  some: [
    "There's a tasteful splash of RGB in here, like a gamer who owns exactly one patterned shirt for special occasions.",
    'A little RGB, not too much, the lighting equivalent of one drop of hot sauce and calling the dish spicy.',
    'The RGB is restrained and classy, which is suspicious for a gaming PC, so I assume the rest was over budget.',
    "Just enough RGB to prove it's a gaming PC, but not enough to land this rig in the glow hall of fame.",
    'The lighting is on the subtle side, like the PC wanted to glow but got shy halfway through.',
    'This build has a bit of RGB, the gaming version of a nightlight: comforting and slightly colourful.',
  ],
  lots: [
    "There's a lot of RGB going on here, and I'm fairly sure each LED is adding a frame per second in spirit.",
    'The RGB is cranked high enough that this build could guide ships safely into harbour.',
    "So much RGB in one case, it's like a nightclub opened inside the PC and forgot to tell anyone.",
    "The lighting here is very committed, every fan and strip glowing like it's auditioning for a music video.",
    "This rig has more light sources than my entire street, and I'm fairly sure it's brighter too.",
    'The RGB budget on this build clearly beat every other line item, and it shows in every reflection on the glass.',
  ],
  overload: [
    'The RGB is so intense it probably has its own weather system and a small fan club of moths.',
    "This much RGB is not a lighting choice, it's a hostile takeover of the visible spectrum, and I mean that with respect.",
    'Every colour of the rainbow is represented in here, and some of them are filing complaints about overtime.',
    'The RGB has reached the point where this PC could host a stadium light show, tickets sold separately.',
    "I've seen fewer colours in a paint shop than inside this case, and the paint shop was having a sale.",
    'All this RGB adds at least thirty frames per second according to the sacred texts, so this rig must be unstoppable.',
    'If the room lights went off, this build would keep the whole neighbourhood lit for the rest of the week.',
  ],
};
