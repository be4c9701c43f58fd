// The screening child process (forked by screening.server.ts): holds the NSFW
// classifier and the face detector, 190–300 MB the web server must not carry
// (the WebAssembly heap grows on the first images and never shrinks; decision
// 015), and exits after `idleMs` without work so that memory goes back to the system.
// It is sent pixels, decoded by the server, and reads no image file itself: libvips
// and the decoded photos would cost it another 15–20 MB.
//
// It imports npm packages only: it runs straight from source under Node's type
// stripping (which knows no `~/` alias) and as its own entry of the server build,
// which bundles the model libraries (their sources, as loaded from node_modules,
// held 15 MB of this process's heap; decision 015). Their data files (the
// WebAssembly binaries, face-api's weights) are read from node_modules, or in the
// build from screening-models/ beside this bundle (vite.config.ts), so an installed
// server needs none of these packages.
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import { load as loadNsfw } from 'nsfwjs/core';
import { MobileNetV2Model } from 'nsfwjs/models/mobilenet_v2';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type NsfwClass = 'Drawing' | 'Hentai' | 'Neutral' | 'Porn' | 'Sexy';

/** What the models saw in one image (screening.server.ts derives the NSFW score). */
export type ImageFindings = {
  classes: Record<NsfwClass, number>;
  faces: number;
  faceScore: number;
  ms: number;
};

/** 8-bit RGB pixels, row by row; `shape` is [height, width, channels]. */
export type Pixels = { data: Uint8Array; shape: [number, number, number] };

/** One image: the NSFW classifier's input (224×224) and the face detector's (the image within 512×512). */
export type WorkerRequest = { id: number; nsfw: Pixels; faces: Pixels };

export type WorkerMessage =
  | { type: 'loaded'; ms: number; rss: number }
  | { type: 'result'; id: number; findings: ImageFindings }
  | { type: 'error'; id: number; message: string };

// SSD MobileNetV1's input side; the server sends the image scaled to fit it (screening.server.ts).
const FACE_INPUT = 512;
// The detector's own default; the hold threshold (SCREENING_FACE_HOLD, 0.8) sits well above it.
const FACE_MIN_CONFIDENCE = 0.5;
const FACE_MAX_RESULTS = 20;
const NSFW_CLASSES: readonly NsfwClass[] = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'];

const idleMs = Number(process.argv[2] ?? 60_000);

// Uploaded photos never leave this machine, and a model that tried to download
// anything should fail at once rather than wait on the network.
globalThis.fetch = () => Promise.reject(new Error('The screening process works offline'));

// ── The face detector ───────────────────────────────────────────────────────
// face-api's SSD MobileNetV1 runs its network inside one tf.tidy, so every
// layer's output at 512×512 (about 120 MB) lives until the last layer is done,
// and the WebAssembly heap, which never shrinks, grows to hold them all. This
// subclass runs the same operations in the same order, so the scores are the
// same to the bit, and frees each activation as soon as the next layer has
// read it (at most about 35 MB live). face-api's locateFaces (non-maximum
// suppression, the boxes) calls it and is left as it is. It mirrors
// src/ssdMobilenetv1/ of @vladmandic/face-api 1.7.15; a unit test compares the
// two detectors' findings, so an upgrade that changes the network shows there.

type Tensor1D = faceapi.tf.Tensor1D;
type Tensor2D = faceapi.tf.Tensor2D;
type Tensor4D = faceapi.tf.Tensor4D;
type SsdParams = NonNullable<faceapi.SsdMobilenetv1['params']>;
type ConvParams = SsdParams['mobilenetv1']['conv_0'];
type DepthwiseParams = SsdParams['mobilenetv1']['conv_1']['depthwise_conv'];
type BoxParams = SsdParams['prediction_layer']['box_predictor_0'];

const { tf: ops } = faceapi;
const BATCH_NORM_EPSILON = 0.0010000000474974513;
// The MobileNetV1 layers whose depthwise convolution halves the resolution.
const DOWNSAMPLING_LAYERS = new Set([2, 4, 6, 12]);

/** Applies each step to the last one's result, freeing each input (`x` too) once the step has made its output. */
function consume(x: Tensor4D, ...steps: Array<(input: Tensor4D) => Tensor4D>): Tensor4D {
  return steps.reduce((input, step) => {
    const output = step(input);
    input.dispose();
    return output;
  }, x);
}

/** A convolution with its batch-norm offset and ReLU6 (face-api's "pointwise" layer); frees `x`. */
function convLayer(x: Tensor4D, params: ConvParams, strides: [number, number]): Tensor4D {
  return consume(
    x,
    (input) => ops.conv2d(input, params.filters, strides, 'same'),
    (input) => ops.add(input, params.batch_norm_offset),
    (input) => ops.clipByValue(input, 0, 6),
  );
}

