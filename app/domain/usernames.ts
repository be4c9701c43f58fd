// Words for auto-generated usernames (NeonPhantom4821): gamer-flavoured, never rude.
const adjectives = [
  'Neon',
  'Turbo',
  'Pixel',
  'Quantum',
  'Shadow',
  'Crimson',
  'Frost',
  'Hyper',
  'Cyber',
  'Plasma',
  'Silent',
  'Molten',
  'Rapid',
  'Cosmic',
  'Lunar',
  'Static',
  'Atomic',
  'Voltage',
  'Blazing',
  'Chrome',
  'Arctic',
  'Nova',
  'Glitch',
  'Overclocked',
  'Liquid',
  'Stealth',
  'Radiant',
  'Solar',
  'Binary',
  'Prism',
];
const nouns = [
  'Phantom',
  'Raptor',
  'Falcon',
  'Titan',
  'Wraith',
  'Viper',
  'Golem',
  'Ranger',
  'Nomad',
  'Specter',
  'Knight',
  'Dragon',
  'Comet',
  'Cipher',
  'Kraken',
  'Reaper',
  'Hawk',
  'Rogue',
  'Sentinel',
  'Wolf',
  'Pilot',
  'Forge',
  'Vector',
  'Reactor',
  'Rig',
  'Cooler',
  'Core',
  'Circuit',
  'Beacon',
  'Striker',
];

/** A random name ending in four digits, the mark of a name the member has not chosen yet. */
export function generateUsername(random: () => number = Math.random): string {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const digits = String(Math.floor(random() * 10_000)).padStart(4, '0');
  return `${pick(adjectives)}${pick(nouns)}${digits}`;
}

/** Names ending in four digits were generated; their owners are asked to choose one (docs/product.md §2). */
export function isGeneratedUsername(username: string): boolean {
  return /\d{4}$/.test(username);
}

/** How usernames compare: the same name whatever its case or Unicode form. */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}

/**
 * Names only the site itself may use: the AI that writes the roasts and its
 * staff. Compared by skeleton (below), so look-alikes are refused too.
 */
const RESERVED_NAMES = ['RoastBot', 'RigRoast', 'admin', 'administrator', 'moderator', 'support', 'staff'];

/**
 * Characters that read as another one: digits that pass for letters, and the
 * Cyrillic and Greek letters that look like Latin ones (after lower-casing).
 * A compact table after Unicode's confusables list (UTS #39), limited to what
 * can make a Latin name; letters that differ only by an accent are handled by
 * removing the accent.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Digits and Latin letters that pass for one another. I, l, 1 and | all read as "l".
  '0': 'o',
  '1': 'l',
  i: 'l',
  '|': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  // Cyrillic.
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'l',
  ј: 'j',
  ԁ: 'd',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  ѵ: 'v',
  ӏ: 'l',
  п: 'n',
  // Greek.
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'l',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  // Latin letters from other alphabets' blocks.
  ı: 'l',
  ɡ: 'g',
  ɑ: 'a',
  ʀ: 'r',
};

/** Letter pairs that read as one letter in most fonts. */
const LOOK_ALIKE_PAIRS: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

/**
 * What a name looks like, for telling look-alikes apart: Unicode-normalised
 * (NFKC), lower-cased, accents removed, each character mapped to the Latin
 * letter it passes for, separators and repeated letters dropped. "R0ast_B0t",
 * "ro.astbot" and "Rоastbot" (Cyrillic о) all become "roastbot".
 */
export function usernameSkeleton(username: string): string {
  const plain = username.normalize('NFKC').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  let skeleton = [...plain].map((character) => LOOK_ALIKES[character] ?? character).join('');
  skeleton = skeleton.replace(/[^\p{L}\p{N}]/gu, '');
  for (const [pair, letter] of LOOK_ALIKE_PAIRS) skeleton = skeleton.replace(pair, letter);
  return skeleton.replace(/(.)\1+/gu, '$1');
}

const reservedSkeletons = RESERVED_NAMES.map(usernameSkeleton);
const AI_NAME = usernameSkeleton('RoastBot');

/**
 * Whether a name would pass for the AI or the staff: it looks like a reserved
 * name, alone or with a number after it ("Admin2"), or it has the AI's name in
 * it at all ("TheRoastBot").
 */
export function isReservedUsername(username: string): boolean {
  const withoutNumber = username.trim().replace(/[\s_.-]*\d+$/u, '');
  const skeletons = [usernameSkeleton(username), usernameSkeleton(withoutNumber)];
  return skeletons.some((skeleton) => reservedSkeletons.includes(skeleton) || skeleton.includes(AI_NAME));
}
