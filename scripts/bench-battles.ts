// `npm run bench:battles`: what the Rig Battles model costs at scale (docs/performance.md,
// docs/decisions/027-rig-battles.md). A generated field (--builds, 100 000 by default) with
// --votes (2 000 000) from --voters (50 000) members, 80 % of them on pairs close in true
// strength and 20 % on random pairs, as choosePair serves them. Times the refit the job
// runs (capInfluence + fitStrengths, cold and from the last fit with 1 % new votes),
// pairPool, and choosePair per call (p50/p99 over --calls, 100 000).
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer } from 'vite';
import type * as battlesModule from '../app/domain/battles';
import type * as simulationModule from '../tests/support/battle-simulation';

const { values: args } = parseArgs({
  options: {
    builds: { type: 'string', default: '100000' },
    votes: { type: 'string', default: '2000000' },
    voters: { type: 'string', default: '50000' },
    calls: { type: 'string', default: '100000' },
  },
});
const builds = Number(args.builds);
const voteCount = Number(args.votes);
const voters = Number(args.voters);
const calls = Number(args.calls);

// App modules use the `~/` alias, so they are loaded through Vite.
const root = fileURLToPath(new URL('..', import.meta.url));
const vite = await createServer({ root, server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn' });
const { capInfluence, choosePair, fitStrengths, pairKey, pairPool } = (await vite.ssrLoadModule(
  '/app/domain/battles/index.ts',
)) as typeof battlesModule;
const { seededRandom } = (await vite.ssrLoadModule('/tests/support/battle-simulation.ts')) as typeof simulationModule;

const random = seededRandom(44);
const ids = Array.from({ length: builds }, (_, index) => index + 1);
const truth = ids.map(() => 1.5 * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()));
const byTruth = [...ids].sort((a, b) => truth[a - 1]! - truth[b - 1]!);
function makeVotes(count: number): battlesModule.BattleVote[] {
  return Array.from({ length: count }, () => {
    const at = Math.floor(random() * builds);
    const near = random() < 0.8;
    let other = near ? Math.min(builds - 1, Math.max(0, at + Math.round((random() - 0.5) * 100))) : Math.floor(random() * builds);
    if (other === at) other = at === 0 ? 1 : at - 1;
    const [first, second] = [byTruth[at]!, byTruth[other]!];
    const p = 1 / (1 + Math.exp(truth[second - 1]! - truth[first - 1]!));
    return { voterId: 1 + Math.floor(random() * voters), first, second, outcome: random() < p ? 'first' : 'second' };
  });
}
const votes = makeVotes(voteCount);

// CPU time as well as wall time: on a shared machine the wall clock counts other work too.
const cpu = { ms: 0 };
function timed<T>(run: () => T): [T, number] {
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(startedCpu);
  cpu.ms = (used.user + used.system) / 1000;
  return [result, performance.now() - started];
}
const seconds = (wallMs: number, cpuMs: number) => `${(cpuMs / 1000).toFixed(2)} s CPU (${(wallMs / 1000).toFixed(2)} s wall)`;

const [weighted, capMs] = timed(() => capInfluence(votes));
const capCpu = cpu.ms;
const [cold, coldMs] = timed(() => fitStrengths(ids, weighted));
const coldCpu = cpu.ms;
votes.push(...makeVotes(voteCount / 100));
const warmStart = new Map(cold.map((strength) => [strength.buildId, strength.estimate]));
const [warm, warmMs] = timed(() => fitStrengths(ids, capInfluence(votes), warmStart));
const warmCpu = cpu.ms;
const [pool, poolMs] = timed(() => pairPool(warm));
const poolCpu = cpu.ms;

// A member who owns three builds and has voted on 500 pairs, asked as a route would: a Set of pair keys.
const excluded = new Set([ids[10]!, ids[500]!, ids[90_000 % builds]!]);
const seen = new Set<string>();
while (seen.size < 500) {
  const pair = choosePair(pool, { excluded, seen: () => false }, random);
  if (pair) seen.add(pairKey(...pair).join());
}
const voter = { excluded, seen: (a: number, b: number) => seen.has(`${a},${b}`) };
const samples: number[] = [];
for (let call = 0; call < calls; call++) {
  const started = performance.now();
  choosePair(pool, voter, random);
  samples.push(performance.now() - started);
}
samples.sort((a, b) => a - b);
const at = (share: number) => samples[Math.min(samples.length - 1, Math.ceil(share * samples.length) - 1)]!;
await vite.close();

console.log(`\n${builds} builds, ${voteCount} votes from ${voters} members (then 1 % more for the warm refit).\n`);
console.log('| step | time |');
console.log('|---|---:|');
console.log(`| capInfluence | ${seconds(capMs, capCpu)} |`);
console.log(`| fitStrengths, cold | ${seconds(coldMs, coldCpu)} |`);
console.log(`| capInfluence + fitStrengths from the last fit, 1 % more votes | ${seconds(warmMs, warmCpu)} |`);
console.log(`| pairPool | ${seconds(poolMs, poolCpu)} |`);
console.log(`| choosePair p50 / p99 (${calls} calls) | ${(at(0.5) * 1000).toFixed(1)} / ${(at(0.99) * 1000).toFixed(1)} µs |`);
