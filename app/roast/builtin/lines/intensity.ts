/*
 * The lines that set a roast's intensity. A gentle roast opens and closes kindly
 * and says something nice about the build; a savage one opens and closes hard and
 * adds one more jab. Both stay on the hardware: harsher, never about the person.
 */

export const GENTLE_OPENERS: readonly string[] = [
  "Let's be kind today, because this build clearly had a lot of love poured into it.",
  'Gentle mode on: this is a lovely rig, so consider the following a friendly nudge.',
  'First things first, this is a genuinely nice build, and the teasing below is all affection.',
  'Soft gloves today, because honestly there is a lot to like about this machine.',
  'A gentle roast for a good build: we come in peace, with only the lightest teasing.',
  'Before any teasing, credit where it is due: this is a solid, well put together rig.',
  'Good news first: this build looks great, so the roast will be a warm one.',
  'This is a friendly roast, because a build this tidy deserves a little kindness.',
  'Pillow fight rules today: this rig is lovely, so every jab comes wrapped in bubble wrap.',
  'We are roasting on low heat today, and this nice build will come out golden.',
  'Honestly, this is a proud little machine, so the teasing stays polite and the praise stays loud.',
  'A build with this much care in it gets a gentle roast, a pat on the case and a smile.',
  'Warm-up round only: this rig is impressive enough that the jokes will be soft ones.',
  'Kind words first, because this build is a good one and it knows it.',
  'Easy mode roast unlocked, because a rig this charming earns a little respect.',
  'Gentle roast incoming, and it starts with a compliment: this is a great looking build.',
  'Let us treat this build nicely, since it clearly treats its owner nicely too.',
  'Today the roast is a friendly one, because this rig is a solid piece of work.',
  'Careful handling required: this is a lovely build, and we only tease what we admire.',
  'This is the gentle version, so expect kind teasing and a generous helping of praise.',
];

/** Praise for the build as a whole, for any build. */
const ANY_PRAISE: readonly string[] = [
  'Honestly, the overall look is clean and tasteful, and plenty of builders would be proud to show this one off.',
  'To be fair, the whole thing hangs together nicely, with the kind of care that makes a build great.',
  'Credit where it is due: this rig looks solid, well planned and genuinely good fun to game on.',
  'Jokes aside, it is a good looking machine, and the care that went into it really shows.',
  'Truly, this is a nice build, the sort of rig that makes a whole desk look better.',
  'The real verdict is a kind one: this build is lovely, sensible and clearly well loved.',
  'All teasing aside, the build is neat, capable and a great example of doing it right.',
  'Between us, this is an impressive rig, and most of the jokes are just envy in a trench coat.',
  'It deserves a proper compliment too: this machine is well chosen, well built and very nice to look at.',
  'Seriously though, the build has a clean, confident look that many showcase rigs would envy.',
];

/** Praise that names a part, chosen when the build has that part. */
export const GENTLE_PRAISE: {
  any: readonly string[];
  gpu: readonly string[];
  cpu: readonly string[];
  case: readonly string[];
  cooler: readonly string[];
} = {
  any: ANY_PRAISE,
  gpu: [
    'The {gpu} is a great pick, and it will keep games looking lovely for a good while yet.',
    'Honestly, the {gpu} is a solid heart for this build, and a smart choice for the money.',
    'That {gpu} is a lovely card to game on, and it looks right at home in there.',
    'Good call on the {gpu}: capable, sensible and a card plenty of gamers would be proud of.',
  ],
  cpu: [
    'The {cpu} is a solid, sensible choice, and it will handle games and everything else nicely.',
    'Good taste on the {cpu}: a great processor that gives this build a proper foundation.',
    'Pairing everything with the {cpu} was smart, and that kind of balance is genuinely impressive.',
    'The {cpu} is a lovely pick, the kind of processor that quietly makes every game feel better.',
  ],
  case: [
    'The {case} is a nice case to build in, and it shows everything off beautifully.',
    'Choosing the {case} was a great move: it gives this build a clean and tidy home.',
    'Honestly, the {case} looks lovely here, and it frames the whole build nicely.',
    'The {case} suits this rig well, a tasteful home for a good build.',
  ],
  cooler: [
    'The {cooler} is a sensible, solid cooler, and the CPU is clearly grateful for it.',
    'Good call on the {cooler}: it keeps things cool and looks neat doing it.',
    'The {cooler} is a great choice, quiet confidence in a build that deserves it.',
    'Honestly, the {cooler} is a lovely touch that keeps this rig calm and happy.',
  ],
};

