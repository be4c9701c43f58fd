/*
 * Sentence parts the composer joins when the whole lines of a kind have all been
 * used lately: a subject that names a fact of the build, an observation, a
 * comparison or a twist. Each part fits every other of its sentence shape, so a
 * few dozen parts make thousands of sentences, and a part is remembered like a
 * line, so the same comparison does not come back a roast later.
 */

/** `{subject}` names a fact of the build: "the RTX 4090", "all that purple". Singular, sentence-initial. */
export const BODY_OBSERVATIONS: readonly string[] = [
  'is clearly the favourite child in this family',
  'has the confidence of a part that has never lost a benchmark it chose itself',
  'is doing most of the talking in this photo',
  'looks like it was picked first and everything else was picked to match',
  'carries this build the way a healer carries a raid that keeps standing in the fire',
  'has certainly been shown to every relative who made the mistake of visiting',
  'is the detail the owner wants us to notice first, so consider it noticed',
  'is trying very hard to look effortless',
  'probably has its own album on the owner’s phone',
  'gives off strong "I read four reviews and one forum thread" energy',
  'sets a standard the rest of the parts are nervously trying to meet',
  'is the one thing in here with a clear sense of purpose',
  'has quietly become the personality of the whole build',
  'is what the owner brings up before anyone has asked',
  'brings a lot of drama to an otherwise sensible box',
  'looks ready for a photo shoot and slightly less ready for a long session',
  'holds this build together in spirit, if not in screws',
  'was a decision made with the heart and paid for with the wallet',
  'is getting more attention than the games it runs',
  'has the posture of a part that expects a review in the morning',
];

/** Ends a body sentence after a comma. */
export const BODY_COMPARISONS: readonly string[] = [
  'like a lead singer who asks for a bigger dressing room',
  'like the one friend who brings a fog machine to a barbecue',
  'like a sports car parked outside a supermarket',
  'like a final boss who insists on a long cutscene first',
  'like a cat that knocks things off the shelf and still expects praise',
  'like the signature dish on a very short menu',
  'like a loot drop the whole party argued about',
  'like a speedrunner who refuses to skip the credits',
  'like a trophy bought mainly for the shelf it sits on',
  'like a moped with racing stripes and a spoiler',
  'like a well-dressed guest who turned up an hour early',
  'like an extra who is sure the film is about them',
  'like a limited edition controller that never leaves its box',
  'like an encore nobody in the crowd asked for',
  'like a cosplay that took longer to make than the game took to finish',
  'like a main menu theme you refuse to skip',
  'like a rare mount parked right outside the bank',
  'like a patch note that promises balance and delivers chaos',
  'like a tank player who also wants to be team captain',
  'like a collector’s edition box with the disc still in the shop',
];

/** Openers: "{intro} {subject} {arrival}, {twist}." The subject is lower case here: "this RTX 4090 build". */
export const OPENER_INTROS: readonly string[] = [
  'Attention, everyone:',
  'Gather round, framerate fans:',
  'Breaking news from the hardware desk:',
  'Hold on to your headsets:',
  'Clear the benchmark table:',
  'Ladies and gentlemen of the gallery:',
  'Stop the presses:',
  'Cue the dramatic music:',
  'Roll the intro cinematic:',
  'Quiet in the server room, please:',
  'Fresh from the upload queue:',
  'Put down the thermal paste:',
  'Warm up the roasting oven:',
  'Everyone mind the cables:',
];

export const OPENER_ARRIVALS: readonly string[] = [
  'has just rolled onto the test bench',
  'has entered the chat',
  'has been wheeled into the roasting room',
  'is up for inspection',
  'has applied for a spot on the leaderboard',
  'walks in like it owns the place',
  'has asked for honest feedback',
  'has arrived with its side panel off and its chin up',
  'is here to be judged',
  'has stepped into the spotlight it probably brought itself',
  'has taken a seat in the hot chair',
  'has shown up for its performance review',
  'has been submitted as evidence',
  'has made its grand entrance',
];

