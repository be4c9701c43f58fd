/*
 * Opening lines. A roast stores the id of its opener (`generic-17`, `gpu-halo-2`)
 * and later roasts avoid the recent ones: add new lines at the end of a group and
 * never reorder or delete, or stored ids would point at different lines.
 */

/** Fit any build. There are more of these than the roasts a caller remembers, so one is always fresh. */
export const GENERIC_OPENERS: readonly string[] = [
  "Ladies, gentlemen and framerate enthusiasts, gather round: today's patient has been wheeled in, and the prognosis is mostly thermal paste and hubris.",
  'Somebody call the build police, because this rig just rolled up without a permit and with a suspicious amount of confidence.',
  "I've seen a lot of PCs in my time, and this one is definitely among them.",
  'Welcome to the roast, where we judge silicon by its cover and every screw is a potential witness.',
  'Before we begin, a moment of silence for the wallet that made this possible.',
  'Pull up a chair and lower your expectations, because this build just walked in like it owns the server room.',
  'Breaking news from the hardware desk: a computer has been assembled, and early reports say it even turns on.',
  "Let's start with the good news: it's a PC. Now for the rest of the news.",
  'Grab your anti-static wrist strap, because this roast is about to discharge.',
  "This build has main character energy and side quest performance, so let's dig in.",
  "Alright, let's open the side panel on this one and see what the warranty doesn't cover.",
  'My diagnostics just finished scanning this build, and they came back with a single word: bold.',
  'If confidence were measured in teraflops, this rig would already be top of the charts.',
  'Every build tells a story, and this one reads like a patch note nobody asked for.',
  "Roll the intro music, because we have a fresh rig on the bench and I've already found things to say.",
  "They say beauty is in the eye of the beholder, so I've asked the beholder to take a long weekend.",
  "This is not just a PC build, it's a cry for attention, and I'm here to answer it loudly.",
  'I was told to be gentle with this one, but my fan curve only has one setting.',
  'Somewhere a YouTube build guide is wondering where it went wrong, and the answer might be right here.',
  'Loading roast... stuck at 99 percent, just like the shader compilation on this machine.',
  "Good news, you've been selected for a free hardware inspection; bad news, I'm the inspector.",
  'Looking at this build feels like opening a loot box: hope, suspense, and then the reveal.',
  "Let's give it up for the brave little PC that showed up to a roast battle with nothing but a power cable and a dream.",
  "I've reviewed the footage, consulted the benchmarks, and I'm ready to deliver the verdict nobody requested.",
  'This rig entered the chat, and the chat immediately asked for the specs in a worried tone.',
  'Every gamer dreams of the perfect build, and this one clearly woke up halfway through the dream.',
  'Patch notes for this build: added vibes, removed restraint, fixed nothing.',
  'This machine has the aura of a boss fight with a really generous hitbox.',
  'Ah, another challenger approaches, and it brought fans, cables and absolutely no fear.',
  'My roast algorithm needed a quick warm-up, and this build was kind enough to provide the heat.',
  'You know a build is special when the power supply looks nervous in the photo.',
  'Sit down, little rig, we need to have a talk about your choices and your cable ties.',
  "I'm not saying this PC is chaotic, I'm saying it has speedrun energy in a world of careful builders.",
  'Press F to pay respects, because this build is about to take some critical damage.',
  'Congratulations, this build has been nominated for a prestigious award: most likely to thermal throttle on stream.',
  "Some people build PCs and others assemble a collection of receipts in a glass box, so let's find out which this is.",
  'This rig looks like it was built during a caffeine-fuelled all-nighter, and honestly it shows in the best and worst ways.',
  'I asked the motherboard how it felt about this build, and it just blinked a debug LED at me.',
  'Let the record show that this computer was presented willingly and with full knowledge of the consequences.',
  "Today's build comes to us straight from the school of 'it posted, ship it'.",
  'Welcome back to Hardware Court, where the evidence is photographic and the judge has no mercy setting.',
  'You ever see a PC and just know the BIOS has some stories to tell? Yeah, this is that PC.',
  'The lobby is full, the ping is low, and this rig is about to get absolutely farmed.',
  'Opening this roast like a fresh GPU box: slowly, carefully and bracing for a scalper-sized surprise.',
  'Somebody clearly watched a build tutorial at double speed, and the results are in.',
  'This PC has the energy of a speedrunner who skipped the tutorial and every warning popup.',
  "Look, I'm contractually obligated to say something nice, so: it has a power button. Now the roast.",
  "It's time to turn the RGB down and the honesty up, because this build has questions to answer.",
  'This build walked into the arena with a plan, a dream and a suspicious number of spare screws.',
  'Every great rig starts with a vision, and this one started with a shopping cart and a dare.',
  "Matchmaking has paired me with a very worthy opponent today, so let's queue up.",
  'I have scanned this machine from every angle, and my threat assessment is mostly cosmetic.',
  'There are two kinds of PCs: the ones built with a plan and the one in this photo.',
  'Warning: the following roast contains frank discussion of airflow and may not be suitable for fragile thermal pads.',
  'This build just spawned into my queue like a tank with no healer, and I respect the courage.',
  'Behold, a gaming PC, a true marvel of modern engineering and questionable late-night decisions.',
  "I've been staring at this photo long enough for my own fans to ramp up.",
  "Alright, boot up the roast, skip the splash screen, and let's get straight to the hardware crimes.",
  'Dear diary, today someone showed me their PC, and I finally understood why tech support needs so much coffee.',
  'This rig looks like it found the cheat code for aura but forgot the one for airflow.',
  "Here's a build that clearly passed the vibe check, so let's see how it does on the spec check.",
  "First impressions matter, and this PC's first impression is a loading screen tip that just says 'good luck'.",
  "This machine could be the start of a legendary gaming career or a very expensive space heater, so let's investigate.",
  'The sacred ritual of the build photo has been performed, and now the sacred ritual of the roast must follow.',
  'If this PC were a video game character, it would be the one with the cool armour and the mysterious health bar.',
  'Rolling for initiative against this build, and I got a natural twenty on pettiness.',
  "This rig has been submitted for judgment, so let's fire up the benchmark of shame.",
  'Some builds whisper, some builds shout, and this build sends a notification every five minutes.',
  "Right, let's get this PC on the operating table before it starts asking for driver updates.",
  'Step right up and witness a computer that clearly had a budget meeting and lost it.',
  'I came here to roast a PC, and the PC came here to get roasted, so everyone wins today.',
  'Legend says that if you listen closely to this build, you can hear the coil whine singing the blues.',
  'This is the kind of rig that makes a benchmark leaderboard nervously check its own numbers.',
  'This build is proof that with enough screws and optimism, anything can become a gaming PC.',
  "On today's episode of Extreme Makeover: Hardware Edition, we have a rig that clearly wants the full treatment.",
  'What we have here is a PC built with love, ambition and, judging by the look of it, whatever screwdriver was nearest.',
  'Welcome, brave build, to the place where thermal margins go to be judged and framerates go to be questioned.',
  "Nothing says 'I game seriously' quite like posting your rig for strangers to critique, so let's honour that courage.",
  'Bad news for this PC: it has entered a roast with no respawn timer.',
  "Let's have a look behind the glass, where the real confessions of every build live.",
  "The moment this photo loaded, my own graphics card whispered 'thank goodness it's not me'.",
  "Today's specimen is a gaming PC in its natural habitat, blissfully unaware of the roast about to happen.",
  'Achievement unlocked: uploaded a build to a roasting site, the bravest thing a PC owner can do.',
  "This rig definitely has a personality, and that personality is 'once tried to download more RAM'.",
  "I'd call this build a work of art, but art usually has better airflow.",
  'Attention all units, we have a gaming PC in plain view and it refuses to keep a low profile.',
  'Somewhere a benchmark chart just felt a cold draft, which means this build has entered the building.',
  "My cooling fans spun up just looking at this, and honestly that's the nicest compliment I can give it.",
];

