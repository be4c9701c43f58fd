/*
 * Body lines about the processor, one group per family in the catalogue and `other`
 * for anything it does not know ("large triple-fan graphics card"). Every line
 * names the part: `{cpu}`, or `{a:cpu}` for "a"/"an" and the part.
 */
import type { CpuFamily } from '../catalogue';

export const CPU_LINES: Record<CpuFamily | 'other', readonly string[]> = {
  'core-i3': [
    'The {cpu} is an honest little processor, doing its best while the rest of the build hogs the spotlight.',
    'Pairing a gaming rig with {a:cpu} is how you tell the world the graphics card is expected to carry the team.',
    'That {cpu} has a handful of cores and a dream, and today the dream is surviving a browser and a game at once.',
    'The {cpu} is the entry-level hero this build deserves, as long as nobody opens a city builder past the first hour.',
    'Having {a:cpu} in here is thrifty, sensible and a guaranteed bottleneck in any strategy game past turn two hundred.',
  ],
  'core-i5': [
    'The {cpu} is the sensible sedan of processors: nobody writes songs about it, but it gets everyone home.',
    'Ah, {a:cpu}, the processor recommended by every build guide since the dawn of time, and for once the guides were right.',
    'That {cpu} is perfectly balanced, as all things should be, which makes it the least roastable part here and that annoys me.',
    'Going with {a:cpu} means the CPU money went to the graphics card, which is the most gamer decision possible.',
    'The {cpu} will handle anything thrown at it, as long as nobody throws a 4K stream and fifty browser tabs at it.',
  ],
  'core-i7': [
    "The {cpu} is the classic 'I might start streaming someday' processor, and someday is still loading.",
    'Ah, {a:cpu}, because an i5 felt too humble and an i9 felt like it needed a fire extinguisher.',
    'That {cpu} has plenty of threads, most of them idling while a single game core does all the work.',
    'Choosing {a:cpu} is the middle-child move: talented, overlooked and secretly the best value in the family.',
    'The {cpu} is ready for gaming, streaming and rendering, which is a lot of promise for a rig mostly running Discord.',
  ],
  'core-i9': [
    'The {cpu} runs hot enough to sear a steak, so I hope the cooler has signed its life insurance papers.',
    'Ah, {a:cpu}, the processor that treats a power limit as a polite suggestion.',
    'That {cpu} has so many cores that most of them have never met the game actually being played.',
    'Running {a:cpu} for gaming is like bolting a jet engine to a bicycle: thrilling and slightly unnecessary.',
    'The {cpu} in this build is the reason the electricity company sends a Christmas card every year.',
  ],
  'core-ultra': [
    "The {cpu} is Intel's fresh start, complete with a new name that nobody has quite finished getting used to.",
    "Ah, {a:cpu}, where Intel dropped the i-numbers, added 'Ultra' and hoped everyone would stop asking about gaming benchmarks.",
    'That {cpu} sips power compared to its ancestors, which is the first time Intel has been called efficient in years.',
    "Choosing {a:cpu} makes this build an early adopter of Intel's new era, and early adopters always get the best stories.",
    "The {cpu} comes with an NPU, so at least something in this build is ready for AI, even if the games don't care.",
  ],
  'ryzen-3': [
    'The {cpu} is the budget brawler of team red, punching above its weight and hoping nobody checks the scoreboard.',
    'Ah, {a:cpu}, the processor for people who know exactly where the money should go, which is the graphics card.',
    'That {cpu} is small but scrappy, like a starter monster that never got to evolve.',
    'Running {a:cpu} takes confidence, and in strategy games it also takes patience at the end of every turn.',
    "The {cpu} is proof that you don't need many cores to have a good time, just plenty of optimism.",
  ],
  'ryzen-5': [
    'The {cpu} is the most recommended processor on the internet, which makes this build the PC version of ordering the house special.',
    "Ah, {a:cpu}, the people's processor, powering half the gaming PCs on earth and all of the forum recommendations.",
    'That {cpu} is the smart-money pick, so the wallet is fine and this roast has to look elsewhere for material.',
    'With {a:cpu} in here, the upgrade path is long, the value is great and the bragging rights are modest.',
    "The {cpu} is so sensible it's almost boring, a processor that files its taxes early and never misses a frame.",
  ],
  'ryzen-7': [
    "The {cpu} is the sweet spot of team red, eight cores of 'I could stream if I wanted to'.",
    'Ah, {a:cpu}, enough cores for gaming, Discord and a browser tab collection that would make a museum jealous.',
    'That {cpu} is a very solid choice, which is frustrating, because solid choices are terrible roasting material.',
    'Picking {a:cpu} means wanting more than a Ryzen 5 and less than a space heater, and landing right in the middle.',
    'The {cpu} runs cool and quick, which makes it the least dramatic component in this entire photo.',
  ],
  'ryzen-9': [
    'The {cpu} brings a dozen-plus cores to a gaming rig, like hiring a full orchestra to play a ringtone.',
    'Ah, {a:cpu}, for gamers who also render, compile, encode and, mostly, admire the core count in Task Manager.',
    "That {cpu} is the flagship of team red, and it's mostly here to make the game's main thread feel lonely.",
    'Running {a:cpu} in a gaming rig is a flex, and the Cinebench screenshot is probably already saved somewhere.',
    'The {cpu} is a productivity monster pretending to be a gaming chip, and nobody in this build is fooled.',
  ],
  x3d: [
    'The {cpu} is the gaming CPU of choice, with so much 3D V-Cache it remembers every frame it has ever rendered.',
    'Ah, {a:cpu}, the processor every forum recommends with the same conviction as drinking water.',
    'That {cpu} is the reason this build tops the CPU charts, and it will be mentioned at every possible opportunity.',
    'Fitting {a:cpu} means reading every benchmark, watching every review and still checking the price twice.',
    'The {cpu} has extra cache stacked on top, which is more organised than anything else going on in this case.',
    "With {a:cpu} in the socket, the only bottleneck left in this build is the monitor's refresh rate.",
  ],
  threadripper: [
    'The {cpu} is a workstation processor in a gaming photo, like bringing a forklift to carry a sandwich.',
    'Ah, {a:cpu}, for when a game that uses eight cores absolutely needs dozens more standing by.',
    "That {cpu} costs more than most entire gaming PCs, and it still can't make the lobby load any faster.",
    'Running {a:cpu} for gaming is like using a supercomputer to choose a loadout, and I love the commitment.',
    'The {cpu} has more PCIe lanes than a motorway junction, so I hope something in here is actually using them.',
  ],
  other: [
    'Somewhere under that cooler sits {a:cpu}, quietly doing the thinking while the graphics card takes the credit.',
    'The {cpu} is in here too, the unsung hero of every loading screen and the scapegoat of every stutter.',
    "Let's not forget {a:cpu}, the processor keeping this whole operation from becoming a very pretty paperweight.",
    "All the thinking in here is done by {a:cpu}, which is a relief, because the RGB certainly isn't doing any of it.",
    'With {a:cpu} calling the shots, every game launch is a surprise party for the main thread.',
  ],
};
