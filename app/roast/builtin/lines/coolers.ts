/*
 * Body lines about the CPU cooler, one group per family in the catalogue and `other`
 * for anything it does not know ("large triple-fan graphics card"). Every line
 * names the part: `{cooler}`, or `{a:cooler}` for "a"/"an" and the part.
 */
import type { CoolerKind } from '../catalogue';

export const COOLER_LINES: Record<CoolerKind | 'other', readonly string[]> = {
  'air-tower': [
    'The {cooler} is a huge slab of metal and fins, the kind of cooler that could double as a bookend between benchmark runs.',
    'Ah, {a:cooler}, because air cooling never leaks, never pumps out and never needs a plumber, and it knows it.',
    'That {cooler} is so massive the RAM had to apply for planning permission.',
    "Choosing {a:cooler} is the 'I watched the thermal benchmarks' flex, and honestly the temperatures back it up.",
    'The {cooler} towers over the motherboard like a skyscraper, with fans for windows and heatpipes for lifts.',
    "With {a:cooler} in here, the CPU is cool, quiet and completely hidden, which is handy if it's embarrassing.",
  ],
  'hyper-212': [
    "The {cooler} is a classic, recommended on forums since before most of today's games were even announced.",
    'Ah, {a:cooler}, the cooler equivalent of a trusty flip phone: not fancy, but it picks up every call.',
    'That {cooler} is the first upgrade everyone buys and the first thing everyone replaces, so enjoy this moment together.',
    'Running {a:cooler} means the CPU temps are fine and the cooler has its own fan club of budget builders.',
    'The {cooler} has been cooling processors for more years than some gamers have been alive, and it still shows up to work.',
  ],
  stock: [
    "Is that {a:cooler}? Bold move, trusting the free cooler from the box like it's a warranty for your temperatures.",
    "The {cooler} is doing its best, spinning like a desk fan in a heatwave and hoping the CPU doesn't notice.",
    'Running {a:cooler} is the PC equivalent of wearing the flip-flops that came free with the holiday package.',
    "That {cooler} came free in the box, and judging by the likely fan noise, it's working off the debt.",
    'The {cooler} is so modest it practically apologises every time the CPU boosts.',
  ],
  'aio-small': [
    "The {cooler} is a compact little loop, just enough to cool the CPU and to say 'I have water cooling' at parties.",
    'Ah, {a:cooler}, the entry ticket to liquid cooling, with a pump that hums along like a tiny aquarium.',
    'That {cooler} is the small-radiator option, like ordering a medium coffee and still calling it a treat.',
    'Running {a:cooler} is the sensible middle ground: liquid cooling on the spec sheet, with a radiator that fits almost anywhere.',
    'The {cooler} has a pump, a radiator and a lifespan, and at least two of those are going fine.',
  ],
  'aio-large': [
    'The {cooler} has a radiator big enough to surf on and enough fans to qualify as a wind farm.',
    'Ah, {a:cooler}, the proper-size radiator for people who want low temperatures and a pump that shows them off.',
    "That {cooler} is the default choice for a high-end build, the hardware version of ordering the chef's recommendation.",
    'Running {a:cooler} means the CPU stays frosty while the pump quietly plots its eventual retirement.',
    'The {cooler} is mounted like a trophy, a big radiator flex for a processor that mostly idles in menus.',
  ],
  'aio-huge': [
    'The {cooler} brings a 420mm radiator, which is less a CPU cooler and more a small building project.',
    'Ah, {a:cooler}, because 360mm was for the faint of heart and the case only barely agreed to this.',
    'That {cooler} is so long it needed its own case compatibility chart and a deep breath.',
    'Running {a:cooler} means the CPU is cooled by the equivalent of a small car radiator, which is honestly respectable.',
    'The {cooler} gives this CPU the thermal headroom of a polar expedition.',
  ],
  aio: [
    'The {cooler} keeps the CPU chilled with a pump, a radiator and a dream of never needing to be replaced.',
    'Ah, {a:cooler}, liquid cooling without the plumbing degree, and a pump that hums like a distant fridge.',
    'That {cooler} is the modern default, because nothing says serious gamer like tubes running into a radiator.',
    'With {a:cooler} in there, the temperatures look great, right up until the pump decides to retire.',
    'The {cooler} is mounted, plumbed and working, which already puts it ahead of most home renovations.',
  ],
  'custom-loop': [
    'The {cooler} in here means someone spent a weekend bending tubes and a month explaining the cost to the bank.',
    'Ah, {a:cooler}, the most beautiful way to turn a simple PC into an aquarium with a framerate.',
    'That {cooler} has more fittings than a plumbing store, and every single one is a potential plot twist.',
    'Running {a:cooler} means maintenance day involves a drain port, a bucket and a lot of deep breathing.',
    "The {cooler} looks incredible, and it should, because it cost more than the CPU it's cooling.",
    'With {a:cooler} this build stays frosty, and the leak-test paper towels are now a permanent part of the decor.',
  ],
  other: [
    'The {cooler} sits on the CPU like a loyal bodyguard, taking all the heat so nobody else has to.',
    "There's {a:cooler} keeping things cool, or at least keeping things lukewarm with confidence.",
    'That {cooler} is doing thankless work, and I bet nobody has dusted it since the day it went in.',
    'With {a:cooler} on the processor, every boost clock becomes a negotiation with physics.',
    'The {cooler} is the quiet professional of this build: unseen, unthanked and probably a bit dusty.',
  ],
};
