// `npm run bench:litefs`: RigRoast on two real LiteFS nodes (issue 17), A the
// primary and B its replica, both on this machine (tests/support/litefs-cluster.ts).
// 1. Page render req/s for a signed-in member (no page cache) on the same build page, on A and on B.
// 2. Replication lag: from the answer to a comment posted on A to B's `<db>-pos` reaching it.
// 3. A 5 MB upload posted to B (forwarded to A) against the same posted to A directly.
// 4. A photo B lacks: its first fetch (B copies it from A) and its second (B's own copy).
// Needs root (FUSE) and the LiteFS binary (LITEFS_BIN, else ../shared/tools/litefs/litefs).
// Options: --duration S (per page run), --connections N, --samples N, --json.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createServer } from 'vite';
import type * as clusterModule from '../tests/support/litefs-cluster';
import type * as uploadsModule from '../tests/support/uploads';
import type * as litefsModule from '../app/services/litefs.server';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    samples: { type: 'string', default: '20' },
    json: { type: 'boolean', default: false },
  },
});
const samples = Number(args.samples);
const root = fileURLToPath(new URL('..', import.meta.url));

if (!existsSync(join(root, 'build/server/index.js'))) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// The test helpers use the `~/` alias: loaded through Vite.
const vite = await createServer({ root, server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn' });
const { startLiteFsCluster, liteFsUnavailable } = (await vite.ssrLoadModule('/tests/support/litefs-cluster.ts')) as typeof clusterModule;
const { paddedPhoto, uploadBuild } = (await vite.ssrLoadModule('/tests/support/uploads.ts')) as typeof uploadsModule;
const { databasePosition } = (await vite.ssrLoadModule('/app/services/litefs.server.ts')) as typeof litefsModule;
await vite.close();

const unavailable = liteFsUnavailable();
if (unavailable) {
  console.error(unavailable);
  process.exit(1);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number) => Math.round(value * 10) / 10;
const elapsed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

console.error('Starting two LiteFS nodes and a server on each…');
const cluster = await startLiteFsCluster();
try {
  const { primary, replica } = cluster;
  const owner = await cluster.member(primary);
  const photo = await paddedPhoto(5 * 1024 * 1024);
  const file = { bytes: photo, name: 'rig.jpg', type: 'image/jpeg' };
  const first = await uploadBuild(owner, { title: 'Bench rig', file });
  const buildPath = first.url;

  // 1. The same page for the same signed-in member on each node.
  const member = await cluster.member(replica);
  const pages: Record<string, { requestsPerSecond: number; p50Ms: number; p99Ms: number }> = {};
  for (const [name, app] of [
    ['primary', primary],
    ['replica', replica],
  ] as const) {
    console.error(`Rendering ${buildPath} on the ${name} for ${args.duration} s…`);
    const result = await autocannon({
      url: `${app.origin}${buildPath}`,
      connections: Number(args.connections),
      duration: Number(args.duration),
      headers: { cookie: member.cookieHeader(), 'accept-encoding': 'br' },
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    pages[name] = { requestsPerSecond: round(result.requests.average), p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
  }

  // 2. Replication lag, comment by comment.
  console.error('Measuring replication lag…');
  const lags: number[] = [];
  for (let index = 0; index < samples; index++) {
    const onPrimary = member.on(primary);
    await onPrimary.request(buildPath, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'comment', form: 'comment-new', content: `Lag probe ${index}` }),
      headers: { Origin: primary.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const answered = performance.now();
    const wanted = Number.parseInt(member.cookies.get('rigroast_txid') ?? '', 16);
    if (!Number.isSafeInteger(wanted)) throw new Error('The write on the primary carried no position');
    while ((databasePosition(cluster.nodes.b.fuseDir, join(cluster.nodes.b.fuseDir, 'sqlite.db')) ?? 0) < wanted) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    lags.push(performance.now() - answered);
  }

  // 3. A 5 MB upload through the replica (forwarded) and straight to the primary.
  console.error('Uploading 5 MB photos…');
  const uploads = { forwarded: [] as number[], direct: [] as number[] };
  for (let index = 0; index < 5; index++) {
    uploads.forwarded.push(await elapsed(() => uploadBuild(owner.on(replica), { title: `Forwarded ${index}`, file })));
    uploads.direct.push(await elapsed(() => uploadBuild(owner.on(primary), { title: `Direct ${index}`, file })));
  }

  // 4. Photos the replica has not served yet: the first copy comes from the primary.
  console.error('Fetching photos the replica lacks…');
  const fetches = { first: [] as number[], second: [] as number[] };
  for (let index = 0; index < 5; index++) {
    const page = await uploadBuild(owner.on(primary), {
      title: `Fresh ${index}`,
      file: { ...file, bytes: await paddedPhoto(1024 * 1024 + index) },
    });
    // Right after an upload the page offers the first JPEG; the other formats follow from a job.
    const src = /\/uploads\/images\/[0-9a-f]{64}\.(?:avif|webp|jpg)/.exec(page.html)?.[0];
    if (!src) throw new Error('No photo on the build page');
    for (const which of ['first', 'second'] as const) {
      fetches[which].push(
        await elapsed(async () => {
          const response = await fetch(`${replica.origin}${src}`);
          if (!response.ok) throw new Error(`${src} on the replica: ${response.status}`);
          await response.arrayBuffer();
        }),
      );
    }
  }

  const report = {
    pages,
    replicationLagMs: { median: round(median(lags)), max: round(Math.max(...lags)), samples: lags.length },
    upload5MbMs: { forwardedMedian: round(median(uploads.forwarded)), directMedian: round(median(uploads.direct)) },
    missingPhotoMs: { firstMedian: round(median(fetches.first)), secondMedian: round(median(fetches.second)) },
  };
  if (args.json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(`Build page, signed in, ${args.connections} connections:`);
    for (const [name, page] of Object.entries(pages))
      console.log(`  ${name.padEnd(8)} ${page.requestsPerSecond} req/s, p50 ${page.p50Ms} ms, p99 ${page.p99Ms} ms`);
    console.log(
      `Replication lag: median ${report.replicationLagMs.median} ms, max ${report.replicationLagMs.max} ms over ${lags.length} comments`,
    );
    console.log(
      `5 MB upload: through the replica ${report.upload5MbMs.forwardedMedian} ms, to the primary ${report.upload5MbMs.directMedian} ms (medians of 5)`,
    );
    console.log(
      `Missing photo on the replica: first fetch ${report.missingPhotoMs.firstMedian} ms, second ${report.missingPhotoMs.secondMedian} ms (medians of 5)`,
    );
  }
} finally {
  await cluster.stop();
}
