// `npm run bench:upload`: what a burst of uploads costs the server (issue 13, point 1).
// 1. Six parallel guest POST /api/uploads/temp of a flat-colour 1976×20233 PNG with
//    alpha (about 830 KB, under the 40 MP rule), all from one network address, then
//    the same from six addresses.
// 2. Twenty members, each on their own address, POST /api/builds with a 12 MP JPEG at once.
// For each burst: the answers by status, the server's idle RSS, its peak RSS over
// idle (VmHWM, reset before the burst), its RSS once settled, and each upload's
// time to listed (the temp upload's status says "completed", the build's `listed`).
// Options: --guests N, --members N, --json.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    guests: { type: 'string', default: '6' },
    members: { type: 'string', default: '20' },
    json: { type: 'boolean', default: false },
  },
});
const guests = Number(args.guests);
const members = Number(args.members);
const root = fileURLToPath(new URL('..', import.meta.url));

if (!existsSync(join(root, 'build/server/index.js'))) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// The test helpers (browser, sign-in through the real forms, SMTP sink) use the `~/` alias: loaded through Vite.
const vite = await createServer({ root, server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn' });
const { Browser } = (await vite.ssrLoadModule('/tests/support/browser.ts')) as typeof browserModule;
const { signInWithCode } = (await vite.ssrLoadModule('/tests/support/sign-in.ts')) as typeof signInModule;
const { startSmtpSink } = (await vite.ssrLoadModule('/tests/support/smtp-sink.ts')) as typeof smtpSinkModule;
const { tallPng: makeTallPng } = (await vite.ssrLoadModule('/tests/support/image-fixtures.ts')) as typeof imageFixturesModule;
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
const port = 4871;
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, 'build/server/index.js')], {
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
    SCREENING: 'off',
    ROAST_PROVIDER: 'builtin',
    LOG_LEVEL: 'warn',
    // To compare allocator settings: MALLOC_ARENA_MAX=2 npm run bench:upload
    ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
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
async function burst(
  name: string,
  bytes: number,
  senders: (() => Promise<{ response: Response; listed: () => Promise<boolean> }>)[],
): Promise<Burst> {
  const idleMb = (await memory()).rss;
  // The peak is this burst's.
  await resetPeakMemory(server.pid!);
  let peakMb = idleMb;
  let sampling = true;
  const sampler = (async () => {
    while (sampling && !crashed) {
      peakMb = Math.max(peakMb, (await memory()).hwm);
      await sleep(50);
    }
  })();
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
  sampling = false;
  await sampler;
  const settledMb = crashed ? 0 : (await memory()).rss;
  return { name, bytes, idleMb, peakGrowthMb: peakMb - idleMb, settledMb, uploads };
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

const bursts: Burst[] = [];
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

stop();
await sink.stop();
await rm(dir, { recursive: true, force: true });

if (args.json) {
  console.log(JSON.stringify({ crashed, bursts }, null, 2));
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
