/**
 * The photo classifier's worker thread (docs/product.md §13 Screening), as source text run with
 * `new Worker(CLASSIFIER_WORKER_SOURCE, { eval: true, workerData })`. It is a string, not a module
 * file, because the server is bundled by Astro into `dist/server/chunks/`, where a worker file
 * beside the source would not exist; the string survives bundling, and the worker loads the
 * libraries by the absolute paths in `workerData.paths` (resolved from node_modules by
 * photo-classifier.ts; nsfwjs by the file URL of its ES module build), so nothing depends on the
 * working directory.
 *
 * CommonJS, run on the TensorFlow.js WebAssembly backend (the `.wasm` files ship in
 * `@tensorflow/tfjs-backend-wasm`; no native binaries). Models come from the packages on disk:
 * nsfwjs's MobileNetV2Mid is bundled in `nsfwjs` as JavaScript modules, face-api's SSD
 * MobileNet v1 face detector and age/gender net are the files in `@vladmandic/face-api/model`.
 * Nothing is fetched from the network.
 *
 * Protocol. At start the worker posts `{ type: 'ready', loadMs, model }` or
 * `{ type: 'failed', error }`. Each request `{ id, nsfw: Uint8Array (224×224×3 RGB),
 * face: { pixels, width, height } | null }` is answered, one at a time in arrival order, with
 * `{ type: 'result', id, nsfw: { className: probability }, faces?, youngestAge?, ms }` or
 * `{ type: 'error', id, error }`. Ages are years (face-api's estimate), `ms` the inference time.
 * Console output of the libraries (tfjs's banner, nsfwjs's notices) is silenced: the server's
 * stdout carries JSON log lines only.
 */
export const CLASSIFIER_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
for (const level of ['log', 'info', 'warn', 'debug']) console[level] = () => {};
const paths = workerData.paths;
const tf = require(paths.tfjs);
const wasm = require(paths.tfjsBackendWasm);
const faceapi = workerData.faces ? require(paths.faceApi) : null;
const NSFW_SIZE = 224;
let faceOptions = null;

async function load() {
  const started = performance.now();
  wasm.setWasmPaths(paths.wasmDir);
  if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend unavailable');
  await tf.ready();
  const nsfwjs = await import(paths.nsfwjs);
  const model = await nsfwjs.load(workerData.nsfwModel, { size: NSFW_SIZE });
  let name = 'nsfwjs@' + workerData.versions.nsfwjs + ' ' + workerData.nsfwModel;
  if (faceapi) {
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(paths.faceModels);
    await faceapi.nets.ageGenderNet.loadFromDisk(paths.faceModels);
    faceOptions = new faceapi.SsdMobilenetv1Options({ minConfidence: workerData.minFaceConfidence, maxResults: 20 });
    name += '; face-api@' + workerData.versions.faceApi + ' ssd_mobilenetv1+age_gender';
  }
  return { model, name, loadMs: performance.now() - started };
}

async function classify(model, request) {
  const started = performance.now();
  const input = tf.tensor3d(request.nsfw, [NSFW_SIZE, NSFW_SIZE, 3], 'int32');
  let predictions;
  try {
    predictions = await model.classify(input, 5);
  } finally {
    input.dispose();
  }
  const nsfw = {};
  for (const p of predictions) nsfw[p.className] = Math.round(p.probability * 1e4) / 1e4;
  const answer = { type: 'result', id: request.id, nsfw };
  if (faceapi && request.face) {
    const { pixels, width, height } = request.face;
    const image = tf.tensor3d(pixels, [height, width, 3], 'int32');
    try {
      const found = await faceapi.detectAllFaces(image, faceOptions).withAgeAndGender();
      answer.faces = found.length;
      answer.youngestAge = found.length ? Math.round(Math.min(...found.map((f) => f.age)) * 10) / 10 : null;
    } finally {
      image.dispose();
    }
  }
  answer.ms = Math.round(performance.now() - started);
  return answer;
}

const loading = load();
loading.then(
  (loaded) => parentPort.postMessage({ type: 'ready', loadMs: Math.round(loaded.loadMs), model: loaded.name }),
  (error) => parentPort.postMessage({ type: 'failed', error: String((error && error.message) || error) }),
);
let queue = loading.catch(() => null);
parentPort.on('message', (request) => {
  queue = queue.then(async (loaded) => {
    if (!loaded) return loaded;
    try {
      parentPort.postMessage(await classify(loaded.model, request));
    } catch (error) {
      parentPort.postMessage({ type: 'error', id: request.id, error: String((error && error.message) || error) });
    }
    return loaded;
  });
});
`;
