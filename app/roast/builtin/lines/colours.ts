/*
 * Body lines for the build's telltale colour. `other` covers the colours without
 * their own group (grey, orange, yellow, brown …) and names it: `{colour}`.
 */
export type ColourGroup = 'black' | 'white' | 'red' | 'green' | 'blue' | 'purple' | 'pink' | 'other';

export const COLOUR_LINES: Record<ColourGroup, readonly string[]> = {
  black: [
    "It's a black build, the colour of choice for anyone who wants their PC to look mysterious and slightly villainous.",
    'All that black makes the build look like a stealth bomber, or at least a very confident toaster.',
    "The black colour scheme says 'I'm serious about gaming', and also 'I couldn't decide on a theme'.",
    'Black on black on black, the PC equivalent of ordering a coffee black, with extra black.',
    "The dark theme here is so committed it's basically dark mode, but for hardware.",
    'With this much black, the case looks like a monolith from a sci-fi film, waiting for someone to touch it.',
    'The black finish hides every cable sin, which may be the real reason it was chosen.',
    'A black build is the little black dress of PCs: safe, smart and impossible to get wrong, or right.',
    'All this black makes the case look like a shadow that learned to play games.',
    'The black theme is sleek, serious and mostly an excellent place for dust to hide.',
  ],
  white: [
    'That white colour scheme is gorgeous right now, and it will be a dust museum within a week.',
    'All that white makes the build look like a clean room at a chip factory, which is optimistic for a desk PC.',
    'White hardware is the hardest to keep clean, so this build is basically a lifelong commitment to a microfibre cloth.',
    'The white theme gives this PC the look of a luxury kitchen appliance, which is fitting given how much it heats the room.',
    "The white parts shine like fresh snowfall, and like snow, they'll look a little grey by Thursday.",
    'So much white in one place, the build could double as a lighting reference for product photographers.',
  ],
  red: [
    "The red in this build is loud enough to set off speed cameras, even while it's idling.",
    "All that red gives the PC a strong 'team red forever' energy, whatever the parts list says.",
    'Red accents everywhere, like a sports car that wants you to know it has a turbo even when parked.',
    "The red theme makes the build look permanently angry, like it's been stuck in a matchmaking queue for an hour.",
    "With this much red, the PC looks like it's constantly flashing a warning about its own temperatures.",
    "That red glow says 'danger', which is fitting for a machine with this much power to throw around.",
  ],
  green: [
    "All that green makes this build look like it's sponsored by a radioactive energy drink.",
    'The green theme gives the PC serious hacker-in-a-film vibes, minus the scrolling code.',
    'Green everywhere, as if this rig wants to show team green loyalty even in its choice of lighting.',
    'The green glow is so strong this PC could photosynthesise if someone left it near a window.',
    'With that much green, the build looks like a toxic barrel from a retro shooter, in a good way.',
    'This green colour scheme is bold, like picking the lime flavour that nobody else dared to try.',
  ],
  blue: [
    'The blue tones give this build the calm, icy vibe of a server room in a sci-fi film.',
    'All that blue makes the PC look permanently cold, which is adorable given how hot gaming PCs actually run.',
    'Blue glow everywhere, like the build is trying to convince us its temperatures are arctic.',
    'The blue theme is very calming, the spa day of gaming PCs, complete with a fan-powered breeze.',
    'So much blue in one case, it looks like the inside of a swimming pool at night.',
    "The blue colour scheme screams 'cool and collected', which is a bold claim for any gaming PC.",
    'The blue glow gives the whole rig the calm of an aquarium, if the fish were graphics cards.',
    'So much blue that the build looks permanently cool, which the thermals may or may not confirm.',
    "The blue light makes this PC look like it's thinking very hard about something important.",
    'Blue everywhere, like the build is stuck on a loading screen from the early 2000s, in a good way.',
  ],
  purple: [
    "The purple glow gives this PC strong wizard-tower energy, like it's brewing potions between matches.",
    'All that purple makes the build look like a nightclub for very small, very rich fans.',
    "Purple is the official colour of 'I couldn't choose between red and blue', and this build committed hard.",
    'The purple lighting turns the case into a fancy lounge where the graphics card has the VIP booth.',
    "With that much purple, this build looks like it's about to announce a fantasy RPG expansion.",
    'This purple theme is very synthwave, as if the PC is forever driving a neon car at midnight.',
  ],
  pink: [
    'The pink in this build is a power move, and honestly it makes every black build look boring.',
    'All that pink makes this PC look like candyfloss that can run triple-A games.',
    'Pink everywhere, the kind of confidence every other gaming PC secretly wishes it had.',
    "The pink theme is so fun it makes the graphics card look like it's on holiday.",
    'With this much pink, the build looks like a dessert counter, and the frames are the sprinkles.',
    'Pink is criminally underused in PC builds, so this one gets bonus points before the roast even starts.',
  ],
  other: [
    'The {colour} tones in this photo are a bold choice, and I respect a build that refuses to follow the black-and-RGB crowd.',
    "There's a lot of {colour} going on in this shot, which is not a colour I expected from a gaming PC today.",
    'All that {colour} gives the build a personality, even if that personality is hard to describe.',
    "The {colour} in this picture is carrying the whole colour scheme, and it's doing so with a brave face.",
    'Going heavy on {colour} is certainly distinctive, like ordering the mystery flavour at the ice cream shop.',
    'I see plenty of {colour} here, which means either a deliberate colour theme or a very interesting wall behind the build.',
  ],
};
