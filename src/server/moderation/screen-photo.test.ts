import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { PhotoScreening } from '../db/schema';
import { createPhotoClassifier } from './photo-classifier';
import {
  decodeForScreening,
  isExplicit,
  reviewPriorityOf,
  screenPhoto,
  UnreadablePhotoError,
  unscoredScreening,
} from './screen-photo';

const classifier = createPhotoClassifier({ faces: true });
afterAll(() => classifier.close());

const scores = (nsfw: Record<string, number>, extra: Partial<PhotoScreening> = {}): PhotoScreening => ({
  nsfw,
  ms: 1,
  model: 'test',
  ...extra,
});

describe('photo screening rules (docs/product.md §13 Screening)', () => {
  it('calls a photo explicit from Porn + Hentai ≥ 0.7; Sexy alone is not explicit', () => {
    expect(isExplicit(scores({ Porn: 0.5, Hentai: 0.2, Neutral: 0.3 }))).toBe(true);
    expect(isExplicit(scores({ Porn: 0.69, Neutral: 0.31 }))).toBe(false);
    expect(isExplicit(scores({ Sexy: 0.99, Porn: 0.01 }))).toBe(false);
    expect(isExplicit(unscoredScreening('unreadable'))).toBe(false);
  });

  it('puts explicit photos and apparent ages under 21 first, then no face or unscored, then the rest', () => {
    expect(reviewPriorityOf(scores({ Porn: 0.9 }, { faces: 1, youngestAge: 30 }))).toBe(2);
    expect(reviewPriorityOf(scores({ Neutral: 0.9 }, { faces: 2, youngestAge: 19.5 }))).toBe(2);
    expect(reviewPriorityOf(scores({ Neutral: 0.9 }, { faces: 0, youngestAge: null }))).toBe(1);
    expect(reviewPriorityOf(unscoredScreening('missing-file'))).toBe(1);
    expect(reviewPriorityOf(scores({ Neutral: 0.9 }, { faces: 1, youngestAge: 21 }))).toBe(0);
    // Without face detection, a missing face is not known.
    expect(reviewPriorityOf(scores({ Neutral: 0.9 }))).toBe(0);
  });

  it('refuses bytes that are not an image as unreadable', async () => {
    await expect(decodeForScreening(new Uint8Array([1, 2, 3, 4]), true)).rejects.toBeInstanceOf(UnreadablePhotoError);
  });
});

describe('the classifier worker (nsfwjs + face-api on the tfjs wasm backend, models from node_modules)', () => {
  it('scores a generated photo: five class probabilities summing to 1, no face, without blocking the event loop', async () => {
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#6a8fb0' } })
      .webp()
      .toBuffer();
    const before = performance.eventLoopUtilization();
    const screening = await screenPhoto(photo, classifier);
    const mainThread = performance.eventLoopUtilization(before);
    expect(Object.keys(screening.nsfw).sort()).toEqual(['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy']);
    const sum = Object.values(screening.nsfw).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 2);
    expect(isExplicit(screening)).toBe(false);
    expect(screening.faces).toBe(0);
    expect(screening.youngestAge).toBeNull();
    expect(screening.model).toMatch(/^nsfwjs@\d+\.\d+\.\d+ MobileNetV2Mid; face-api@\d+\.\d+\.\d+ /);
    expect(screening.ms).toBeGreaterThan(0);
    expect(classifier.loadMs()).toBeGreaterThan(0);
    // Model loading and inference (≈1–2 s of CPU) run in the worker: the main thread mostly waits
    // (utilization near 1 would mean it did the work; a busy machine does not raise it).
    expect(mainThread.utilization).toBeLessThan(0.5);
  }, 120_000);

  it("finds the faces in face-api's own sample photo (clothed adults) and does not call it explicit", async () => {
    const packageDir = path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json'));
    const sample = await readFile(path.join(packageDir, 'demo', 'sample1.jpg'));
    const screening = await screenPhoto(new Uint8Array(sample), classifier);
    expect(screening.faces).toBeGreaterThanOrEqual(2);
    expect(screening.youngestAge).toBeGreaterThan(10);
    expect(isExplicit(screening)).toBe(false);
  }, 120_000);
});
