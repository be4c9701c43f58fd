// `npm run bench:mix`: how much of a mixed load one node holds, on the bench database.
// Requests arrive at a set rate whatever the server answers (an open model, Poisson
// arrivals: a slow server gets more requests in flight, as it would from real people,
// so queueing shows), in this proportion by default (--mix): 70 visitors reading pages
// (signed out, each from their own address), 20 signed-in members reading (their pages
// and /notifications), 8 members rating and commenting through the JSON API, 2 members
// uploading a camera-sized JPEG (POST /api/builds, multipart) that the built-in roaster
// roasts. Members are real sessions, signed in through the e-mailed code. The rate starts
// at --start-rate and grows by --step each --step-seconds until the p99 of the page
// requests passes --p99-ms or anything fails: a 5xx, no answer, or a refusal (429/503:
// the node's lines giving out). Per step it prints the rate, p50/p99 per kind, the
// answers that were not 2xx/3xx, the server's CPU (from /proc) and, from /metrics, the
// event loop's p99 delay, the SQLite write time (waiting for the lock included), the
// lines' peak depth and the roast jobs waiting; then the highest rate held and what
// gave out first.
// Options: --builds N (50 000, as bench:pages; e.g. 2000 for a quick run), --data DIR
// (keeps the filled database), --port N, --app DIR, --server-cpus LIST (as bench:pages),
// --members N, --mix V/M/W/U, --start-rate R, --step F, --step-seconds S, --p99-ms MS.
import Database from 'better-sqlite3';
import { readFile, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { benchDataAndHelpers, root, startBenchServer } from '#scripts/bench-node';
import { backgroundSettled } from '#tests/support/background';
import { ensureBuilt } from '#scripts/server-process';

const { values: args } = parseArgs({
  options: {
    builds: { type: 'string', default: '50000' },
    data: { type: 'string' },
    port: { type: 'string', default: '4875' },
    app: { type: 'string' },
    'server-cpus': { type: 'string' },
    members: { type: 'string', default: '100' },
    mix: { type: 'string', default: '70/20/8/2' },
    'start-rate': { type: 'string', default: '20' },
    step: { type: 'string', default: '1.25' },
    'step-seconds': { type: 'string', default: '20' },
    'p99-ms': { type: 'string', default: '500' },
  },
});

const KINDS = ['visitor', 'member', 'write', 'upload'] as const;
type Kind = (typeof KINDS)[number];
const shares = args.mix.split('/').map(Number);
if (shares.length !== KINDS.length || shares.some((share) => !Number.isFinite(share) || share < 0) || !shares.some(Boolean)) {
  console.error(`--mix takes four shares, visitors/members reading/rating and commenting/uploads, e.g. 70/20/8/2 (got ${args.mix}).`);
  process.exit(2);
}
const totalShare = shares.reduce((sum, share) => sum + share, 0);
const memberCount = Number(args.members);
if (!(memberCount >= 1 && memberCount <= 2000)) {
  console.error('--members takes 1 to 2000 (the bench database has 2000 members).');
  process.exit(2);
}
const appRoot = resolve(args.app ?? root);
const stepSeconds = Number(args['step-seconds']);
const p99Limit = Number(args['p99-ms']);
const pinned = args['server-cpus'];
// The server's cores: what its CPU time per second is measured against.
const serverCpus = pinned
  ? pinned.split(',').flatMap((part) => {
      const [from, to = from] = part.split('-').map(Number);
      return Array.from({ length: to! - from! + 1 }, (_, offset) => from! + offset);
    })
  : Array.from({ length: availableParallelism() }, (_, cpu) => cpu);
const serverCores = serverCpus.length;

/** Busy and total time of the server's CPUs so far, whoever used them (/proc/stat: user nice system idle iowait irq softirq steal). */
async function cpusTime(): Promise<{ busy: number; total: number }> {
  let [busy, total] = [0, 0];
  for (const [, cpu, fields] of (await readFile('/proc/stat', 'utf8')).matchAll(/^cpu(\d+) (.+)$/gm)) {
    if (!serverCpus.includes(Number(cpu))) continue;
    const ticks = fields!.split(' ').slice(0, 8).map(Number);
    const idle = ticks[3]! + ticks[4]!;
    const all = ticks.reduce((sum, tick) => sum + tick, 0);
    busy += all - idle;
    total += all;
  }
  return { busy, total };
}

ensureBuilt(appRoot);
console.log(
  `bench:mix: build ${join(appRoot, 'build')}, ${args.builds} builds, ${memberCount} members, mix ${args.mix}, from ${args['start-rate']} requests/s x${args.step} every ${stepSeconds} s until a page's p99 passes ${p99Limit} ms${pinned ? `, server on CPUs ${pinned}` : ''}.`,
);

const { data, helpers } = await benchDataAndHelpers(Number(args.builds), args.data);

// The members taking part (a different run of them each time: a kept database remembers
// the sign-in limits) and the builds they read and rate, with their owners (no one rates their own).
const database = new Database(data.databasePath, { readonly: true });
const firstMember = (Math.floor(Date.now() / 60_000) * memberCount) % 2000;
const memberNumbers = Array.from({ length: memberCount }, (_, index) => (firstMember + index) % 2000);
const userIdOf = database.prepare('select id from users where email = ?').pluck();
const memberIds = memberNumbers.map((number) => userIdOf.get(`member${number}@bench.example`) as number);
const builds = database
  .prepare("select id, user_id as owner from builds where review_status = 'approved' order by random() limit 2000")
  .all() as { id: number; owner: number }[];
database.close();

// Sign-in codes, and the mail the writes cause (notifications), arrive here.
const sink = await helpers.startSmtpSink();
const server = await startBenchServer({
  appRoot,
  data,
  port: Number(args.port),
  cpus: pinned,
  // Each visitor and member comes from their own address (X-Forwarded-For, as behind a
  // proxy): the per-network limits and fair shares apply as they would to real people.
  env: { SMTP_URL: sink.url, TRUST_PROXY: 'true', ROAST_PROVIDER: 'builtin' },
});
const { origin } = server;

const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
type Member = { userId: number; cookie: string; ip: string };
console.log(`Signing ${memberCount} members in through the e-mailed code…`);
const members: Member[] = [];
for (const [index, number] of memberNumbers.entries()) {
  // Each member's own address, theirs in every run: a kept database remembers the limits per address too.
  const ip = addressOf(number + 1);
  const browser = new helpers.Browser(
    { origin, fetch: (path: string, init?: RequestInit) => fetch(`${origin}${path}`, { redirect: 'manual', ...init }) } as never,
    ip,
  );
  await helpers.signInWithCode(browser, sink, `member${number}@bench.example`);
  if (!(await browser.get('/notifications')).html.includes(`bench_member_${number}`)) throw new Error(`member${number} is not signed in`);
  members.push({ userId: memberIds[index]!, cookie: browser.cookieHeader(), ip });
}

// A camera-sized JPEG with detail (noise); bytes appended after its end make each upload a new image.
const photoBase = await sharp({
  create: { width: 2000, height: 1500, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
})
  .jpeg({ quality: 85 })
  .toBuffer();

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const page = () => pick(['/', '/gallery', `/build/${pick(builds).id}`, `/build/${pick(builds).id}`]);
let visitors = 0;
let uploads = 0;
// What browsers send.
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html,*/*' };

/** One request of its kind, from a visitor or member drawn for it. */
function request(kind: Kind): () => Promise<Response> {
  if (kind === 'visitor') {
    const path = page();
    visitors = (visitors + 1) % 60_000;
    return () => fetch(`${origin}${path}`, { headers: { ...BROWSER_HEADERS, 'x-forwarded-for': addressOf(100_000 + visitors) } });
  }
  // Uploads go round the members, so no member has two photos in the line at once (a limit per network).
  const member = kind === 'upload' ? members[uploads++ % members.length]! : pick(members);
  // A same-origin request, as the site's own pages send it.
  const headers = { cookie: member.cookie, 'x-forwarded-for': member.ip, origin };
  if (kind === 'member') {
    const path = Math.random() < 0.2 ? '/notifications' : page();
    return () => fetch(`${origin}${path}`, { headers: { ...BROWSER_HEADERS, ...headers } });
  }
  if (kind === 'write') {
    let build = pick(builds);
    while (build.owner === member.userId) build = pick(builds);
    const json = { ...headers, 'content-type': 'application/json' };
    return Math.random() < 0.5
      ? () =>
          fetch(`${origin}/api/builds/${build.id}/rate`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ rating: 1 + Math.floor(Math.random() * 5) }),
          })
      : () =>
          fetch(`${origin}/api/builds/${build.id}/comment`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ content: `That cable management, number ${Math.random().toString(36).slice(2)}.` }),
          });
  }
  const body = new FormData();
  body.set('title', `Mixed-load rig ${uploads}`);
  body.set('roastIntensity', 'medium');
  const photo = Buffer.concat([photoBase, Buffer.from(`${uploads}:${Date.now()}`)]);
  body.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `rig-${uploads}.jpg`);
  return () => fetch(`${origin}/api/builds`, { method: 'POST', headers, body });
}

