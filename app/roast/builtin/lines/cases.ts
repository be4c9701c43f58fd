/*
 * Body lines about the case, one group per family in the catalogue and `other`
 * for anything it does not know ("large triple-fan graphics card"). Every line
 * names the part: `{case}`, or `{a:case}` for "a"/"an" and the part.
 */
import type { CaseFamily } from '../catalogue';

export const CASE_LINES: Record<CaseFamily | 'other', readonly string[]> = {
  'lian-li-o11': [
    'The {case}, the fishbowl that launched a thousand identical builds, and this one is proudly among them.',
    'Ah, {a:case}, because apparently every build on the internet is legally required to live in one.',
    'That {case} is basically a glass aquarium for hardware, which means every cable sin is on full display.',
    "Picking {a:case} means wanting every component on show, so I'm going to take a very close look at all of them.",
    'The {case} has so much glass it needs a window cleaner on retainer and a strict no-fingerprints policy.',
  ],
  'lian-li-lancool': [
    "The {case} is the airflow-first choice, which means someone actually read the reviews, and that's suspiciously responsible.",
    'Ah, {a:case}, a smart mid-tower with mesh and handy features, the Swiss army knife of cases.',
    'That {case} has everything a builder could want, which leaves this roast nothing to blame but the contents.',
    'Going with {a:case} is peak value hunting, so the real question is where all the savings went.',
    'The {case} breathes better than a gamer during a clutch round, and it shows in the temperatures.',
  ],
  'nzxt-h': [
    'The {case} is the clean, minimalist box of choice, like a design store that got into gaming.',
    'Ah, {a:case}, the case for anyone who believes a single cable cover can change a life, and honestly it might.',
    'That {case} has the sleek look of a luxury fridge and, depending on the model, the airflow of one too.',
    "Choosing {a:case} says 'I like my PC tidy, minimal and controlled by an app'.",
    'The {case} is so clean-looking it makes every other component look like it forgot to iron its shirt.',
  ],
  'fractal-north': [
    'The {case} has real wood on the front, so this PC is technically furniture and should come with a coaster.',
    'Ah, {a:case}, the gaming PC that wants to be a mid-century sideboard when it grows up.',
    'That {case} has a wooden front panel, which makes this the only build here that could appear in an interior design magazine.',
    "Picking {a:case} means the PC matches the bookshelf, the most grown-up gaming decision I've ever seen.",
    'The {case} brings Scandinavian cabin vibes, as if the graphics card is about to serve cinnamon buns.',
  ],
  'fractal-meshify': [
    'The {case} has that angular mesh front that looks like a sci-fi cheese grater, with airflow to match.',
    'Ah, {a:case}, the case every airflow nerd recommends, usually with a chart to prove it.',
    'That {case} breathes through a faceted mesh front like a stealth jet with a fan obsession.',
    "Going with {a:case} says 'I care about thermals', which means I'll be checking whether the fans agree.",
    "The {case} is a modern classic, so any flaws in this build are definitely not the case's fault.",
  ],
  'fractal-define': [
    'The {case} is the silent librarian of cases, all sound-dampening panels, shushing every fan inside.',
    'Ah, {a:case}, for gamers who want their PC to be seen but absolutely not heard.',
    'That {case} is so quiet you can hear the coil whine having an existential crisis.',
    'Picking {a:case} means choosing noise-dampening foam over airflow, like a recording studio that plays games.',
    'The {case} looks like a serious office machine, which is the perfect disguise for a gaming habit.',
  ],
  'fractal-torrent': [
    'The {case} moves so much air it could keep a wind turbine spinning on a calm day.',
    'Ah, {a:case}, with those massive front fans, basically a leaf blower wearing a tuxedo.',
    'That {case} has airflow so aggressive that the dust filters have filed a complaint.',
    'Choosing {a:case} means excellent temperatures and loose paperwork on the desk in constant danger of take-off.',
    'The {case} is the airflow champion, which is great, because whatever is inside clearly needs a breather.',
  ],
  fractal: [
    "The {case} is Fractal's friendly option, a sensible box with a bit of style and no drama.",
    'Ah, {a:case}, solid Scandinavian design on a budget, like flat-pack furniture that happens to game.',
    'That {case} is the understated choice, so the components will have to do all the bragging.',
    'With {a:case} wrapped around this build, at least the outside is tasteful, whatever happens inside.',
  ],
  'corsair-4000d': [
    'The {case} is one of the most popular mid-towers on the planet, which means this build has a thousand twins on every forum.',
    'Ah, {a:case}, the family hatchback of PC cases: reliable, sensible and spotted on every street.',
    'That {case} is such a safe choice that even the case reviewers have run out of things to say about it.',
    'Picking {a:case} means wanting a case that just works, which leaves the components to be the interesting part.',
    "The {case} is the default answer to 'what case should I buy', and this build answered it confidently.",
  ],
  'corsair-5000d': [
    'The {case} is so roomy it could fit a second PC, a mini fridge and the box the graphics card came in.',
    "Ah, {a:case}, the big sibling of the 4000D, for anyone who looked at a mid-tower and said 'needs more tower'.",
    'That {case} has radiator mounts everywhere, so any empty spots are quietly judging the build.',
    'Choosing {a:case} gives this build plenty of room to breathe and plenty of room for cable crimes to hide.',
    'The {case} is the luxury apartment of cases, with spacious interiors and a view through tempered glass.',
  ],
  corsair: [
    'The {case} is Corsair through and through, which means iCUE is probably running in the background with opinions.',
    'Ah, {a:case}, a solid Corsair box with enough glass to show off every questionable cable.',
    "That {case} looks sharp, and it's only fair to warn it that the components are about to bring down the average.",
    'With {a:case} around it, this build has the kind of brand loyalty that deserves a points card.',
  ],
  'hyte-y': [
    'The {case} is a panoramic glass showcase, the kind of PC displayed like a jewellery store window.',
    'Ah, {a:case}, for anyone who wanted a fishbowl but felt ordinary fishbowls lacked ambition.',
    "That {case} has so much wraparound glass it's basically an aquarium with a graphics card for a fish.",
    'Choosing {a:case} makes the vertical GPU the star of the show, so the card had better be ready for its close-up.',
    'The {case} is a pure showpiece, which means signing up for a lifetime of wiping fingerprints off glass.',
  ],
  phanteks: [
    "The {case} is the enthusiast's choice, built for people who have opinions about fan hubs.",
    'Ah, {a:case}, the sort of case picked after watching at least three hours of case reviews.',
    'That {case} is well engineered and quietly excellent, so the case is off the hook and the parts are on it.',
    "Going with {a:case} says build quality matters, so let's see if the build quality matches.",
    "The {case} has clever cable routing built in, so there's no excuse for anything messy in there.",
  ],
  'cooler-master': [
    'The {case} is a Cooler Master classic, and like all classics, it comes with some lore attached.',
    'Ah, {a:case}, from the brand that named itself after cooling and then made some very handsome boxes.',
    "That {case} has seen a lot of builds in its time, and it's too polite to say which ones were better.",
    'Choosing {a:case} means liking a case with a bit of personality, which this build has in spades.',
    'The {case} is holding everything together with the dignity of a bouncer at a LAN party.',
  ],
  sff: [
    'The {case} is tiny, which means every component in there is sharing a very hot, very cramped lift.',
    'Ah, {a:case}, the small form factor flex, where building took a whole weekend and most of the patience in the house.',
    'That {case} is so compact that the cable management was less a choice and more an act of origami.',
    'Fitting a gaming PC into {a:case} is like packing for a two-week holiday in a single carry-on bag.',
    'The {case} is small enough to take to a LAN party and warm enough to heat the snacks once it gets there.',
  ],
  other: [
    'The {case} holds this whole thing together, and it has seen things no case should have to see.',
    "There's {a:case} wrapped around this build, doing its best to look cooler than its contents.",
    'That {case} is the box that holds the dream, and today the dream is under review.',
    'With {a:case} in charge of containment, this build is at least contained, which is a start.',
    'The {case} was clearly chosen with care, which makes the rest of this roast a bit awkward for everyone.',
  ],
};
