// `npm run bench:upload`: how fast an upload is answered and what uploads cost the
// server's memory (issues 13 and 18). The server runs as in production, screening on,
// with the built-in roaster.
// 1. One member POSTs /api/builds with a phone-like 12 MP, 8 MB JPEG, one photo after
//    another (--photos N, default 10), each once the last is listed and has all its
//    variants, so each meets a quiet server: the time until the answer (p50/p95), the
//    time of the build page asked for right after (and whether its photo loads), the
//    server's RSS before, at peak and after, and the screening process's peak RSS.
// 2. Six parallel guest POST /api/uploads/temp of a flat-colour 1976×20233 PNG with
//    alpha (about 830 KB, under the 40 MP rule), all from one network address, then
//    the same from six addresses (--guests N).
// 3. Twenty members, each on their own address, POST /api/builds with a 12 MP JPEG at
//    once (--members N).
// For each burst: the answers by status, the server's idle RSS, its peak RSS over
// idle (VmHWM, reset before the burst), its RSS once settled, and each upload's
// time to listed (the temp upload's status says "completed", the build's `listed`).
// --guests 0 --members 0 runs only the first part. --server DIR runs the server built
// in another checkout (DIR/build), to compare before and after a change on one machine.
// Options: --photos N, --guests N, --members N, --server DIR, --port N (4871), --json.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createServer } from 'vite';
import type * as browserModule from '../tests/support/browser';
import type * as imageFixturesModule from '../tests/support/image-fixtures';
import type * as processMemoryModule from '../tests/support/process-memory';
import type * as signInModule from '../tests/support/sign-in';
import type * as smtpSinkModule from '../tests/support/smtp-sink';

const { values: args } = parseArgs({
  options: {
    photos: { type: 'string', default: '10' },
    guests: { type: 'string', default: '6' },
    members: { type: 'string', default: '20' },
    server: { type: 'string' },
    port: { type: 'string', default: '4871' },
    json: { type: 'boolean', default: false },
  },
});
const photoCount = Number(args.photos);
const guests = Number(args.guests);
const members = Number(args.members);
const root = fileURLToPath(new URL('..', import.meta.url));
const serverRoot = args.server ? resolve(args.server) : root;

if (!existsSync(join(serverRoot, 'build/server/index.js'))) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: serverRoot, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// The test helpers (browser, sign-in through the real forms, SMTP sink) use the `~/` alias: loaded through Vite.
const vite = await createServer({ root, server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'warn' });
const { Browser } = (await vite.ssrLoadModule('/tests/support/browser.ts')) as typeof browserModule;
const { signInWithCode } = (await vite.ssrLoadModule('/tests/support/sign-in.ts')) as typeof signInModule;
const { startSmtpSink } = (await vite.ssrLoadModule('/tests/support/smtp-sink.ts')) as typeof smtpSinkModule;
const { tallPng: makeTallPng, phonePhoto } = (await vite.ssrLoadModule('/tests/support/image-fixtures.ts')) as typeof imageFixturesModule;
const { processMemory, resetPeakMemory } = (await vite.ssrLoadModule('/tests/support/process-memory.ts')) as typeof processMemoryModule;
await vite.close();

console.error('Generating the images…');
const tallPng = await makeTallPng();
if (tallPng.length < 150_000 || tallPng.length > 900_000) throw new Error(`The tall PNG is ${tallPng.length} bytes, expected 180–830 KB`);

