// Words for auto-generated usernames (NeonPhantom4821): gamer-flavoured, never rude.
const adjectives = [
  'Neon', 'Turbo', 'Pixel', 'Quantum', 'Shadow', 'Crimson', 'Frost', 'Hyper', 'Cyber', 'Plasma',
  'Silent', 'Molten', 'Rapid', 'Cosmic', 'Lunar', 'Static', 'Atomic', 'Voltage', 'Blazing', 'Chrome',
  'Arctic', 'Nova', 'Glitch', 'Overclocked', 'Liquid', 'Stealth', 'Radiant', 'Solar', 'Binary', 'Prism',
];
const nouns = [
  'Phantom', 'Raptor', 'Falcon', 'Titan', 'Wraith', 'Viper', 'Golem', 'Ranger', 'Nomad', 'Specter',
  'Knight', 'Dragon', 'Comet', 'Cipher', 'Kraken', 'Reaper', 'Hawk', 'Rogue', 'Sentinel', 'Wolf',
  'Pilot', 'Forge', 'Vector', 'Reactor', 'Rig', 'Cooler', 'Core', 'Circuit', 'Beacon', 'Striker',
];

/** A random name ending in four digits, the mark of a name the member has not chosen yet. */
export function generateUsername(random: () => number = Math.random): string {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const digits = String(Math.floor(random() * 10_000)).padStart(4, '0');
  return `${pick(adjectives)}${pick(nouns)}${digits}`;
}

/** Names ending in four digits were generated; their owners are asked to choose one (spec §2). */
export function isGeneratedUsername(username: string): boolean {
  return /\d{4}$/.test(username);
}

/** How usernames compare: the same name whatever its case or Unicode form. */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}
