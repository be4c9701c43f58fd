// `npm run bench:roast`: what the roast engine costs per build (issue 5, point 7).
// 1. The built-in roaster, one build after another on one core: the analysis of a
//    1080-wide JPEG, the title, the facts and the roast, then the roast alone.
// 2. Image screening: the first image (child start and model load), then warm
//    images one at a time, and the memory of both processes afterwards.
// 3. The judge (issue 19): Q generated builds (varied titles and photos) roasted one
//    after another with the roaster's memory, read for repeated sentences, named
//    facts and contradictions with the title (scripts/roast-quality.ts); then the same
//    builds at each intensity (Gentle, Medium, Savage), read for how harsh they are.
// Options: --roasts N (default 200), --screens M (default 30, 0 skips), --quality Q (default 200), --json.
import { cpus, availableParallelism, tmpdir } from 'node:os';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createServer } from 'vite';
import type * as builtinModule from '../app/roast/builtin/index.server';
import type * as screeningModule from '../app/roast/screening/screening.server';
import type * as logModule from '../app/services/log.server';
import type * as seedDataModule from './seed-data';
import type * as qualityModule from './roast-quality';

// App modules are loaded through Vite (they use the `~/` alias); these are their types only.
type Builtin = typeof builtinModule;
type Screening = typeof screeningModule;
type SeedData = typeof seedDataModule;
type Log = typeof logModule;
type Quality = typeof qualityModule;
type BuildFacts = qualityModule.BuildFacts;
type Facts = ReturnType<Builtin['builtinFacts']>;
type Photo = Awaited<ReturnType<Builtin['analysePhoto']>>;

const { values: args } = parseArgs({
  options: {
    roasts: { type: 'string', default: '200' },
    screens: { type: 'string', default: '30' },
    quality: { type: 'string', default: '200' },
    json: { type: 'boolean', default: false },
  },
});

