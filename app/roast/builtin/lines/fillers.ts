/* Body lines that fit any build, to top up a roast when the facts say little. */
export const FILLER_LINES: readonly string[] = [
  "I can't see the power supply, which is probably for the best, because power supplies never photograph well.",
  "The airflow in here is a mystery novel, and I'm only on chapter one.",
  "Somewhere in this build a fan is spinning the wrong way, and we'll never know which one.",
  'The motherboard is probably very proud of itself, and the case is hiding its most embarrassing angle.',
  "I bet there's a spare screw in a drawer somewhere that belongs to this PC, and it's never coming home.",
  'This rig is clearly powerful enough to run every game in the library, plus at least three launchers at once.',
  'The side panel is doing its best to keep secrets, but every build photo tells the truth eventually.',
  "Somewhere inside this PC there's a protective film that was never peeled off, and it is living its best life.",
  'The BIOS on this machine has probably seen more setting changes than a graphics options menu.',
  'Every PC has one part that is secretly holding the rest back, and this one is keeping us guessing.',
  'The fans are probably running a custom curve, and by custom I mean whatever the defaults were.',
  "There's clearly a story behind every part in here, and most of them start with 'it was on sale'.",
  'The warranty stickers on this build are probably sweating nervously right now.',
  'This machine looks ready for a full evening of gaming, a dozen browser tabs and at least one forgotten download.',
  "The RAM is probably running at default speed because nobody switched on XMP, and that's the real tragedy of modern gaming.",
  "It all comes together into one machine, like a band where every member thinks they're the lead singer.",
];
