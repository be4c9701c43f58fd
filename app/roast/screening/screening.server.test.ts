import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scene } from '../../../scripts/seed-data';
import { waitFor } from '#tests/support/wait';
import {
  configureScreening,
  SCREENING_REASONS,
  screenImage,
  screeningProcessId,
  screeningThresholds,
  screeningVerdict,
  stopScreening,
  type ScreeningScores,
} from './screening.server';

// Starting the process and loading the models takes a few seconds: every test may take this long.
const SLOW = 60_000;
const DEFAULT_TIMINGS = { idleMs: 60_000, timeoutMs: 60_000 };

const FACE_API_DIR = dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json'));
/** Photos of people, shipped with face-api for its demo. */
const PEOPLE_PHOTOS = [1, 2, 3, 4, 5, 6].map((index) => join(FACE_API_DIR, 'demo', `sample${index}.jpg`));
const PEOPLE_PHOTO = PEOPLE_PHOTOS[0]!;

/**
 * The face scores of face-api's own SSD MobileNetV1 (its detectAllFaces, loaded in this
 * process on the same WebAssembly backend) for the pixels the screening process gives
 * its detector: the image scaled to fit 512×512.
 */
async function faceApiScores(file: string): Promise<number[]> {
  const tf = await import('@tensorflow/tfjs');
  await import('@tensorflow/tfjs-backend-wasm');
  const faceapi = await import('@vladmandic/face-api/dist/face-api.node-wasm.js');
  if (tf.getBackend() !== 'wasm') await tf.setBackend('wasm');
  await tf.ready();
  if (!faceapi.nets.ssdMobilenetv1.isLoaded) await faceapi.nets.ssdMobilenetv1.loadFromDisk(join(FACE_API_DIR, 'model'));
  const { data, info } = await sharp(file)
    .resize({ width: 512, height: 512, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = faceapi.tf.tensor3d(data, [info.height, info.width, info.channels], 'int32');
  try {
    const options = new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5, maxResults: 20 });
    return (await faceapi.detectAllFaces(input, options)).map((detection) => detection.score);
  } finally {
    input.dispose();
  }
}

let dir: string;
let builds: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rigroast-screening-'));
  // Our seed scenes at the width of the analysis variant, one of them greyscale.
  builds = await Promise.all(
    [0, 3, 7, 12].map(async (index) => {
      const file = join(dir, `build-${index}.jpg`);
      const image = sharp(Buffer.from(scene(index))).resize(1080);
      await (index === 12 ? image.greyscale() : image).jpeg({ quality: 82 }).toFile(file);
      return file;
    }),
  );
});

afterEach(() => configureScreening(DEFAULT_TIMINGS));

afterAll(async () => {
  await stopScreening();
  await rm(dir, { recursive: true, force: true });
});