function drawKind(): Kind {
  let roll = Math.random() * totalShare;
  for (const [index, kind] of KINDS.entries()) {
    roll -= shares[index]!;
    if (roll < 0) return kind;
  }
  return 'visitor';
}

/** What /metrics says now: the counters that grow, and the depths and delays as they are. */
type Reading = {
  writeSeconds: number;
  writes: number;
  loopP99Ms: number;
  lines: Map<string, number>;
  refusals: Map<string, number>;
  roastsDue: number;
};
async function scrape(): Promise<Reading> {
  const text = await server.metrics();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  const byLine = (pattern: RegExp) => {
    const lines = new Map<string, number>();
    for (const [, line, count] of text.matchAll(pattern)) lines.set(line!, (lines.get(line!) ?? 0) + Number(count));
    return lines;
  };
  return {
    writeSeconds: value('rigroast_sqlite_write_seconds_sum'),
    writes: value('rigroast_sqlite_write_seconds_count'),
    // prom-client resets its event-loop histogram at each scrape: this is the delay since the last one.
    loopP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
    lines: byLine(/^rigroast_line_tasks\{line="([^"]+)",state="[^"]+"\} (\S+)$/gm),
    refusals: byLine(/^rigroast_admission_refusals_total\{line="([^"]+)"[^}]*\} (\S+)$/gm),
    roastsDue: [...text.matchAll(/^rigroast_jobs\{type="roast",state="due"\} (\S+)$/gm)].reduce((sum, [, count]) => sum + Number(count), 0),
  };
}