export const OPENER_TWISTS: readonly string[] = [
  'and it looks like it knows exactly what it did',
  'and the fans are already nervous',
  'and the warranty is hiding behind the sofa',
  "so let's see what the thermal paste has been hiding",
  'and nobody warned it about this part of the hobby',
  'and I have notes, many notes',
  'and the power supply has asked to be left out of it',
  'which was its first mistake',
  "so let's open the side panel on the truth",
  'and the benchmark charts have already taken sides',
  'and it has not read the terms and conditions',
  'and the cable ties are bracing for impact',
  'and the jury is very much still out',
  'and it is visibly sweating thermal paste',
];

/** Closers: "{lead} {verdict}, {twist}." */
export const CLOSER_LEADS: readonly string[] = [
  'Final verdict:',
  'Bottom line:',
  'In summary:',
  'Closing statement:',
  'Official ruling:',
  'Last word:',
  'For the record:',
  'To wrap up:',
  'The short version:',
  "The judges' decision:",
  'Scorecard:',
  'So, in the end:',
];

export const CLOSER_VERDICTS: readonly string[] = [
  'the build survives with most of its dignity intact',
  'it boots, it games and it glows',
  'plenty of frames and only a few flames',
  'roasted, toasted and still worth showing off',
  'guilty of being fun and sentenced to more gaming',
  'questionable choices, excellent vibes',
  'this rig has earned its place in the gallery',
  'the roast is over and the fans are still spinning',
  'a real gaming PC with real gaming PC problems',
  'loud, proud and allowed to stay',
  'more character than most and fewer regrets than expected',
  'a build with a story and a power bill to match',
  'strong parts, strong opinions, strong finish',
  'it plays the games and it takes the jokes',
  'a solid machine with a flair for the dramatic',
  'a few quirks, zero dealbreakers',
];

export const CLOSER_TWISTS: readonly string[] = [
  'so enjoy it before the next upgrade itch kicks in',
  'and the leaderboard is waiting',
  'and the dust filters have earned a clean as a reward',
  'so go and play something',
  'so carry on gaming with your head held high',
  'and that counts for plenty',
  'which is more than most games manage on launch day',
  'and nobody has to know about the cable drawer',
  'so take a bow and then take the side panel back',
  'and the fans may now return to a normal speed',
  'and I would still swap my own setup for it',
  'so see you in the lobby',
  'and that is a respectable day at the office',
  'and the thermal paste is proud of you',
  'so go on, boot it up one more time',
  'and the roast department rests its case',
];

/** RoastBot replies: "{ack} {remark}". Remarks may name the build's parts. */
export const REPLY_ACKS: readonly string[] = [
  'Fair point.',
  'Noted.',
  'Bold words.',
  'Heard, and filed.',
  'Interesting theory.',
  'I respect the energy.',
  'Strong take.',
  'Understood.',
  'You make a case.',
  'Duly logged.',
  'A brave comment.',
  'Point received.',
];

export const REPLY_REMARKS: readonly string[] = [
  'The {gpu} would still like a quiet word with you about the airflow in there, though.',
  'The {case} has been informed of your opinion and is taking it surprisingly well, all things considered.',
  'I will bring it up with the {cpu} at its next performance review, right after the benchmarks.',
  'The roast stands for now, but the {cooler} has formally asked for a second opinion on the matter.',
  '{title} stays on the roasting rack for now, but I have made a note in its permanent file.',
  'The fans held a quick vote about it, and they want more RPM and a lot fewer questions.',
  'The build asked me to pass on its thanks, along with a small complaint about the dust situation.',
  'I have filed that under "things the thermal paste already knew", which is a surprisingly thick folder.',
  'The leaderboard will be the final judge of all this, as it always is around here, so we wait.',
  'Somewhere deep inside that case, a single cable tie just nodded along in quiet agreement with you.',
  'The {gpu} and I will talk it over properly after its next driver update has finished installing.',
  'I will reconsider the whole thing once the {case} stops glowing at me like that from across the room.',
];