/** A depthwise convolution with batch norm and ReLU6; frees `x`. */
function depthwiseLayer(x: Tensor4D, params: DepthwiseParams, strides: [number, number]): Tensor4D {
  const { filters, batch_norm_mean: mean, batch_norm_variance: variance, batch_norm_offset: offset, batch_norm_scale: scale } = params;
  return consume(
    x,
    (input) => ops.depthwiseConv2d(input, filters, strides, 'same'),
    (input) => ops.batchNorm(input, mean, variance, offset, scale, BATCH_NORM_EPSILON),
    (input) => ops.clipByValue(input, 0, 6),
  );
}

/** The features after layer 11 and after layer 13; frees `x` and every other layer's output. */
function mobileNetV1(x: Tensor4D, params: SsdParams['mobilenetv1']): { out: Tensor4D; conv11: Tensor4D } {
  const { conv_0, ...pairs } = params;
  let out = convLayer(x, conv_0, [2, 2]);
  let conv11 = out;
  for (let layer = 1; layer <= 13; layer++) {
    const { depthwise_conv, pointwise_conv } = pairs[`conv_${layer}` as keyof typeof pairs];
    const stride = DOWNSAMPLING_LAYERS.has(layer) ? 2 : 1;
    // The prediction layer reads layer 11's output too: layer 12 frees a handle of its own.
    const input = layer === 12 ? out.clone() : out;
    out = convLayer(depthwiseLayer(input, depthwise_conv, [stride, stride]), pointwise_conv, [1, 1]);
    if (layer === 11) conv11 = out;
  }
  return { out, conv11 };
}

function boxPrediction(x: Tensor4D, { box_encoding_predictor, class_predictor }: BoxParams) {
  const conv = ({ filters, bias }: typeof class_predictor) => ops.add(ops.conv2d(x, filters, [1, 1], 'same'), bias);
  return {
    boxes: ops.reshape(conv(box_encoding_predictor), [x.shape[0], -1, 1, 4]),
    classes: ops.reshape(conv(class_predictor), [x.shape[0], -1, 3]),
  };
}

/** The SSD head over six feature maps, all 32×32 or smaller (their tensors go with the caller's tidy). */
function predictionLayer(x: Tensor4D, conv11: Tensor4D, params: SsdParams['prediction_layer']) {
  const conv0 = convLayer(x.clone(), params.conv_0, [1, 1]);
  const conv1 = convLayer(conv0, params.conv_1, [2, 2]);
  const conv2 = convLayer(conv1.clone(), params.conv_2, [1, 1]);
  const conv3 = convLayer(conv2, params.conv_3, [2, 2]);
  const conv4 = convLayer(conv3.clone(), params.conv_4, [1, 1]);
  const conv5 = convLayer(conv4, params.conv_5, [2, 2]);
  const conv6 = convLayer(conv5.clone(), params.conv_6, [1, 1]);
  const conv7 = convLayer(conv6, params.conv_7, [2, 2]);
  const predictions = [
    boxPrediction(conv11, params.box_predictor_0),
    boxPrediction(x, params.box_predictor_1),
    boxPrediction(conv1, params.box_predictor_2),
    boxPrediction(conv3, params.box_predictor_3),
    boxPrediction(conv5, params.box_predictor_4),
    boxPrediction(conv7, params.box_predictor_5),
  ];
  return {
    boxPredictions: ops.concat(
      predictions.map(({ boxes }) => boxes),
      1,
    ) as Tensor4D,
    classPredictions: ops.concat(
      predictions.map(({ classes }) => classes),
      1,
    ) as Tensor4D,
  };
}

/** Box corners from the anchors and the predicted offsets. */
function decodeBoxes(anchors: Tensor2D, offsets: Tensor2D): Tensor2D {
  const [anchorTop, anchorLeft, anchorBottom, anchorRight] = ops.unstack(ops.transpose(anchors, [1, 0]));
  const sizes = [ops.sub(anchorBottom!, anchorTop!), ops.sub(anchorRight!, anchorLeft!)] as const;
  const centers = [ops.add(anchorTop!, ops.div(sizes[0], 2)), ops.add(anchorLeft!, ops.div(sizes[1], 2))] as const;
  const [y, x, height, width] = ops.unstack(ops.transpose(offsets, [1, 0]));
  const halfHeight = ops.div(ops.mul(ops.exp(ops.div(height!, 5)), sizes[0]), 2);
  const centerY = ops.add(ops.mul(ops.div(y!, 10), sizes[0]), centers[0]);
  const halfWidth = ops.div(ops.mul(ops.exp(ops.div(width!, 5)), sizes[1]), 2);
  const centerX = ops.add(ops.mul(ops.div(x!, 10), sizes[1]), centers[1]);
  const corners = [ops.sub(centerY, halfHeight), ops.sub(centerX, halfWidth), ops.add(centerY, halfHeight), ops.add(centerX, halfWidth)];
  return ops.transpose(ops.stack(corners), [1, 0]) as Tensor2D;
}