const percentile = (values: number[], share: number) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]! : 0;

type Step = {
  rate: number;
  sent: number;
  times: Record<Kind, number[]>;
  pageP99: number;
  /** Answers by status that are not a success or a redirect, and failures to answer. */
  refused: number;
  failed: number;
  otherStatus: Map<number, number>;
  cpuShare: number;
  /** How busy the server's CPUs were, with whatever else ran on them (the load generator, unless pinned apart). */
  cpusBusy: number;
  loopP99Ms: number;
  writeMeanMs: number;
  peakLines: Map<string, number>;
  refusalsByLine: Map<string, number>;
  peakRoastsDue: number;
};

/** Sends requests at `rate` a second (Poisson arrivals) for stepSeconds, then waits for every answer. */
async function step(rate: number): Promise<Step> {
  const times = Object.fromEntries(KINDS.map((kind) => [kind, [] as number[]])) as Record<Kind, number[]>;
  const otherStatus = new Map<number, number>();
  let [sent, refused, failed] = [0, 0, 0];
  const inFlight = new Set<Promise<void>>();
  const [cpuBefore, cpusBefore] = [await server.cpuMs(), await cpusTime()];
  const before = await scrape();
  const peakLines = new Map<string, number>();
  let [peakRoastsDue, loopP99Ms] = [0, before.loopP99Ms];
  const watch = (reading: Reading) => {
    for (const [line, depth] of reading.lines) peakLines.set(line, Math.max(peakLines.get(line) ?? 0, depth));
    peakRoastsDue = Math.max(peakRoastsDue, reading.roastsDue);
    loopP99Ms = Math.max(loopP99Ms, reading.loopP99Ms);
  };
  // The lines' depth and the event loop's delay, read each second.
  const watcher = setInterval(() => void scrape().then(watch), 1000);
  const begin = performance.now();
  const end = begin + stepSeconds * 1000;
  let due = begin;
  while (due < end) {
    while (due <= performance.now() && due < end) {
      due += (-Math.log(1 - Math.random()) / rate) * 1000;
      sent += 1;
      const kind = drawKind();
      const send = request(kind);
      const started = performance.now();
      const done: Promise<void> = send()
        .then(async (response) => {
          await response.arrayBuffer();
          if (response.status === 429 || response.status === 503) refused += 1;
          else if (response.status >= 500) failed += 1;
          else if (response.status >= 400) otherStatus.set(response.status, (otherStatus.get(response.status) ?? 0) + 1);
          else times[kind].push(performance.now() - started);
        })
        .catch(() => {
          failed += 1;
        })
        .finally(() => inFlight.delete(done));
      inFlight.add(done);
    }
    await new Promise((wake) => setTimeout(wake, Math.max(1, Math.min(10, due - performance.now()))));
  }
  const cpuShare = ((await server.cpuMs()) - cpuBefore) / (performance.now() - begin) / serverCores;
  const cpusAfter = await cpusTime();
  const cpusBusy = (cpusAfter.busy - cpusBefore.busy) / (cpusAfter.total - cpusBefore.total || 1);
  await Promise.all(inFlight);
  clearInterval(watcher);
  const after = await scrape();
  watch(after);
  const writes = after.writes - before.writes;
  return {
    rate,
    sent,
    times,
    pageP99: percentile([...times.visitor, ...times.member], 0.99),
    refused,
    failed,
    otherStatus,
    cpuShare,
    cpusBusy,
    loopP99Ms,
    writeMeanMs: writes ? ((after.writeSeconds - before.writeSeconds) * 1000) / writes : 0,
    peakLines,
    refusalsByLine: new Map([...after.refusals].map(([line, count]) => [line, count - (before.refusals.get(line) ?? 0)])),
    peakRoastsDue,
  };
}