export type OpenerTopic =
  | 'title'
  | 'gpu-halo'
  | 'gpu-budget'
  | 'gpu-vintage'
  | 'rgb-overload'
  | 'rgb-none'
  | 'dark'
  | 'blurry'
  | 'white-build'
  | 'small-form-factor'
  | 'custom-loop'
  | 'first-build'
  | 'sleeper'
  | 'not-a-pc';

/** Openers about one fact of the build, each group used only when its fact holds. */
export const FACT_OPENERS: Record<OpenerTopic, readonly string[]> = {
  /** Quote the title: `{title}`. */
  title: [
    "They named it {title}, which is a bold title for what I'm about to describe.",
    'A build called {title} has entered the roast, and the name is already writing cheques the hardware has to cash.',
    'Ah yes, {title}, the name of a build and, shortly, the name of my favourite roast this week.',
    'When I saw {title} in my queue, I cleared my schedule and warmed up my sarcasm module.',
    "Let's talk about {title}, because the owner clearly wanted to, and I'm happy to help.",
    'The title says {title}, as if a name could protect a PC from what comes next.',
    "Every legend needs a name, and this one went with {title}, so let's see if the legend holds up.",
    "The upload said {title}, the photo said 'please be kind', and the roast says absolutely not.",
    'Presenting {title}: a name that sounds like a boss battle for a build about to face one.',
  ],
  /** A halo graphics card (xx90, 7900 XTX): `{gpu}`. */
  'gpu-halo': [
    '{a:gpu}, the graphics card equivalent of ordering the biggest pizza on the menu for a party of one.',
    'Somebody bought {a:gpu} and wants the whole internet to know, so consider the internet informed.',
    "Stand back, everyone, there's {a:gpu} in here and it draws more power than some small villages.",
    'Nothing says subtle like {a:gpu}, the card that needs its own postcode and a support bracket with a pension plan.',
    'The {gpu} in this build has seen the electricity bill and it is simply not sorry.',
  ],
  /** An entry-level graphics card: `{gpu}`. */
  'gpu-budget': [
    '{a:gpu}, the sensible shoes of graphics cards, and honestly, respect for living within your framerate.',
    'Ah, the {gpu}, proudly proving that medium settings are a lifestyle, not a compromise.',
    "Someone looked at flagship prices and chose the {gpu}, which is the most relatable thing I've seen all day.",
    'The {gpu} has entered the chat, humbly asking everyone to please enable upscaling.',
    "Budget gaming champion alert: there's {a:gpu} in the house and it's ready for 1080p glory.",
  ],
  /** A graphics card from an older generation: `{gpu}`. */
  'gpu-vintage': [
    '{a:gpu}, a graphics card so seasoned it remembers when ray tracing was just a tech demo.',
    'This {gpu} has been around long enough to qualify for a loyalty discount from every game launcher.',
    'Still running {a:gpu}? That card has more veteran stories than a retired raid leader.',
    'Hold on, {a:gpu} in this day and age, still clocking in like a trusty workhorse nobody has the heart to retire.',
    "The {gpu} in this photo is technically retro now, and it's carrying that title with quiet dignity.",
  ],
  /** RGB overload. */
  'rgb-overload': [
    'This build is so bright the International Space Station just filed a light pollution complaint.',
    "I've seen quieter light shows at music festivals than whatever is happening inside this case.",
    'Somebody set the RGB to maximum, snapped off the dial and threw it into the sea.',
    "This PC isn't lit, it's a visible-from-orbit unicorn rave with a motherboard attached.",
    'The RGB in this build is doing so much work it should be listed as a separate component.',
  ],
  /** No RGB at all. */
  'rgb-none': [
    'Not a single RGB light in sight, which means this PC is either very mature or very shy.',
    'Zero RGB, which is brave, because everyone knows the lights are worth at least fifteen frames.',
    'This rig runs in total RGB darkness, like a stealth mission where the objective is looking serious.',
    'No rainbow, no glow, no party, just a computer quietly doing its taxes in the dark.',
  ],
  /** A dark photo. */
  dark: [
    'This photo was clearly taken in the dark, because this build apparently prefers to be heard and not seen.',
    'Was this picture taken inside a cave, or is the build just hiding from the roast?',
    'The lighting in this shot is so low that my night vision goggles asked for a raise.',
    'Hard to roast what I can barely see, but rest assured the shadows are doing some heavy lifting here.',
  ],
  /** A blurry photo. */
  blurry: [
    "This photo is so blurry I'm roasting it in 240p, which frankly suits the mystery.",
    'Either the camera was shaking or this PC is vibrating at a frequency only gamers can hear.',
    'I see the build is going for the motion blur setting, even in still photography.',
    'Ah, the classic Bigfoot photo technique, because nothing proves a PC exists like a blurry picture of it.',
  ],
  /** A white build. */
  'white-build': [
    'An all-white build, the kind of PC that needs a coaster, a lint roller and a very clean desk.',
    'Going full white was a bold call, because now every speck of dust has a front-row seat.',
    'This white build looks like a luxury fridge that has decided to play video games.',
    'A white PC build: clean, crisp, and one dropped snack away from tragedy.',
  ],
  /** An ITX or small-form-factor build. */
  'small-form-factor': [
    'A small form factor build, for people who enjoy gaming and also solving 3D puzzles with a screwdriver.',
    'Look at this tiny PC, a lunchbox with ambitions and the thermals of a toaster oven.',
    'Small form factor builds are like ships in bottles, except the bottle runs hot and the ship has RGB.',
    'This compact build proves you can fit a lot of power into a small box if you give up on happiness during assembly.',
  ],
  /** A custom water loop or hardline tubing. */
  'custom-loop': [
    "A custom water loop, because apparently regular cooling wasn't stressful enough.",
    'Somebody installed a plumbing system inside a computer and called it a hobby.',
    'Nothing says commitment like running coolant through a machine full of electricity, so hats off already.',
    'A hand-plumbed build always means two things: gorgeous temperatures and a towel permanently on standby.',
  ],
  /** The owner's first build. */
  'first-build': [
    'A first build, which means this PC has already heard a full symphony of nervous sighs during its first boot.',
    'Every first build is a rite of passage, and this one passed with a few battle scars of character.',
    'First build, huh? The motherboard standoffs are still recovering from the experience.',
    'Welcome to the hobby, first-time builder, where the PC is never finished and the wallet never recovers.',
  ],
  /** A sleeper build. */
  sleeper: [
    'A sleeper build, wearing the costume of a library computer while secretly packing gaming hardware.',
    "This sleeper looks like it should be running spreadsheets in a dentist's office, which is exactly the point.",
    "Undercover PC alert: this plain-looking box is hiding a gamer's soul, and I'm here to blow its cover.",
  ],
  /** The photo shows no PC at all. */
  'not-a-pc': [
    "I've been asked to roast a PC build, and this photo has gone out of its way to not show one.",
    "Great photo, lovely composition, just one small issue: I can't find the gaming PC anywhere.",
    "This is a bold submission to a PC roasting site, mostly because I'm not sure it's a PC.",
    'Somebody uploaded a mystery, and the mystery is where the computer went.',
  ],
};
