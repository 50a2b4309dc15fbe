import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CLASSIFIER_WORKER_SOURCE } from './classifier-worker-source';

/** Pixels for one classification: the nsfw input (224×224 RGB, 150,528 bytes) and the face input (RGB, any size). */
export interface ClassifierInput {
  nsfw: Uint8Array;
  face: { pixels: Uint8Array; width: number; height: number } | null;
}

/** What the models said: class probabilities (0..1), faces and the youngest apparent age (years), inference ms. */
export interface ClassifierOutput {
  nsfw: Record<string, number>;
  faces?: number;
  youngestAge?: number | null;
  ms: number;
  /** The models, with the packages' versions (e.g. `nsfwjs@4.4.0 MobileNetV2Mid; face-api@1.7.15 …`). */
  model: string;
}

/** The classifier could not start (a model failed to load); no photo is at fault. */
export class ClassifierUnavailableError extends Error {
  override name = 'ClassifierUnavailableError';
}

/** docs/product.md §13 Screening: the models in their worker thread. */
export interface PhotoClassifier {
  /** Whether face detection and the age estimate run (the input then needs `face` pixels). */
  readonly faces: boolean;
  /** @throws ClassifierUnavailableError when the models cannot load; Error on a failed or timed-out classification. */
  classify(input: ClassifierInput): Promise<ClassifierOutput>;
  /** Milliseconds the last start took to load the models (null before the first start). */
  loadMs(): number | null;
  /** Ends the worker (a later call starts a new one). */
  close(): Promise<void>;
}

export interface ClassifierOptions {
  /** Run the face detector and age estimate as well (about 0.4 s more per photo). */
  faces: boolean;
  /** Longest wait for one answer, model loading included (ms); the worker is then ended and restarted. */
  timeoutMs?: number;
  /** After a failed model load, further calls fail at once for this long (ms). */
  retryLoadAfterMs?: number;
  /** An idle worker is ended after this long (ms), giving back its memory (≈250–500 MB); the next call starts it again. */
  idleMs?: number;
}

const require = createRequire(import.meta.url);

/** Absolute paths of the libraries and model files, resolved from node_modules of the running code. */
function workerPaths() {
  const faceApiDir = path.dirname(require.resolve('@vladmandic/face-api/package.json'));
  const wasmFile = require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
  return {
    tfjs: require.resolve('@tensorflow/tfjs'),
    tfjsBackendWasm: require.resolve('@tensorflow/tfjs-backend-wasm'),
    // A prefix ending in the separator: the wasm backend appends the file name and reads it from disk.
    wasmDir: path.dirname(wasmFile) + path.sep,
    nsfwjs: esmEntryOf('nsfwjs'),
    faceApi: path.join(faceApiDir, 'dist', 'face-api.node-wasm.js'),
    faceModels: path.join(faceApiDir, 'model'),
  };
}

interface PackageJson {
  version: string;
  exports?: Record<string, { import?: string }>;
}

/** A package's folder and package.json (read from disk: nsfwjs exports no `./package.json`). */
function packageOf(name: string): { dir: string; json: PackageJson } {
  const entry = require.resolve(name);
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  const dir = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  return { dir, json: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson };
}

/**
 * The file URL of a package's ES module entry. nsfwjs is loaded as ESM: its CommonJS build takes
 * ≈9 s to load the model, its ES build ≈0.4 s.
 */
function esmEntryOf(name: string): string {
  const { dir, json } = packageOf(name);
  const entry = json.exports?.['.']?.import;
  if (!entry) throw new Error(`${name} has no ES module entry`);
  return pathToFileURL(path.join(dir, entry)).href;
}

