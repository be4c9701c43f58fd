/*
 * Body lines about the graphics card, one group per family in the catalogue and `other`
 * for anything it does not know ("large triple-fan graphics card"). Every line
 * names the part: `{gpu}`, or `{a:gpu}` for "a"/"an" and the part.
 */
import type { GpuFamily } from '../catalogue';

export const GPU_LINES: Record<GpuFamily | 'other', readonly string[]> = {
  'rtx-50': [
    'The {gpu} is fresh off the Blackwell line, so frame generation does half the gaming and the 16-pin power connector does all the worrying.',
    'Nothing like {a:gpu} to remind everyone that generated frames still count when the FPS counter is keeping score.',
    'That {gpu} costs roughly the same as a used car, and unlike the car, it needs a support bracket to stop it sagging.',
    'With {a:gpu} on board, DLSS 4 is basically the co-pilot and the power connector is the nervous passenger.',
    "Buying {a:gpu} at launch takes patience, luck and a page-refresh rate higher than the monitor's, so well played.",
    'The {gpu} is so new its drivers still have that new-car smell, along with the occasional new-car recall.',
  ],
  'rtx-40': [
    'The {gpu} is a fine card, assuming the power connector stays fully seated and nobody breathes near it.',
    'Ah, {a:gpu}, from the generation where the number on the box and the price on the box both went up.',
    'That {gpu} has frame generation, so half the frames are imaginary and all of the bragging is real.',
    'Running {a:gpu} means path tracing in Cyberpunk, at least until the room reaches sauna temperature.',
    'The {gpu} is so efficient it barely warms up, which is more than can be said for the arguments about its price.',
  ],
  'rtx-30': [
    "The {gpu} survived the great GPU shortage of the crypto years, and judging by this build, it's still recovering emotionally.",
    'Ah, {a:gpu}, the card everyone refreshed retailer pages for at 3am, now living its best life in this case.',
    'That {gpu} is the graphics card equivalent of a reliable hatchback: not the newest, but it still gets to 60 without drama.',
    "The trusty {gpu} is still slinging frames like it's 2021 and the scalpers are waiting outside the door.",
    'The {gpu} has seen some things, including a VRAM debate that never ends and a price chart shaped like a rollercoaster.',
  ],
  'rtx-20': [
    'The {gpu} was among the first to try ray tracing, which makes it the brave early adopter who paid full price for beta features.',
    'Ah, {a:gpu}, from the days when switching ray tracing on was a great way to turn a game into a slideshow.',
    "That {gpu} is still hanging on, proving that Turing may be old, but it's not ready to log off.",
    'Running {a:gpu} today takes commitment, and probably a generous helping of DLSS performance mode.',
    "The {gpu} in here has the wise, tired energy of a card that has heard 'next gen will be cheaper' far too many times.",
  ],
  'gtx-16': [
    'The {gpu} is the GPU equivalent of a no-frills gym membership: it gets the job done and never mentions ray tracing.',
    "Ah, {a:gpu}, the people's champion of esports titles at medium settings with enthusiastic fans.",
    "That {gpu} looked at ray tracing, said 'not for me', and went back to running competitive shooters like a champ.",
    "Pairing a build with {a:gpu} says 'I play for the frames, and I don't need reflections to feel alive'.",
    'The {gpu} is small, humble and reliable, the golden retriever of graphics cards.',
  ],
  'gtx-10': [
    'The {gpu} is a living legend, a Pascal-era relic that refuses to retire, like a veteran player still topping the scoreboard.',
    'Ah, {a:gpu}, the card that has outlasted console generations and at least two keyboards on this desk.',
    "That {gpu} has been running since before half of today's games were announced, and it's tired, boss.",
    'Keeping {a:gpu} alive in this decade is less a build choice and more a heritage preservation project.',
    "The {gpu} is old enough to remember when 'can it run Crysis' was the only benchmark that mattered.",
  ],
  'rx-9000': [
    "The {gpu} is AMD's latest push into the midrange war, and this time team red brought better weapons.",
    'Ah, {a:gpu}, with FSR 4 finally catching up, so the upscaling jokes will have to find new material.',
    'That {gpu} is fresh RDNA 4 silicon, which means this build is team red and proud of it.',
    "Picking {a:gpu} means someone read the reviews, compared price per frame and chose violence against NVIDIA's margins.",
    "The {gpu} is a fine card, and AMD's naming team deserves a raise for copying the competition's numbers just to confuse everyone.",
  ],
  'rx-7000': [
    'The {gpu} brings team red to the party, along with the firm belief that textures should never have to fit in a suitcase.',
    "Ah, {a:gpu}, the card that whispers 'raster performance per dollar' every time someone mentions ray tracing.",
    'That {gpu} is built from chiplets, which is a fancy way of saying the GPU itself comes in a multipack.',
    'Running {a:gpu} is a statement: frames per dollar first, and driver updates always a little exciting.',
    'The {gpu} in this build will happily max out the textures, then politely decline when ray tracing asks for a dance.',
  ],
  'rx-6000': [
    "The {gpu} comes from AMD's RDNA 2 glow-up, when team red came back swinging and the internet had to update its memes.",
    "Ah, {a:gpu}, the card that made people say 'wait, AMD is actually competitive?' and then check the charts twice.",
    'That {gpu} is still a value champion, aging like a good cheese, if the cheese could run games at 1440p.',
    'Running {a:gpu} means great raster performance and a free lifetime subscription to arguing about drivers online.',
    'The {gpu} has been dropping in price for years, which makes it the wisest purchase in this photo.',
  ],
  'rx-5000': [
    'The {gpu} is first-generation RDNA, which launched with drivers spicier than a ghost pepper.',
    'Ah, {a:gpu}, the card that taught a generation of gamers to roll back drivers with their eyes closed.',
    'That {gpu} is still pushing frames, bless it, like a veteran who refuses to leave the server.',
    'Keeping {a:gpu} in service is very noble, and at this point its fans have earned a pension.',
    'The {gpu} was a great deal in its day, and its day was quite a while ago.',
  ],
  arc: [
    "The {gpu} is a bold choice, joining team blue's graphics adventure with the enthusiasm of a beta tester.",
    'Ah, {a:gpu}, the card whose driver changelog is longer than most novels, and better with every chapter.',
    'That {gpu} is the underdog of this build, and everybody loves rooting for the new kid in the lobby.',
    'Running {a:gpu} means enjoying two things: excellent value and reading the compatibility notes before every game.',
    'The {gpu} needs Resizable BAR switched on, so I hope that setting got found before anyone blamed the card.',
  ],
  other: [
    "And then there's {a:gpu}, carrying this entire build on its shoulders like a solo queue hero.",
    "That {gpu} is doing all the heavy lifting here, so let's hope it has a good support bracket and a better union.",
    "Pay attention to the {gpu} here, because it's the one part in this photo that truly earns its keep.",
    'With {a:gpu} on graphics duty, every new game launch turns into a nail-biting system requirements check.',
    'I can see {a:gpu} sitting in there, quietly hoping nobody launches a game from this year.',
    'The {gpu} looks ready for action, or at least ready for a good dusting and a driver update.',
  ],
};