function expectWellFormed(scores: ScreeningScores): void {
  const probabilities = Object.values(scores.classes);
  expect(Object.keys(scores.classes).sort()).toEqual(['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy']);
  for (const probability of probabilities) expect(probability).toBeGreaterThanOrEqual(0);
  expect(probabilities.reduce((sum, probability) => sum + probability, 0)).toBeCloseTo(1, 3);
  expect(scores.nsfw).toBeGreaterThanOrEqual(0);
  expect(scores.nsfw).toBeLessThanOrEqual(1);
  expect(scores.ms).toBeGreaterThan(0);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('screenImage', { timeout: SLOW }, () => {
  it('approves our generated build photos with the bundled models, in one process', async () => {
    const pids = new Set<number | null>();
    const durations: number[] = [];
    for (const file of builds) {
      const started = performance.now();
      const scores = await screenImage(file);
      durations.push(performance.now() - started);
      pids.add(screeningProcessId());

      expectWellFormed(scores);
      expect(scores.classes.Neutral + scores.classes.Drawing).toBeGreaterThan(0.9);
      expect(scores.nsfw).toBeLessThan(0.05);
      expect(scores).toMatchObject({ faces: 0, faceScore: 0 });
      expect(screeningVerdict({ scores, look: null, thresholds: screeningThresholds() })).toEqual({ outcome: 'approved', reason: null });
    }
    expect(pids.size).toBe(1);
    expect([...pids][0]).toEqual(expect.any(Number));
    // The first call started the process and loaded the models; the rest only screened.
    expect(Math.max(...durations.slice(1))).toBeLessThan(durations[0]!);
  });

  it('holds a photo of people for a moderator', async () => {
    const scores = await screenImage(PEOPLE_PHOTO);
    expectWellFormed(scores);
    expect(scores.faces).toBeGreaterThanOrEqual(1);
    expect(scores.faceScore).toBeGreaterThanOrEqual(screeningThresholds().faceHold);
    expect(screeningVerdict({ scores, look: null, thresholds: screeningThresholds() })).toEqual({
      outcome: 'held',
      reason: SCREENING_REASONS.person,
    });
  });

  it("finds the same faces, with the same scores, as face-api's own detector", async () => {
    for (const file of [...PEOPLE_PHOTOS, ...builds]) {
      const { faces, faceScore } = await screenImage(file);
      const expected = await faceApiScores(file);
      expect({ file, faces, faceScore }).toEqual({ file, faces: expected.length, faceScore: Math.max(0, ...expected) });
    }
  });

  it('rejects a file that is no image, and goes on working', async () => {
    const notAnImage = join(dir, 'notes.jpg');
    await writeFile(notAnImage, 'not a photo');
    await screenImage(builds[0]!);
    const pid = screeningProcessId();

    await expect(screenImage(notAnImage)).rejects.toThrow(/^Image screening failed: .*unsupported image format/);
    expect(screeningProcessId()).toBe(pid);
    expectWellFormed(await screenImage(builds[0]!));
  });
});

describe('the screening process', { timeout: SLOW }, () => {
  it('is sent pixels: it never loads libvips (decision 015)', async () => {
    await screenImage(builds[0]!);
    const maps = await readFile(`/proc/${screeningProcessId()}/maps`, 'utf8');
    expect(maps).toMatch(/libc\.so/);
    expect(maps).not.toMatch(/libvips/);
  });

  it('exits after the idle time and starts again on the next request', async () => {
    await stopScreening();
    configureScreening({ idleMs: 300 });
    await screenImage(builds[1]!);
    const first = screeningProcessId();
    expect(first).toEqual(expect.any(Number));

    await waitFor(() => screeningProcessId() === null, { timeoutMs: 10_000, intervalMs: 50 });
    expect(isRunning(first!)).toBe(false);

    expectWellFormed(await screenImage(builds[1]!));
    expect(screeningProcessId()).not.toBe(first);
  });

  it('rejects the pending request when the process is killed, and the next request works', async () => {
    await screenImage(builds[0]!);
    const pending = screenImage(builds[2]!);
    const pid = screeningProcessId()!;
    process.kill(pid, 'SIGKILL');

    await expect(pending).rejects.toThrow('The image screening process stopped (SIGKILL)');
    expectWellFormed(await screenImage(builds[2]!));
    expect(screeningProcessId()).not.toBe(pid);
  });

  it('rejects a request that takes too long and replaces the process', async () => {
    await screenImage(builds[0]!);
    const pid = screeningProcessId()!;
    configureScreening({ timeoutMs: 20 });

    await expect(screenImage(builds[3]!)).rejects.toThrow('Image screening took longer than 20 ms');
    await waitFor(() => !isRunning(pid), { timeoutMs: 10_000, intervalMs: 50 });

    configureScreening(DEFAULT_TIMINGS);
    expectWellFormed(await screenImage(builds[3]!));
    expect(screeningProcessId()).not.toBe(pid);
  });

  it('stopScreening ends the process and rejects what it still owed', async () => {
    await screenImage(builds[0]!);
    const pid = screeningProcessId()!;
    const pending = screenImage(builds[1]!);

    await stopScreening();
    await expect(pending).rejects.toThrow('The image screening process stopped (SIGTERM)');
    expect(screeningProcessId()).toBeNull();
    expect(isRunning(pid)).toBe(false);
    await stopScreening();
  });
});