interface Pending {
  resolve: (output: ClassifierOutput) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A classifier whose models run in one worker thread, started on the first call and kept (the
 * models load once: ≈0.5–1.5 s) until it has been idle for `idleMs`. Requests are answered one at
 * a time in arrival order; the server's event loop only copies pixels. The worker does not keep
 * the process alive while idle.
 * A worker that crashes or does not answer within `timeoutMs` is ended, its pending requests
 * rejected, and the next call starts a new one; when that happens before the models are ready
 * (a model or library failed to load), calls fail with ClassifierUnavailableError for
 * `retryLoadAfterMs` before a new start is tried.
 */
export function createPhotoClassifier(options: ClassifierOptions): PhotoClassifier {
  const timeoutMs = options.timeoutMs ?? 90_000;
  const retryLoadAfterMs = options.retryLoadAfterMs ?? 60_000;
  const idleMs = options.idleMs ?? 10 * 60_000;
  let worker: Worker | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let model = '';
  let lastLoadMs: number | null = null;
  let loadFailedAt = -Infinity;
  let loadError = '';
  let nextId = 1;
  let timedOut = () => {};
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const [id, request] of pending) {
      clearTimeout(request.timer);
      pending.delete(id);
      request.reject(error);
    }
  };
  const stop = (error: Error) => {
    const ending = worker;
    worker = null;
    if (idleTimer) clearTimeout(idleTimer);
    failAll(error);
    void ending?.terminate();
  };
  /** Ends a worker that failed: before its models were ready, the classifier is unavailable for a while. */
  const fail = (failed: Worker, ready: boolean, reason: string) => {
    if (worker !== failed) return;
    if (ready) return stop(new Error(reason));
    loadFailedAt = performance.now();
    loadError = reason;
    stop(new ClassifierUnavailableError(`models did not load: ${reason}`));
  };

  const start = (): Worker => {
    const started = new Worker(CLASSIFIER_WORKER_SOURCE, {
      eval: true,
      workerData: {
        paths: workerPaths(),
        faces: options.faces,
        nsfwModel: 'MobileNetV2Mid',
        minFaceConfidence: 0.5,
        versions: {
          nsfwjs: packageOf('nsfwjs').json.version,
          faceApi: packageOf('@vladmandic/face-api').json.version,
        },
      },
    });
    let ready = false;
    started.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') {
        ready = true;
        lastLoadMs = message.loadMs;
        model = message.model;
      } else if (message.type === 'failed') {
        fail(started, false, message.error);
      } else {
        const request = pending.get(message.id);
        if (!request) return;
        pending.delete(message.id);
        clearTimeout(request.timer);
        if (message.type === 'error') request.reject(new Error(`classification failed: ${message.error}`));
        else {
          const { nsfw, faces, youngestAge, ms } = message;
          request.resolve({ nsfw, ...(faces === undefined ? {} : { faces, youngestAge }), ms, model });
        }
        if (pending.size === 0) {
          started.unref();
          idleTimer = setTimeout(() => {
            if (worker === started && pending.size === 0) stop(new Error('classifier idle'));
          }, idleMs);
          idleTimer.unref();
        }
      }
    });
    started.on('error', (error) => fail(started, ready, `classifier worker failed: ${error.message}`));
    started.on('exit', (code) => fail(started, ready, `classifier worker ended (exit code ${code})`));
    timedOut = () => fail(started, ready, `classifier did not answer within ${timeoutMs} ms`);
    return started;
  };

  return {
    faces: options.faces,
    classify(input) {
      if (performance.now() - loadFailedAt < retryLoadAfterMs)
        return Promise.reject(new ClassifierUnavailableError(`models did not load: ${loadError}`));
      if (idleTimer) clearTimeout(idleTimer);
      worker ??= start();
      const current = worker;
      // Kept alive while answers are awaited, so a script awaiting one does not exit early.
      current.ref();
      const id = nextId++;
      return new Promise<ClassifierOutput>((resolve, reject) => {
        const timer = setTimeout(() => timedOut(), timeoutMs);
        pending.set(id, { resolve, reject, timer });
        current.postMessage({ id, nsfw: input.nsfw, face: input.face });
      });
    },
    loadMs: () => lastLoadMs,
    async close() {
      const ending = worker;
      worker = null;
      if (idleTimer) clearTimeout(idleTimer);
      failAll(new Error('classifier closed'));
      await ending?.terminate();
    },
  };
}

type WorkerMessage =
  | { type: 'ready'; loadMs: number; model: string }
  | { type: 'failed'; error: string }
  | { type: 'error'; id: number; error: string }
  | {
      type: 'result';
      id: number;
      nsfw: Record<string, number>;
      faces?: number;
      youngestAge?: number | null;
      ms: number;
    };

let shared: PhotoClassifier | null = null;

/** The process's classifier (faces included), started on first use. */
export function sharedPhotoClassifier(): PhotoClassifier {
  shared ??= createPhotoClassifier({ faces: true });
  return shared;
}
