// `npm run sim:battles`: the Rig Battles simulation (tests/support/battle-simulation.ts,
// docs/decisions/027-rig-battles.md). 200 builds with true strengths N(0, 1.5^2), voters who
// pick a side with the Bradley-Terry probability; Kendall's tau of the ranking against the
// truth after 15 and 40 votes a build, for the site's pair choice (refit every 100 votes)
// and for plain maximum likelihood on random pairs, averaged over seeds; then a ring of 5
// accounts voting 300 times for one weak build. Options: --seeds N (32), --rings N (4).
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer } from 'vite';
import type * as simulationModule from '../tests/support/battle-simulation';

const { values: args } = parseArgs({
  options: { seeds: { type: 'string', default: '32' }, rings: { type: 'string', default: '4' } },
});
const seeds = Array.from({ length: Number(args.seeds) }, (_, index) => index + 1);
const ringSeeds = Array.from({ length: Number(args.rings) }, (_, index) => index + 1);

// The model uses the `~/` alias, so it is loaded through Vite.
const root = fileURLToPath(new URL('..', import.meta.url));
const vite = await createServer({ root, server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn' });
const { simulateBattles, simulateRing } = (await vite.ssrLoadModule('/tests/support/battle-simulation.ts')) as typeof simulationModule;

const started = performance.now();
const runs = seeds.map((seed) => simulateBattles({ seed }));
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const spread = (values: number[]) => `${mean(values).toFixed(3)} (${Math.min(...values).toFixed(3)}-${Math.max(...values).toFixed(3)})`;

console.log(`\nKendall's tau against the truth, mean (min-max) over ${seeds.length} seeds:\n`);
console.log(
  '| votes a build (votes) | chosen pairs, by estimate | chosen pairs, by conservative score | random pairs, plain ML | random pairs, MAP |',
);
console.log('|---|---:|---:|---:|---:|');
runs[0]!.forEach((checkpoint, index) => {
  const column = (pick: (run: simulationModule.Checkpoint) => number) => spread(runs.map((run) => pick(run[index]!)));
  console.log(
    `| ${checkpoint.votesPerBuild} (${checkpoint.votes}) | ${column((c) => c.chosen.estimate)} | ${column((c) => c.chosen.conservative)} | ${column((c) => c.randomMl.estimate)} | ${column((c) => c.randomMap.estimate)} |`,
  );
});

console.log(
  `\nA ring of 5 accounts voting 300 times for the build at the 10th percentile, among 4000 ordinary votes (places by conservative score, 1 = top):\n`,
);
console.log('| ring | seed | without the ring | with it, capped | with it, not capped |');
console.log('|---|---:|---:|---:|---:|');
for (const [cover, label] of [
  [0, 'skips every other pair'],
  [4, 'also votes on 4 other pairs per ring vote'],
  [14, 'also votes on 14 other pairs per ring vote'],
] as const) {
  for (const seed of ringSeeds) {
    const ring = simulateRing({ seed, cover });
    console.log(`| ${label} | ${seed} | ${ring.without.conservative} | ${ring.capped.conservative} | ${ring.uncapped.conservative} |`);
  }
}
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
await vite.close();
