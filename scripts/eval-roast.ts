// `npm run eval:roast`: the roaster's advice and replies judged over generated builds
// (issue 42; scripts/roast-faults.ts). Prints each count of faults and exits 1 when any
// is above zero. Options: --builds N (default 240), --examples N (print up to N of each), --json.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer } from 'vite';
import type * as faultsModule from './roast-faults';

const { values: args } = parseArgs({
  options: {
    builds: { type: 'string', default: '240' },
    examples: { type: 'string', default: '0' },
    json: { type: 'boolean', default: false },
  },
});
const count = Number(args.builds);
if (!Number.isInteger(count) || count < 1) throw new Error('--builds must be a whole number of at least 1');

const root = fileURLToPath(new URL('..', import.meta.url));
// App modules use the `~/` alias, so they are loaded through Vite.
const vite = await createServer({
  root,
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  appType: 'custom',
  logLevel: 'warn',
});
try {
  const faults = (await vite.ssrLoadModule('/scripts/roast-faults.ts')) as typeof faultsModule;
  const report = faults.countFaults(faults.writeAll(faults.generateBuilds(count)), Number(args.examples) || 3);
  if (args.json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    console.log(`\nFaults in the built-in roaster's roasts, advice and replies over ${report.builds} generated builds:\n`);
    console.log('| fault | count |');
    console.log('|---|---:|');
    for (const [kind, n] of Object.entries(report.counts)) console.log(`| ${kind} | ${n} |`);
    if (Number(args.examples) > 0) {
      for (const [kind, list] of Object.entries(report.examples)) for (const example of list) console.log(`\n  ${kind}: ${example}`);
    }
  }
  process.exitCode = Object.values(report.counts).some((n) => n > 0) ? 1 : 0;
} finally {
  await vite.close();
}