// The marks past which a part counts as given out: the server's cores nearly always busy (or
// its main thread), a write statement averaging past 10 ms (they take well under 1 ms when
// the lock is free), a line refusing work.
const CPU_SATURATED = 0.9;
// Pages are rendered on one thread: it is full, with cores to spare, when a task waits this long for it.
const LOOP_BUSY_MS = 200;
const WRITE_SLOW_MS = 10;
const UPLOAD_LINES = ['uploads', 'upload-reading', 'image-encodes'];
/** The parts at their limit at a step: the upload line and the write lock, then the CPU that loads them. */
function atLimit(result: Step): Map<string, string> {
  const parts = new Map<string, string>();
  const refusedBy = (lines: string[]) => lines.some((line) => (result.refusalsByLine.get(line) ?? 0) > 0);
  if (refusedBy(UPLOAD_LINES)) parts.set('upload line', 'the upload line refused uploads');
  if (result.writeMeanMs >= WRITE_SLOW_MS || refusedBy(['writes']))
    parts.set(
      'write lock',
      `the write lock (${result.writeMeanMs.toFixed(1)} ms a write${refusedBy(['writes']) ? ', writes refused' : ''})`,
    );
  if (result.cpusBusy >= CPU_SATURATED)
    parts.set(
      'CPU',
      `the CPU (its ${serverCores} cores ${Math.round(result.cpusBusy * 100)} % busy, ${Math.round(result.cpuShare * 100)} % by the server)`,
    );
  else if (result.loopP99Ms >= LOOP_BUSY_MS)
    parts.set(
      'CPU',
      `the CPU of the server's main thread (event loop p99 delay ${result.loopP99Ms.toFixed(0)} ms, its cores ${Math.round(result.cpusBusy * 100)} % busy)`,
    );
  if (refusedBy(['pages'])) parts.set('page line', 'the page line refused pages');
  return parts;
}
/** Each part that reached its limit, at the first step it did, in the order they did. */
const gaveOut = new Map<string, string>();