function count(value: string, name: string, min = 1): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}`);
  return n;
}
const roasts = count(args.roasts, '--roasts');
const screens = count(args.screens, '--screens', 0);
const qualityBuilds = count(args.quality, '--quality');

/** Unmeasured roasts first, so the figures are not the JIT's and sharp's first calls. */
const WARM_UP = 10;
/** The compose-only pass repeats the builds this often: one compose is too quick to time alone. */
const COMPOSE_PASSES = 10;

// Realistic titles: most name parts from the catalogue, a few name nothing at all.
const TITLES = [
  'RTX 4090 + 7800X3D in a Lian Li O11',
  'My first budget build',
  'White ITX build with Arc B580',
  'Ryzen 5 5600 and RX 6600 for 1080p',
  'i9-14900K with a 360mm AIO, still thermal throttling',
  'RTX 4070 Super in a Fractal North',
  'Hyte Y60 with RX 7900 XTX and Kraken Elite',
  'NR200P Max SFF build, RTX 4080 Super',
  'Custom loop 9800X3D + RTX 5090, hardline tubing',
  'Corsair 4000D Airflow, 7600X and RTX 4060 Ti',
  'Noctua NH-D15 chromax.black on a 13700K',
  'Finally upgraded from my GTX 1060',
  'All-black sleeper in a Define 7 Compact',
  'Core Ultra 7 265K with an RTX 5070 Ti in a NZXT H9 Flow',
  'Peerless Assassin on a Ryzen 7 5700X3D, RX 7800 XT',
  'Meshlicious with RX 9070 XT and 9700X',
  'Phanteks Evolv X, dual 360 rads, 4090',
  'Lancool 216 with a Ryzen 9 7950X and RTX 3080',
  'Wraith Stealth still going strong',
  'Pink and white O11 Mini build',
  'Dark Rock Pro 5 and an RTX 4070 in a Meshify 2 Compact',
  'Ghost S1 with a 4060 and i5-13400F',
  'Threadripper 7980X workstation that also games',
  'Node 202 console killer, RX 7600',
  'First time cable managing, be gentle',
  'Arctic Liquid Freezer III 360 on a 7950X3D',
  'Corsair 5000D RGB showcase, RTX 3090 Ti',
  'Fractal Torrent airflow monster with a 4080',
  'Lian Li A4-H2O with an RTX 4070 Ti Super',
  'Hand-me-down parts, new case',
] as const;

const progress = (message: string) => console.error(message);

/** Nearest-rank percentile of samples sorted ascending. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
const ascending = (samples: readonly number[]) => [...samples].sort((a, b) => a - b);
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024);
}

const root = fileURLToPath(new URL('..', import.meta.url));
// No file watcher: it would only add noise to the timings.
const vite = await createServer({ root, server: { middlewareMode: true, hmr: false, watch: null }, appType: 'custom', logLevel: 'warn' });
const dir = await mkdtemp(join(tmpdir(), 'rigroast-bench-roast-'));
const defaultConcurrency = sharp.concurrency();
let stopScreening: Screening['stopScreening'] | null = null;

try {
  const builtin = (await vite.ssrLoadModule('/app/roast/builtin/index.server.ts')) as Builtin;
  const screening = (await vite.ssrLoadModule('/app/roast/screening/screening.server.ts')) as Screening;
  const { scene } = (await vite.ssrLoadModule('/scripts/seed-data.ts')) as SeedData;
  // The screening process announces its model load on the log at info; keep it off the output.
  ((await vite.ssrLoadModule('/app/services/log.server.ts')) as Log).setLogLevel('warn');
  stopScreening = screening.stopScreening;

  // Photos as the pipeline's analysis variant: 1080 wide, JPEG q78 mozjpeg (images.server.ts).
  // The cold screen gets a photo of its own, so the warm ones are all new to the models.
  const photoCount = Math.max(roasts, screens + 1);
  progress(`Rendering ${photoCount} photos (1080-wide JPEG) into ${dir}…`);
  const files = await Promise.all(
    Array.from({ length: photoCount }, async (_, index) => {
      const file = join(dir, `build-${index}.jpg`);
      const jpeg = await sharp(Buffer.from(scene(index)))
        .resize({ width: 1080 })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 78, mozjpeg: true, progressive: true })
        .toBuffer();
      await writeFile(file, jpeg);
      return file;
    }),
  );
  const fileAt = (index: number) => files[index % files.length]!;
  const titleAt = (index: number) => TITLES[index % TITLES.length]!;

  // ── 1. The built-in roaster ──────────────────────────────────────────────
  // One libvips thread and one build at a time: the rate one core sustains.
  // The photos sit in the page cache, and the recent roasts' lines come from memory
  // rather than the database query the job makes.
  sharp.concurrency(1);
  const history: string[][] = [];
  // What the roast job reads from the database: the newest roasts' lines.
  const memory = () => ({ recent: builtin.recentLines(history.slice(-builtin.ROAST_MEMORY).reverse()), weights: new Map() });
  const built: { title: string; facts: Facts; photo: Photo }[] = [];
  async function roast(index: number): Promise<void> {
    const title = titleAt(index);
    const photo = await builtin.analysePhoto(fileAt(index));
    const facts = builtin.builtinFacts(photo, builtin.parseTitle(title));
    const { lines } = builtin.composeRoast({ seed: `${index}:0`, title, facts, photo, memory: memory(), intensity: 'medium' });
    history.push(lines);
    built[index] = { title, facts, photo };
  }

  progress(`Roasting ${roasts} builds with the built-in roaster…`);
  for (let index = 0; index < Math.min(WARM_UP, roasts); index++) await roast(index);
  history.length = 0;
  const roastMs: number[] = [];
  const cpuBefore = process.cpuUsage();
  const roastStarted = performance.now();
  for (let index = 0; index < roasts; index++) {
    const started = performance.now();
    await roast(index);
    roastMs.push(performance.now() - started);
  }
  const roastWallMs = performance.now() - roastStarted;
  const roastCpu = process.cpuUsage(cpuBefore);
  sharp.concurrency(defaultConcurrency);

  // The roast alone, from facts and photo statistics already known (as after an Ollama look).
  const composeMs: number[] = [];
  const composeStarted = performance.now();
  for (let pass = 0; pass < COMPOSE_PASSES; pass++) {
    for (const [index, { title, facts, photo }] of built.entries()) {
      const started = performance.now();
      const { lines } = builtin.composeRoast({
        seed: `${index}:${pass + 1}`,
        title,
        facts,
        photo,
        memory: memory(),
        intensity: 'medium',
      });
      composeMs.push(performance.now() - started);
      history.push(lines);
    }
  }
  const composeWallMs = performance.now() - composeStarted;

  // ── 2. Screening ─────────────────────────────────────────────────────────
  const screened = screens > 0 ? await benchScreening(screening, fileAt) : null;

  // ── 3. The judge ─────────────────────────────────────────────────────────
  progress(`Judging ${qualityBuilds} roasts of generated builds…`);
  const quality = (await vite.ssrLoadModule('/scripts/roast-quality.ts')) as Quality;
  const judged = await judgeQuality(builtin, quality, qualityBuilds);

  const roastSorted = ascending(roastMs);
  const composeSorted = ascending(composeMs);
  const result = {
    machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: availableParallelism(), node: process.version },
    roaster: {
      builds: roasts,
      photo: '1080-wide JPEG q78',
      roastsPerSecond: round((roasts / roastWallMs) * 1000),
      p50Ms: round(percentile(roastSorted, 50), 2),
      p95Ms: round(percentile(roastSorted, 95), 2),
      cpuMsPerRoast: round((roastCpu.user + roastCpu.system) / 1000 / roasts, 2),
      composeOnly: {
        composes: composeMs.length,
        perSecond: Math.round((composeMs.length / composeWallMs) * 1000),
        p50Ms: round(percentile(composeSorted, 50), 3),
        p95Ms: round(percentile(composeSorted, 95), 3),
      },
    },
    screening: screened,
    quality: judged,
  };

  if (args.json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    const { machine, roaster, screening: screen } = result;
    console.log(`\n${machine.cpu}, ${machine.cores} cores, Node ${machine.node}.\n`);
    console.log(
      `Built-in roaster, ${roaster.builds} builds one at a time, libvips on one thread (after ${Math.min(WARM_UP, roasts)} unmeasured):\n`,
    );
    console.log('| step | per second | p50 ms | p95 ms | CPU ms each |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(
      `| full roast: analysePhoto (${roaster.photo}) + parseTitle + builtinFacts + composeRoast | ${roaster.roastsPerSecond} | ${roaster.p50Ms} | ${roaster.p95Ms} | ${roaster.cpuMsPerRoast} |`,
    );
    console.log(
      `| composeRoast alone (facts known), ${roaster.composeOnly.composes} calls | ${roaster.composeOnly.perSecond} | ${roaster.composeOnly.p50Ms} | ${roaster.composeOnly.p95Ms} | |`,
    );
    if (screen) {
      console.log(`\nScreening (NSFW + faces in the child process), one image at a time:\n`);
      console.log('| step | ms | p50 ms | p95 ms | max ms |');
      console.log('|---|---:|---:|---:|---:|');
      console.log(`| cold: first image, with child start and model load | ${screen.coldStartMs} | | | |`);
      console.log(
        `| warm: ${screen.warmImages} images (${screen.imagesPerSecond}/s) | | ${screen.p50Ms} | ${screen.p95Ms} | ${screen.maxMs} |`,
      );
      console.log(`\nRSS after screening: child ${screen.childRssMb} MB; parent ${screen.parentRssMb} MB (this script, with Vite).`);
    }
    printQuality(result.quality);
  }
} finally {
  await stopScreening?.();
  await vite.close();
  await rm(dir, { recursive: true, force: true });
}

/** Screening: the first image (child start and model load), then warm images one at a time, and both processes' memory. */
async function benchScreening(screening: Screening, fileAt: (index: number) => string) {
  progress(`Screening 1 cold + ${screens} warm images…`);
  const coldStarted = performance.now();
  await screening.screenImage(fileAt(0));
  const coldMs = performance.now() - coldStarted;
  const screenMs: number[] = [];
  for (let index = 1; index <= screens; index++) {
    const started = performance.now();
    await screening.screenImage(fileAt(index));
    screenMs.push(performance.now() - started);
  }
  const childPid = screening.screeningProcessId();
  if (childPid === null) throw new Error('The screening process is gone');
  const childRss = await rssMb(childPid);
  // The parent carries Vite and the app modules too, so this is an upper bound for the server's share.
  const parentRss = Math.round(process.memoryUsage().rss / 1024 / 1024);
  await screening.stopScreening();
  const screenSorted = ascending(screenMs);
  return {
    coldStartMs: Math.round(coldMs),
    warmImages: screens,
    p50Ms: Math.round(percentile(screenSorted, 50)),
    p95Ms: Math.round(percentile(screenSorted, 95)),
    maxMs: Math.round(screenSorted.at(-1) ?? NaN),
    imagesPerSecond: round((screens / screenMs.reduce((sum, ms) => sum + ms, 0)) * 1000, 2),
    childRssMb: childRss,
    parentRssMb: parentRss,
  };
}

/**
 * Builds as members upload them: a title from a varied list and a generated photo
 * of its own size, light and glow, stored as the pipeline stores it (the analysis
 * variant, at most 1080 wide). Each is roasted in turn with the roaster's memory
 * of the roasts before it, as the roast job does, and the roasts are judged in order.
 */
async function judgeQuality(builtin: Builtin, quality: Quality, count: number) {
  const written: Parameters<Quality['judgeRoasts']>[0][number][] = [];
  const analysed: { title: string; facts: Facts; photo: Photo }[] = [];
  const composeMs: number[] = [];
  const history: string[][] = [];
  for (let index = 0; index < count; index++) {
    const spec = quality.photoSpec(index);
    const title = quality.QUALITY_TITLES[index % quality.QUALITY_TITLES.length]!;
    const uploaded = { width: spec.width, height: spec.height };
    const variant = await sharp(Buffer.from(quality.photoSvg(spec)))
      .resize({ width: quality.analysisWidth(spec.width) })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer();
    // As the roast job: the stored copy is measured, its size judged as uploaded.
    const photo = await builtin.analysePhoto(variant, uploaded);
    const named = builtin.parseTitle(title);
    const facts = builtin.builtinFacts(photo, named);
    const started = performance.now();
    const memory = { recent: builtin.recentLines(history.slice(-builtin.ROAST_MEMORY).reverse()), weights: new Map<string, number>() };
    const { text, lines } = builtin.composeRoast({ seed: `quality:${index}`, title, facts, photo, memory, intensity: 'medium' });
    analysed.push({ title, facts, photo });
    composeMs.push(performance.now() - started);
    history.push(lines);
    const buildFacts: BuildFacts = {
      parts: [named.gpu, named.cpu, named.cooler, named.case].filter((part) => part !== null),
      brands: named.brands,
      features: named.features,
      colours: facts.colours,
    };
    written.push({ text, title, photo: uploaded, facts: buildFacts });
  }
  const sorted = ascending(composeMs);
  // The same builds at each intensity, each roasted in turn with its own memory: how harsh they read.
  const intensities = (['gentle', 'medium', 'savage'] as const).map((intensity) => {
    const history: string[][] = [];
    const texts = analysed.map(({ title, facts, photo }, index) => {
      const memory = { recent: builtin.recentLines(history.slice(-builtin.ROAST_MEMORY).reverse()), weights: new Map<string, number>() };
      const roast = builtin.composeRoast({ seed: `quality:${index}`, title, facts, photo, memory, intensity });
      history.push(roast.lines);
      return roast.text;
    });
    return { intensity, ...quality.harshnessOf(texts) };
  });
  return {
    ...quality.judgeRoasts(written),
    intensities,
    titles: quality.QUALITY_TITLES.length,
    composeP50Ms: round(percentile(sorted, 50), 3),
    composeP95Ms: round(percentile(sorted, 95), 3),
  };
}

function printQuality(quality: Awaited<ReturnType<typeof judgeQuality>>) {
  const share = (n: number) => `${n} of ${quality.roasts} (${round((n / quality.roasts) * 100)} %)`;
  console.log(`\nRoast quality, ${quality.roasts} generated builds roasted in a row (${quality.titles} titles, photos 480–1600 px):\n`);
  console.log('| measure | value |');
  console.log('|---|---|');
  console.log(`| sentences (distinct) | ${quality.sentences} (${quality.distinctSentences}) |`);
  console.log(`| distinct sentences per roast | ${round(quality.distinctSentencesPerRoast, 2)} |`);
  console.log(`| sentences used more than once | ${quality.sentencesUsedMoreThanOnce} |`);
  console.log(
    `| most repeated sentence | ${quality.mostRepeated ? `${quality.mostRepeated.count}× “${quality.mostRepeated.sentence}”` : '—'} |`,
  );
  console.log(`| roasts repeating an earlier sentence | ${share(quality.roastsWithARepeatedSentence)} |`);
  console.log(`| roasts naming a concrete fact | ${share(quality.roastsNamingAFact)} |`);
  console.log(`| roasts contradicting their title or photo | ${share(quality.titleContradictions)} |`);
  console.log(`| composition per roast, p50 / p95 ms | ${quality.composeP50Ms} / ${quality.composeP95Ms} |`);
  console.log(`\nHarshness by intensity (insult words minus praise words per 100 words, from the judge's word lists), same builds:\n`);
  console.log('| intensity | harshness | praise words / 100 | insult words / 100 |');
  console.log('|---|---:|---:|---:|');
  for (const row of quality.intensities)
    console.log(`| ${row.intensity} | ${round(row.score, 2)} | ${round(row.praisePer100, 2)} | ${round(row.insultsPer100, 2)} |`);
  for (const example of quality.contradictionExamples) console.log(`\n  Contradiction: ${example}`);
  for (const example of quality.factlessExamples) console.log(`\n  No fact named: ${example}`);
}