export const GENTLE_CLOSERS: readonly string[] = [
  'Verdict: a lovely build, gently roasted and genuinely admired.',
  'All in all, a great rig, and you should be proud of it.',
  'Well done: this one is a keeper, teasing and all.',
  'Gentle roast complete, and the build passes with flying colours.',
  'Final word: solid, tidy and good fun, and that deserves a round of applause.',
  'Keep it up, this is a nice machine with a bright future.',
  'Roast over, respect earned, and the rig remains lovely.',
  'In short, a good build that deserves every frame it renders.',
  'That was the kind version, because this rig earned it.',
  'Verdict: nicely done, warmly roasted and well worth showing off.',
  'Big respect to this build, it is a great one.',
  'Conclusion: impressive work, with only the gentlest of notes.',
  'So yes, a proud, lovely rig, and we mean that kindly.',
  'Final score: high marks for care, style and good taste.',
  'Ten out of ten for effort, and a warm hug for the build.',
  'Gently roasted, sincerely praised and absolutely ready for the leaderboard.',
];

export const SAVAGE_OPENERS: readonly string[] = [
  'No mercy today: this build is a hardware crime scene and I am the forensic team.',
  'Savage mode engaged, because this rig is a disaster that somehow passed its own POST.',
  'Brace yourself, this build is a catastrophe wearing a tempered glass costume.',
  'Gloves off: this machine looks like a parts bin lost a fight with a warranty claim.',
  'The roast is savage today, and honestly this rig earned every word of it.',
  'Let us not pretend: this build is a mess, and the photo is its confession.',
  'This rig is a tragic, glowing monument to every bad hardware decision on the forum.',
  'Maximum heat: this build is the kind of disaster benchmark charts use as a warning.',
  'Savage roast incoming, because this machine is a hardware horror story with RGB.',
  'This build is so cursed the motherboard filed a complaint before the first boot.',
  'Full savage: this rig looks like it was assembled during a power cut, in a hurry.',
  'Hard mode roast, because this machine is an embarrassing pile of parts pretending to be a PC.',
  'Not holding back: this build is a wreck, and the wreck is somehow proud of itself.',
  'This rig is a nightmare in a box, and the box is the best part.',
  'Savage roast time, and this machine is an absolute catastrophe of choices.',
  'The worst part about this build is everything, so let us start at the top.',
  'Brutal honesty mode: this rig is a garbage fire of parts that somehow still boots.',
  'No soft landing for this one: the build is a mess from the fans to the feet.',
  'Savage setting on, because this machine is a tragic little disaster with a power button.',
  'This rig is what happens when a parts list is built entirely out of regrets.',
];

/** One more jab in a savage roast, about the build, never its owner. */
export const SAVAGE_JABS: readonly string[] = [
  'Every part in here looks embarrassed to be seen with the others, like a group photo nobody wanted.',
  'The whole build is a disaster of mismatched parts, held together by zip ties and wishful thinking.',
  'This machine is so badly planned that the airflow diagram is just a question mark in a circle.',
  'Honestly the parts list reads like a crime report, and every component is a suspect.',
  'It is a tragic mess inside that case, the kind benchmark forums use as a cautionary tale.',
  'The result is a catastrophe with a power button, and somehow the power button is the highlight.',
  'If this rig were a game it would be a buggy early access disaster with mostly negative reviews.',
  'This build is pure chaos, a pathetic heap of parts that each deserve a better home.',
  'The worst part is that every component here is trying hard, and the build still looks awful.',
  'This is the kind of wreck that makes a return window feel like a lifeline.',
  'Frankly the inside of this case is a horror show, and the fans are just screaming politely.',
  'Everything about this rig is cursed, from the first screw to the last cable tie.',
  'The build quality here is a disaster, and the photo makes no attempt to hide the evidence.',
  'This machine is a hardware nightmare, the sort of thing PC building guides warn about in bold.',
];

export const SAVAGE_CLOSERS: readonly string[] = [
  'Verdict: a disaster, fully roasted, no survivors.',
  'Final word: burn it down and start the parts list again.',
  'Roast complete, and the build did not survive it.',
  'Conclusion: a tragic machine, and that is putting it kindly.',
  'Savage verdict: the worst build on the leaderboard today.',
  'Case closed, and the case should stay closed.',
  'In short, a catastrophe with a power button.',
  'Final score: zero stars for the build, full marks for bravery.',
  'That was savage, and the build deserved every word.',
  'Verdict: an awful mess that somehow still boots, barely.',
  'This rig has been roasted to ash, and the ash looks better.',
  'Game over for this build, no continues left.',
  'The roast ends here, but the shame lives on in the photo.',
  'Roasted, wrecked and done: this build is a lesson for everyone.',
];
