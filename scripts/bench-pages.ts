// `npm run bench:pages`: how fast the server renders its busiest pages with 50 000
// builds, next to a static file of similar size served by the same server (the
// ceiling): for a signed-out visitor (the page cache), one whose session cookie has
// expired (a guest, served the stored page with the cookie cleared), and a real member signed in through the e-mailed code
// (their page kept for them, and rendered for them on every request). Prints
// requests/s, p50/p99 latency, and the server's CPU time, minor page faults and collections' pause per
// response at 50 connections, cold start, and the server's RSS after each phase. Options: --builds N, --duration S, --connections N, --data DIR,
// --port N, --app DIR (another checkout's build/, e.g. to measure "before" figures),
// --server-cpus LIST (the server's CPUs, as taskset takes them, e.g. 0: a one-core server
// whose load generator cannot take its time; run the bench itself on the others).
import { rmSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchDataAndHelpers, root, startBenchServer } from '#scripts/bench-node';
import { backgroundSettled } from '#tests/support/background';
import { ensureBuilt } from '#scripts/server-process';

const { values: args } = parseArgs({
  options: {
    builds: { type: 'string', default: '50000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    // Keeps the filled database in this folder and reuses it on the next run.
    data: { type: 'string' },
    port: { type: 'string', default: '4870' },
    // The checkout whose build/ is measured; the data and the helpers come from this one.
    app: { type: 'string' },
    'server-cpus': { type: 'string' },
  },
});
const pinned = args['server-cpus'];
const pinnedNote = pinned ? `, server on CPUs ${pinned}` : '';
const appRoot = resolve(args.app ?? root);
const port = Number(args.port);

ensureBuilt(appRoot);
console.log(
  `bench:pages: build ${join(appRoot, 'build')}, ${args.builds} builds, ${args.connections} connections, ${args.duration} s per target, port ${port}${pinnedNote}.`,
);

const { data, helpers } = await benchDataAndHelpers(Number(args.builds), args.data);
const { Browser, signInWithCode, startSmtpSink, processMemory, endedSessionCookieFor } = helpers;
const target = data.target;

// The member's sign-in code arrives here, as it would in their mailbox.
const sink = await startSmtpSink();
const {
  origin,
  pid: serverPid,
  coldStartMs,
  sessionSecret,
  cpuMs: serverCpuMs,
  minorFaults: serverFaults,
  gcMs: serverGcMs,
  stop,
} = await startBenchServer({
  appRoot,
  data,
  port,
  cpus: pinned,
  env: { SMTP_URL: sink.url },
});

const pages = ['/', '/gallery', `/build/${target.buildId}`];
// A session cookie the server signed whose session is over: made-up values are no cookie of
// the site's, and get the page cache's answer.
const EXPIRED_SESSION = await endedSessionCookieFor(sessionSecret);

// Each page's ceiling: the same HTML written to a file, served by the same server's
// static middleware (compressed per response, as any static file without a precompressed copy):
// the build's public files, since /uploads serves only the uploads the database names. Removed on exit.
const ceilingFiles = pages.map((_path, index) => join(appRoot, 'build/client', `bench-static-${index}.html`));
process.on('exit', () => {
  for (const file of ceilingFiles) rmSync(file, { force: true });
});
for (const [index, path] of pages.entries()) {
  const html = await (await fetch(`${origin}${path}`)).text();
  await writeFile(ceilingFiles[index]!, html);
}

/** A Cookie header, or one made for each request. */
type Cookies = string | (() => string);

async function measure(path: string, duration: number, cookie?: Cookies) {
  // What Chrome, Edge and Firefox send.
  const headers = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html,image/avif,*/*' };
  const result = await autocannon({
    url: `${origin}${path}`,
    connections: Number(args.connections),
    duration,
    // A loaded machine answers slowly, not wrongly: a slow answer is measured, not dropped at autocannon's 10 s.
    timeout: 60,
    headers: typeof cookie === 'string' ? { ...headers, cookie } : headers,
    ...(typeof cookie === 'function'
      ? { requests: [{ setupRequest: (request) => ({ ...request, headers: { ...headers, cookie: cookie() } }) }] }
      : {}),
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result;
}

async function rssMb(): Promise<number> {
  return Math.round((await processMemory(serverPid)).rssMb);
}
const rssAfter: [phase: string, mb: number][] = [['start', await rssMb()]];

// A real member: signed in through the e-mailed code, as one of the members who rated
// builds, a different one each run (a kept database remembers the sign-in limits).
const member = new Browser({
  origin,
  fetch: (path: string, init?: RequestInit) => fetch(`${origin}${path}`, { redirect: 'manual', ...init }),
} as never);
const memberIndex = 1 + (Math.floor(Date.now() / 1000) % 1999);
const memberName = `bench_member_${memberIndex}`;
await signInWithCode(member, sink, `member${memberIndex}@bench.example`);
for (const path of pages) {
  // Any cookie a page sets on the way (the member's first visit) is kept, as a browser would.
  const page = await member.get(path);
  if (page.status !== 200 || !page.html.includes(memberName)) throw new Error(`${path} did not answer the signed-in member`);
}
const memberCookie = member.cookieHeader();
// The member's page is kept for them (page-cache.ts), keyed by the site's cookies they
// send: a made-up pending-upload cookie, new each request and read by none of these pages,
// has it rendered for them every time, as their first view of a page after a write is (a
// Cookie header not seen before also has the session's signature checked: about 0.05 ms).
let renderings = 0;
const memberRendered = () => `${memberCookie}; rr_pending_upload=bench-${++renderings}`;
for (const path of pages) {
  for (let visit = 0; visit < 2; visit++) {
    const answer = await fetch(`${origin}${path}`, { headers: { cookie: memberRendered() } });
    if (answer.headers.get('x-page-cache') || !(await answer.text()).includes(memberName))
      throw new Error(`${path} was not rendered for the member`);
  }
}

// Warm: every page served a thousand times from the cache and three hundred times rendered for each kind of visitor.
for (const path of pages) {
  await autocannon({ url: `${origin}${path}`, connections: 10, amount: 1000 });
  await autocannon({ url: `${origin}${path}`, connections: 10, amount: 300, headers: { cookie: EXPIRED_SESSION } });
  await autocannon({ url: `${origin}${path}`, connections: 10, amount: 300, headers: { cookie: memberCookie } });
  await measure(path, 1, memberRendered);
}
await backgroundSettled(data.databasePath);
const warmRss = await rssMb();
rssAfter.push(['warm-up', warmRss]);

type Row = { name: string; rps: number; p50: number; p99: number; kb: number; cpuMs: number; faults: number; gcMs: number };
async function run(name: string, path: string, cookie?: Cookies): Promise<Row> {
  await measure(path, 2, cookie);
  // The scrape first and last, so that its own work is not counted in the phase's CPU.
  const gcBefore = await serverGcMs();
  const [cpuBefore, faultsBefore] = [await serverCpuMs(), await serverFaults()];
  const result = await measure(path, Number(args.duration), cookie);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    kb: result.throughput.average / result.requests.average / 1024,
    cpuMs: ((await serverCpuMs()) - cpuBefore) / result.requests.total,
    faults: ((await serverFaults()) - faultsBefore) / result.requests.total,
    gcMs: ((await serverGcMs()) - gcBefore) / result.requests.total,
  };
}

// The site's own cookies send a visitor past everyone's pages (another site's do not, nor a
// session that is over: its visitor is a guest); a member's pages are theirs, kept for
// them or rendered for them.
const rows: { page: Row; cookie: Row; member: Row; rendered: Row; ceiling: Row }[] = [];
for (const [index, path] of pages.entries()) {
  rows.push({
    ceiling: await run(`static copy of ${path}`, `/bench-static-${index}.html`),
    page: await run(`${path} signed out`, path),
    cookie: await run(`${path} signed out, expired session cookie`, path, EXPIRED_SESSION),
    member: await run(`${path} signed-in member`, path, memberCookie),
    rendered: await run(`${path} signed-in member, rendered for them`, path, memberRendered),
  });
  rssAfter.push([path, await rssMb()]);
}
const image = await run('image variant (640w AVIF)', target.imagePath);
const stressedRss = await rssMb();
rssAfter.push(['image', stressedRss]);
stop();
await sink.stop();
if (!args.data) await rm(data.dir, { recursive: true, force: true });

console.log(
  `\n${args.builds} builds, ${args.connections} connections, ${args.duration} s per target (after a 2 s warm-up), gzip/br/zstd accepted; build ${join(appRoot, 'build')}${pinnedNote}.\n`,
);
console.log(
  '| target | requests/s | of its static copy | p50 ms | p99 ms | KB/response | server CPU ms/response | page faults/response | collections ms/response |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
const line = (row: Row, share: string) =>
  console.log(
    `| ${row.name} | ${Math.round(row.rps)} | ${share} | ${row.p50} | ${row.p99} | ${row.kb.toFixed(1)} | ${row.cpuMs.toFixed(2)} | ${row.faults.toFixed(1)} | ${row.gcMs.toFixed(2)} |`,
  );
for (const { page, cookie, member: signedIn, rendered, ceiling } of rows) {
  line(ceiling, '100 %');
  for (const row of [page, cookie, signedIn, rendered]) line(row, `${Math.round((row.rps / ceiling.rps) * 100)} %`);
}
line(image, '');
console.log(`\nServer RSS (MB) after each phase: ${rssAfter.map(([phase, mb]) => `${phase} ${mb}`).join(', ')}.`);
console.log(
  `Cold start to healthy: ${Math.round(coldStartMs)} ms. Server RSS warm: ${warmRss} MB; after the 50-connection runs: ${stressedRss} MB.`,
);
