import { createRequire } from 'node:module';
import path from 'node:path';
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
    nsfwjs: require.resolve('nsfwjs'),
    faceApi: path.join(faceApiDir, 'dist', 'face-api.node-wasm.js'),
    faceModels: path.join(faceApiDir, 'model'),
  };
}

function versionOf(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

interface Pending {
  resolve: (output: ClassifierOutput) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A classifier whose models run in one worker thread, started on the first call and kept (the
 * models load once: ≈0.5–1.5 s). Requests are answered one at a time in arrival order; the
 * server's event loop only copies pixels. The worker does not keep the process alive while idle.
 * A worker that crashes or does not answer within `timeoutMs` is ended, its pending requests
 * rejected, and the next call starts a new one.
 */
export function createPhotoClassifier(options: ClassifierOptions): PhotoClassifier {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const retryLoadAfterMs = options.retryLoadAfterMs ?? 60_000;
  let worker: Worker | null = null;
  let model = '';
  let lastLoadMs: number | null = null;
  let loadFailedAt = -Infinity;
  let loadError = '';
  let nextId = 1;
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
    failAll(error);
    void ending?.terminate();
  };

  const start = (): Worker => {
    const started = new Worker(CLASSIFIER_WORKER_SOURCE, {
      eval: true,
      workerData: {
        paths: workerPaths(),
        faces: options.faces,
        nsfwModel: 'MobileNetV2Mid',
        minFaceConfidence: 0.5,
        versions: { nsfwjs: versionOf('nsfwjs'), faceApi: versionOf('@vladmandic/face-api') },
      },
    });
    started.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') {
        lastLoadMs = message.loadMs;
        model = message.model;
      } else if (message.type === 'failed') {
        loadFailedAt = performance.now();
        loadError = message.error;
        if (worker === started) stop(new ClassifierUnavailableError(`models did not load: ${message.error}`));
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
        if (pending.size === 0) started.unref();
      }
    });
    started.on('error', (error) => {
      if (worker === started) stop(new Error(`classifier worker failed: ${error.message}`));
    });
    started.on('exit', (code) => {
      if (worker === started) stop(new Error(`classifier worker ended (exit code ${code})`));
    });
    return started;
  };

  return {
    faces: options.faces,
    classify(input) {
      if (performance.now() - loadFailedAt < retryLoadAfterMs)
        return Promise.reject(new ClassifierUnavailableError(`models did not load: ${loadError}`));
      worker ??= start();
      const current = worker;
      // Kept alive while answers are awaited, so a script awaiting one does not exit early.
      current.ref();
      const id = nextId++;
      return new Promise<ClassifierOutput>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (worker === current) stop(new Error(`classifier did not answer within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        current.postMessage({ id, nsfw: input.nsfw, face: input.face });
      });
    },
    loadMs: () => lastLoadMs,
    async close() {
      const ending = worker;
      worker = null;
      failAll(new Error('classifier closed'));
      await ending?.terminate();
    },
  };
}

type WorkerMessage =
  | { type: 'ready'; loadMs: number; model: string }
  | { type: 'failed'; error: string }
  | { type: 'error'; id: number; error: string }
  | { type: 'result'; id: number; nsfw: Record<string, number>; faces?: number; youngestAge?: number | null; ms: number };

let shared: PhotoClassifier | null = null;

/** The process's classifier (faces included), started on first use. */
export function sharedPhotoClassifier(): PhotoClassifier {
  shared ??= createPhotoClassifier({ faces: true });
  return shared;
}