function outputLayer(boxPredictions: Tensor4D, classPredictions: Tensor4D, params: SsdParams['output_layer']) {
  const batchSize = boxPredictions.shape[0];
  const anchors = ops.reshape(ops.tile(params.extra_dim, [batchSize, 1, 1]), [-1, 4]) as Tensor2D;
  const decoded = decodeBoxes(anchors, ops.reshape(boxPredictions, [-1, 4]) as Tensor2D);
  const boxes = ops.reshape(decoded, [batchSize, decoded.shape[0] / batchSize, 4]);
  const scoresAndClasses = ops.sigmoid(ops.slice(classPredictions, [0, 0, 1], [-1, -1, -1]));
  const scores = ops.slice(scoresAndClasses, [0, 0, 0], [-1, -1, 1]);
  return {
    boxes: ops.unstack(boxes) as Tensor2D[],
    scores: ops.unstack(ops.reshape(scores, [batchSize, scores.shape[1]!])) as Tensor1D[],
  };
}

class LeanSsdMobilenetv1 extends faceapi.SsdMobilenetv1 {
  override forwardInput(input: faceapi.NetInput) {
    const { params } = this;
    if (!params) throw new Error('The face detector is not loaded');
    return ops.tidy(() => {
      const x = consume(
        input.toBatchTensor(FACE_INPUT, false),
        (batch) => ops.cast(batch, 'float32'),
        (batch) => ops.div(batch, 127.5),
        (batch) => ops.sub(batch, 1),
      );
      const { out, conv11 } = mobileNetV1(x, params.mobilenetv1);
      const { boxPredictions, classPredictions } = predictionLayer(out, conv11, params.prediction_layer);
      return outputLayer(boxPredictions, classPredictions, params.output_layer);
    });
  }
}

const faceDetector = new LeanSsdMobilenetv1();

/**
 * Answers the server. It may have gone while an image was screened (it stopped, or
 * crashed): the models' work holds the event loop, so the closed channel is noticed
 * ('disconnect' below) only after this write, which then fails (EPIPE). Without a
 * callback Node raises that failure as an 'error' nobody handles, and this process dies
 * with a stack trace on the server's stderr. Nobody is left to answer: leave quietly.
 */
function send(message: WorkerMessage): void {
  if (!process.send) return;
  if (!process.connected) process.exit(0);
  process.send(message, undefined, undefined, (error: Error | null) => {
    if (error) process.exit(0);
  });
}

/** The folders holding the WebAssembly binaries and face-api's weights. */
function modelFolders(): { wasm: string; faces: string } {
  const built = join(import.meta.dirname, 'screening-models');
  if (existsSync(built)) return { wasm: built, faces: built };
  const packageFile = createRequire(import.meta.url).resolve;
  const faceApiDir = dirname(dirname(packageFile('@vladmandic/face-api/dist/face-api.node-wasm.js')));
  return { wasm: dirname(packageFile('@tensorflow/tfjs-backend-wasm')), faces: join(faceApiDir, 'model') };
}

async function loadModels() {
  const started = performance.now();
  const folders = modelFolders();
  setWasmPaths(folders.wasm + '/');
  // tfjs would fall back to its plain-JavaScript backend: slower, and its scores differ in the last digits.
  if (!(await tf.setBackend('wasm'))) throw new Error('The WebAssembly backend did not start');
  await tf.ready();
  // nsfwjs bundles its weights as modules; face-api's are files.
  const nsfw = await loadNsfw('MobileNetV2', { modelDefinitions: [MobileNetV2Model] });
  await faceDetector.loadFromDisk(folders.faces);
  send({ type: 'loaded', ms: Math.round(performance.now() - started), rss: process.memoryUsage().rss });
  return nsfw;
}

const models = loadModels();

async function screen({ nsfw: small, faces: large }: WorkerRequest): Promise<ImageFindings> {
  const nsfw = await models;
  const started = performance.now();
  const nsfwInput = tf.tensor3d(small.data, small.shape, 'int32');
  const predictions = await nsfw.classify(nsfwInput, NSFW_CLASSES.length).finally(() => nsfwInput.dispose());
  const classes = Object.fromEntries(NSFW_CLASSES.map((name) => [name, 0])) as Record<NsfwClass, number>;
  for (const { className, probability } of predictions) classes[className] = probability;

  // face-api types its own copy of the tfjs API, so its tensors are made through it.
  const faceInput = faceapi.tf.tensor3d(large.data, large.shape, 'int32');
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: FACE_MIN_CONFIDENCE, maxResults: FACE_MAX_RESULTS });
  let scores: number[];
  try {
    scores = (await faceDetector.locateFaces(faceInput, options)).map((detection) => detection.score);
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
      send({ type: 'result', id: request.id, findings: await screen(request) });
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