// A gradient with grain compresses like a phone photo (3–4 MB at 12 MP); each member's differs in one corner.
const jpegWidth = 4000;
const jpegHeight = 3000;
const grain = Buffer.alloc(jpegWidth * jpegHeight * 3);
let seed = 1;
for (let y = 0; y < jpegHeight; y++) {
  for (let x = 0; x < jpegWidth; x++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const noise = (seed >>> 24) % 24;
    const index = (y * jpegWidth + x) * 3;
    grain[index] = ((x * 255) / jpegWidth + noise) & 255;
    grain[index + 1] = ((y * 255) / jpegHeight + noise) & 255;
    grain[index + 2] = (128 + noise) & 255;
  }
}
const photos: Buffer[] = [];
for (let member = 0; member < members; member++) {
  grain.fill(member * 11, 0, 3 * 64);
  photos.push(
    await sharp(grain, { raw: { width: jpegWidth, height: jpegHeight, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}

const dir = await mkdtemp(join(tmpdir(), 'rigroast-bench-upload-'));
const sink = await startSmtpSink();
const port = Number(args.port);
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(serverRoot, 'build/server/index.js')], {
  cwd: dir,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_PATH: join(dir, 'sqlite.db'),
    UPLOADS_DIR: join(dir, 'uploads'),
    SMTP_URL: sink.url,
    TRUST_PROXY: 'true',
    SCREENING: 'auto',
    ROAST_PROVIDER: 'builtin',
    LOG_LEVEL: 'warn',
    // To compare allocators, glibc's settings (the server's own, server/memory-settings.ts,
    // unless given here) and LD_PRELOAD (…/libjemalloc.so.2) are passed on to the server.
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('MALLOC_') || name === 'LD_PRELOAD')),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let stopping = false;
let crashed = false;
const stop = () => {
  stopping = true;
  server.kill('SIGTERM');
};
process.on('exit', stop);
server.on('exit', (code, signal) => {
  if (stopping) return;
  crashed = true;
  console.error(`The server stopped (exit code ${code}, signal ${signal}).`);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
for (;;) {
  if (crashed) process.exit(1);
  try {
    if ((await fetch(`${origin}/healthz`)).ok) break;
  } catch {
    // Not listening yet.
  }
  await sleep(20);
}
const app = { origin, fetch: (path: string, init?: RequestInit) => fetch(`${origin}${path}`, { redirect: 'manual', ...init }) };
const browserAt = (ip: string) => new Browser(app as ConstructorParameters<typeof Browser>[0], ip);

async function memory(): Promise<{ rss: number; hwm: number }> {
  const { rssMb, peakMb } = await processMemory(server.pid!);
  return { rss: Math.round(rssMb), hwm: Math.round(peakMb) };
}

type Upload = { status: number; message: string; listedMs: number | null };
type Burst = { name: string; bytes: number; idleMb: number; peakGrowthMb: number; settledMb: number; uploads: Upload[] };

/** Sends every upload at once; `listed` polls until the upload is listed (true) or will never be (false). */
/**
 * Watches the server's peak RSS (VmHWM, reset now) until `stop()`, which answers it;
 * `alsoEach` runs with every sample.
 */
async function watchPeak(alsoEach: () => Promise<void> = async () => {}) {
  const idleMb = (await memory()).rss;
  await resetPeakMemory(server.pid!);
  let peakMb = idleMb;
  let sampling = true;
  const sampler = (async () => {
    while (sampling && !crashed) {
      peakMb = Math.max(peakMb, (await memory()).hwm);
      await alsoEach();
      await sleep(50);
    }
  })();
  return {
    idleMb,
    stop: async () => {
      sampling = false;
      await sampler;
      return peakMb;
    },
  };
}

async function burst(
  name: string,
  bytes: number,
  senders: (() => Promise<{ response: Response; listed: () => Promise<boolean> }>)[],
): Promise<Burst> {
  // The peak is this burst's.
  const { idleMb, stop } = await watchPeak();
  const started = performance.now();
  const uploads = await Promise.all(
    senders.map(async (send): Promise<Upload> => {
      try {
        const { response, listed } = await send();
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        if (!response.ok) return { status: response.status, message: body.message ?? '', listedMs: null };
        while (!(await listed())) await sleep(100);
        return { status: response.status, message: '', listedMs: Math.round(performance.now() - started) };
      } catch (error) {
        return {
          status: 0,
          message: error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error),
          listedMs: null,
        };
      }
    }),
  );
  // Settled: the roast jobs the builds queued have run and the allocator had a moment.
  await sleep(5000);
  const peakMb = await stop();
  const settledMb = crashed ? 0 : (await memory()).rss;
  return { name, bytes, idleMb, peakGrowthMb: peakMb - idleMb, settledMb, uploads };
}

/** The screening process's peak RSS in MB (VmHWM) while it runs; sampled with the server's children. */
let screeningPeakMb = 0;
async function sampleScreening(): Promise<void> {
  const children = await readFile(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').catch(() => '');
  for (const pid of children.split(' ').filter(Boolean)) {
    const peak = await processMemory(Number(pid)).catch(() => null);
    if (peak) screeningPeakMb = Math.max(screeningPeakMb, Math.round(peak.peakMb));
  }
}

type Answers = {
  photos: number;
  bytes: number;
  answerMs: number[];
  pageMs: number[];
  /** Build pages asked for right after the answer whose status or photo was not 200. */
  brokenPages: number;
  idleMb: number;
  peakMb: number;
  afterMb: number;
};

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
};

/** Whether the page's photo offers AVIF in every width it offers JPEG in: its later variants are all made. */
function allVariantsOffered(html: string): boolean {
  const widths = (srcSet: string | undefined) => (srcSet ? srcSet.split(',').length : 0);
  const avif = widths(/<source[^>]+type="image\/avif"[^>]+srcSet="([^"]+)"/i.exec(html)?.[1]);
  const jpeg = widths(/<img[^>]+srcSet="([^"]+\.jpg [^"]+)"/i.exec(html)?.[1]);
  return avif > 0 && avif === jpeg;
}

/** Part 1: one 12 MP upload at a time, each on a quiet server. */
async function answersOneAtATime(browser: InstanceType<typeof Browser>, count: number): Promise<Answers> {
  const files = await Promise.all(Array.from({ length: count }, (_, index) => phonePhoto({ variant: index + 1 })));
  const { idleMb, stop } = await watchPeak(sampleScreening);
  const result: Answers = { photos: count, bytes: 0, answerMs: [], pageMs: [], brokenPages: 0, idleMb, peakMb: 0, afterMb: 0 };
  for (const [index, file] of files.entries()) {
    result.bytes += file.length;
    const body = new FormData();
    body.set('title', `Phone photo ${index}`);
    body.set('image', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    const started = performance.now();
    const response = await browser.request('/api/builds', { method: 'POST', body });
    const answer = (await response.json()) as { id?: number; message?: string };
    result.answerMs.push(performance.now() - started);
    if (!response.ok || !answer.id) throw new Error(`Upload ${index} answered ${response.status}: ${answer.message ?? ''}`);
    const pageStarted = performance.now();
    const page = await browser.request(`/build/${answer.id}`);
    const html = await page.text();
    result.pageMs.push(performance.now() - pageStarted);
    const photo = /<img[^>]+src="([^"]+)"/.exec(html.slice(html.indexOf('<main')))?.[1]?.replaceAll('&amp;', '&');
    const photoStatus = photo ? (await browser.request(photo)).status : 0;
    if (page.status !== 200 || photoStatus !== 200) result.brokenPages += 1;
    // Quiet again: listed, and every variant made (as many AVIF widths as JPEG ones).
    for (;;) {
      const build = (await (await browser.request(`/api/builds/${answer.id}`)).json()) as { listed?: boolean };
      if (build.listed && allVariantsOffered(await (await browser.request(`/build/${answer.id}`)).text())) break;
      if (crashed) throw new Error('The server crashed');
      await sleep(100);
    }
  }
  await sleep(2000);
  result.peakMb = await stop();
  result.afterMb = (await memory()).rss;
  return result;
}

function tempUpload(browser: InstanceType<typeof Browser>, file: Buffer) {
  return async () => {
    const clientToken = randomBytes(16).toString('hex');
    const body = new FormData();
    body.set('image', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'tall.png');
    body.set('clientToken', clientToken);
    const response = await browser.request('/api/uploads/temp', { method: 'POST', body, headers: { Origin: origin } });
    const listed = async () => {
      const status = await browser.request(`/api/uploads/temp/status?clientToken=${clientToken}`);
      return ((await status.json()) as { status: string }).status === 'completed';
    };
    return { response, listed };
  };
}

console.error(`Part 1: ${photoCount} phone photos, one at a time…`);
const uploader = browserAt('203.0.113.200');
await signInWithCode(uploader as never, sink, 'bench-uploader@example.com');
const answers = photoCount > 0 ? await answersOneAtATime(uploader, photoCount) : null;

const bursts: Burst[] = [];
if (guests > 0) {
  bursts.push(
    await burst(
      `${guests} guests' tall PNGs, one address`,
      tallPng.length,
      Array.from({ length: guests }, () => tempUpload(browserAt('198.51.100.7'), tallPng)),
    ),
  );
  bursts.push(
    await burst(
      `${guests} guests' tall PNGs, ${guests} addresses`,
      tallPng.length,
      Array.from({ length: guests }, (_, index) => tempUpload(browserAt(`198.51.100.${20 + index}`), tallPng)),
    ),
  );
}

if (members > 0) {
  console.error(`Signing in ${members} members…`);
  const signedIn = await Promise.all(
    Array.from({ length: members }, async (_, index) => {
      const browser = browserAt(`203.0.113.${10 + index}`);
      await signInWithCode(browser as never, sink, `bench-member-${index}@example.com`);
      return browser;
    }),
  );
  bursts.push(
    await burst(
      `${members} members' 12 MP JPEGs, one address each`,
      Math.round(photos.reduce((sum, photo) => sum + photo.length, 0) / photos.length),
      signedIn.map((browser, index) => async () => {
        const body = new FormData();
        body.set('title', `Bench rig ${index}`);
        body.set('image', new Blob([new Uint8Array(photos[index]!)], { type: 'image/jpeg' }), 'rig.jpg');
        const response = await browser.request('/api/builds', { method: 'POST', body });
        const id = response.ok ? ((await response.clone().json()) as { id: number }).id : 0;
        const listed = async () => {
          const build = await browser.request(`/api/builds/${id}`);
          return ((await build.json()) as { listed?: boolean }).listed === true;
        };
        return { response, listed };
      }),
    ),
  );
}
// The bursts' screening counts too.
await sampleScreening();

// Gone before its folder is: a job finishing as it stops may still write there.
const exited = crashed || server.exitCode !== null ? Promise.resolve() : new Promise((resolve) => server.once('exit', resolve));
stop();
await exited;
await sink.stop();
await rm(dir, { recursive: true, force: true });

if (args.json) {
  console.log(JSON.stringify({ crashed, answers, screeningPeakMb, bursts }, null, 2));
} else {
  const counts = (uploads: Upload[]) => {
    const byStatus = new Map<number, number>();
    for (const upload of uploads) byStatus.set(upload.status, (byStatus.get(upload.status) ?? 0) + 1);
    return [...byStatus].map(([status, count]) => `${count}× ${status === 0 ? 'failed' : status}`).join(', ');
  };
  const times = (uploads: Upload[]) => {
    const listed = uploads
      .map((upload) => upload.listedMs)
      .filter((ms) => ms !== null)
      .sort((a, b) => a - b);
    return listed.length ? listed.map((ms) => (ms / 1000).toFixed(1)).join(' ') : '–';
  };
  console.log(`\n${crashed ? 'THE SERVER CRASHED.\n' : ''}`);
  if (answers) {
    const ms = (values: number[], share: number) => Math.round(percentile(values, share));
    console.log(`${answers.photos} phone photos (12 MP, ${(answers.bytes / answers.photos / 1e6).toFixed(1)} MB each), one at a time:`);
    console.log(`- upload answered: p50 ${ms(answers.answerMs, 0.5)} ms, p95 ${ms(answers.answerMs, 0.95)} ms`);
    console.log(
      `- build page right after: p50 ${ms(answers.pageMs, 0.5)} ms, p95 ${ms(answers.pageMs, 0.95)} ms; ${answers.brokenPages} without a page or photo (200)`,
    );
    console.log(`- server RSS: ${answers.idleMb} MB before, ${answers.peakMb} MB at peak, ${answers.afterMb} MB after`);
  }
  console.log(`Screening process peak RSS (all parts): ${screeningPeakMb} MB\n`);
  console.log('| burst | file KB | answers | idle RSS MB | peak growth MB | settled RSS MB | time to listed, s (each) |');
  console.log('|---|---:|---|---:|---:|---:|---|');
  for (const row of bursts) {
    console.log(
      `| ${row.name} | ${Math.round(row.bytes / 1024)} | ${counts(row.uploads)} | ${row.idleMb} | ${row.peakGrowthMb} | ${row.settledMb} | ${times(row.uploads)} |`,
    );
  }
  const messages = new Set(
    bursts.flatMap((row) => row.uploads.filter((upload) => upload.status !== 201).map((upload) => `${upload.status}: ${upload.message}`)),
  );
  for (const message of messages) console.log(`- ${message}`);
}
