// The screening child process (forked by screening.server.ts): holds the NSFW
// classifier and the face detector, 250–450 MB the web server must not carry
// (the WebAssembly heap grows on the first image and never shrinks), and exits
// after `idleMs` without work so that memory goes back to the system.
//
// It imports npm packages only: it runs straight from source under Node's type
// stripping (which knows no `~/` alias) and as its own entry of the server build.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import { load as loadNsfw } from 'nsfwjs/core';
import { MobileNetV2Model } from 'nsfwjs/models/mobilenet_v2';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp, { type ResizeOptions, type Sharp } from 'sharp';

export type NsfwClass = 'Drawing' | 'Hentai' | 'Neutral' | 'Porn' | 'Sexy';

/** What the models saw in one image (screening.server.ts derives the NSFW score). */
export type ImageFindings = {
  classes: Record<NsfwClass, number>;
  faces: number;
  faceScore: number;
  ms: number;
};

export type WorkerRequest = { id: number; file: string };

export type WorkerMessage =
  | { type: 'loaded'; ms: number; rss: number }
  | { type: 'result'; id: number; findings: ImageFindings }
  | { type: 'error'; id: number; message: string };

const NSFW_INPUT = 224;
// SSD MobileNetV1 scales its input to 512×512 itself, so more pixels only cost decoding.
const FACE_INPUT = 512;
// The detector's own default; the hold threshold (SCREENING_FACE_HOLD, 0.8) sits well above it.
const FACE_MIN_CONFIDENCE = 0.5;
const FACE_MAX_RESULTS = 20;
const NSFW_CLASSES: readonly NsfwClass[] = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'];

const idleMs = Number(process.argv[2] ?? 60_000);

// Uploaded photos never leave this machine, and a model that tried to download
// anything should fail at once rather than wait on the network.
globalThis.fetch = () => Promise.reject(new Error('The screening process works offline'));

function send(message: WorkerMessage): void {
  process.send?.(message);
}

async function loadModels() {
  const started = performance.now();
  await tf.setBackend('wasm');
  await tf.ready();
  // Both models come from the installed packages: nsfwjs bundles its weights as
  // modules, face-api ships weight files beside its dist folder.
  const nsfw = await loadNsfw('MobileNetV2', { modelDefinitions: [MobileNetV2Model] });
  const faceApiDir = dirname(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/dist/face-api.node-wasm.js')));
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(join(faceApiDir, 'model'));
  send({ type: 'loaded', ms: Math.round(performance.now() - started), rss: process.memoryUsage().rss });
  return nsfw;
}

const models = loadModels();

/** RGB pixels of the image scaled as given; greyscale and CMYK come out as three channels too. */
async function pixels(image: Sharp, resize: ResizeOptions & { width: number; height: number }) {
  const { data, info } = await image.clone().resize(resize).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, shape: [info.height, info.width, info.channels] as [number, number, number] };
}

async function screen(file: string): Promise<ImageFindings> {
  const nsfw = await models;
  const started = performance.now();
  const image = sharp(file);
  const [small, large] = await Promise.all([
    pixels(image, { width: NSFW_INPUT, height: NSFW_INPUT, fit: 'fill' }),
    pixels(image, { width: FACE_INPUT, height: FACE_INPUT, fit: 'inside', withoutEnlargement: true }),
  ]);

  const nsfwInput = tf.tensor3d(small.data, small.shape, 'int32');
  const predictions = await nsfw.classify(nsfwInput, NSFW_CLASSES.length).finally(() => nsfwInput.dispose());
  const classes = Object.fromEntries(NSFW_CLASSES.map((name) => [name, 0])) as Record<NsfwClass, number>;
  for (const { className, probability } of predictions) classes[className] = probability;

  // face-api types its own copy of the tfjs API, so its tensors are made through it.
  const faceInput = faceapi.tf.tensor3d(large.data, large.shape, 'int32');
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: FACE_MIN_CONFIDENCE, maxResults: FACE_MAX_RESULTS });
  let scores: number[];
  try {
    scores = (await faceapi.detectAllFaces(faceInput, options)).map((detection) => detection.score);
  } finally {
    faceInput.dispose();
  }

  return {
    classes,
    faces: scores.length,
    faceScore: Math.max(0, ...scores),
    ms: Math.round(performance.now() - started),
  };
}

let idleTimer: NodeJS.Timeout | undefined;
let inFlight = 0;
// One image at a time: the models are single-threaded anyway, and `ms` stays honest.
let queue: Promise<void> = Promise.resolve();

function waitForWork(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => process.exit(0), idleMs);
}

process.on('message', (request: WorkerRequest) => {
  inFlight += 1;
  clearTimeout(idleTimer);
  queue = queue.then(async () => {
    try {
      send({ type: 'result', id: request.id, findings: await screen(request.file) });
    } catch (error) {
      send({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
    }
    inFlight -= 1;
    if (inFlight === 0) waitForWork();
  });
});

// The parent went away (it exited or crashed): nobody is left to answer.
process.on('disconnect', () => process.exit(0));

// Idle time counts once the models are in (a failure to load is answered to the
// requests that wait on it): the request that started this process is read by then.
const idleOnceLoaded = () => {
  if (inFlight === 0) waitForWork();
};
models.then(idleOnceLoaded, idleOnceLoaded);