// Warm-up, not reported: the start's recurring jobs done, the server's first renders, its
// code compiled, the page cache filled.
await backgroundSettled(data.databasePath);
console.log(`Warming up: ${stepSeconds} s at ${args['start-rate']}/s…`);
await step(Number(args['start-rate']));

const ms = (value: number) => (value ? value.toFixed(0) : '-');
const list = (map: Map<string | number, number>) =>
  [...map]
    .filter(([, count]) => count)
    .map(([key, count]) => `${key} ${count}`)
    .join(', ') || '-';
console.log(
  `\n| rate/s | sent | ${KINDS.map((kind) => `${kind} p50/p99 ms`).join(' | ')} | refused (429/503) | failed (5xx, no answer) | other 4xx | server CPU (its cores busy) | event loop p99 ms | SQLite write ms (mean) | lines' peak depth | roasts waiting (peak) |`,
);
console.log(`|---:|---:|${KINDS.map(() => '---:|').join('')}---:|---:|---|---:|---:|---:|---|---:|`);
let held: Step | null = null;
let last: Step;
for (let rate = Number(args['start-rate']); ; rate = Math.round(rate * Number(args.step) * 10) / 10) {
  last = await step(rate);
  const kinds = KINDS.map((kind) => `${ms(percentile(last.times[kind], 0.5))} / ${ms(percentile(last.times[kind], 0.99))}`);
  console.log(
    `| ${rate} | ${last.sent} | ${kinds.join(' | ')} | ${last.refused} | ${last.failed} | ${list(last.otherStatus)} | ${Math.round(last.cpuShare * 100)} % (${Math.round(last.cpusBusy * 100)} %) | ${last.loopP99Ms.toFixed(0)} | ${last.writeMeanMs.toFixed(2)} | ${list(last.peakLines)} | ${last.peakRoastsDue} |`,
  );
  for (const [part, detail] of atLimit(last)) if (!gaveOut.has(part)) gaveOut.set(part, `${detail} at ${rate}/s`);
  if (last.failed || last.refused || last.pageP99 > p99Limit) break;
  held = last;
}

server.stop();
await sink.stop();
if (!args.data) await rm(data.dir, { recursive: true, force: true });

console.log(
  `\nHighest rate held: ${held ? `${held.rate} requests/s (server CPU ${Math.round(held.cpuShare * 100)} %, page p99 ${held.pageP99.toFixed(0)} ms)` : `none (the first step, ${args['start-rate']}/s, gave out)`}.`,
);
const reasons = [
  last.pageP99 > p99Limit ? `the pages' p99 ${last.pageP99.toFixed(0)} ms` : '',
  last.refused ? `${last.refused} refused (${list(last.refusalsByLine)} by line)` : '',
  last.failed ? `${last.failed} failed` : '',
].filter(Boolean);
console.log(
  `At ${last.rate}/s: ${reasons.join(', ')}. Gave out first: ${gaveOut.size ? [...gaveOut.values()].join('; then ') : `none of the CPU (${Math.round(last.cpusBusy * 100)} % busy), the write lock (${last.writeMeanMs.toFixed(2)} ms a write) or the upload line reached its limit: the wait in line alone`}.`,
);
process.exit(0);
