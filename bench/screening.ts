/**
 * `npm run bench:screening`: the photo screening's cost and its accuracy on a labelled set
 * (docs/product.md §13 Screening).
 * Starts the classifier worker (nsfwjs MobileNetV2Mid, face-api SSD MobileNet v1 + age/gender,
 * on the tfjs WebAssembly backend, models from node_modules) and prints:
 * - cold start: the models' load time in the worker and the first photo's total time;
 * - time per photo (decode + inference) p50/p99 over BENCH_PASSES (default 3) passes of the set,
 *   with faces and, for comparison, with nsfwjs alone;
 * - the main thread's event-loop delay (p99/max) while photos are scored, and the process's RSS;
 * - accuracy on the labelled set of bench/screening/labelled-set.ts: "not explicit" (every label:
 *   no explicit image can ship, so this measures false flags only), the Drawing class on the
 *   drawings, face presence (some on face-api's demo photos, none on the generated ones), and the
 *   apparent ages on the demo photos (adults; any youngest age under 21 is a needless urgent review).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createPhotoClassifier, type PhotoClassifier } from '../src/server/moderation/photo-classifier';
import { isExplicit, MIN_APPARENT_AGE, screenPhoto } from '../src/server/moderation/screen-photo';
import type { PhotoScreening } from '../src/server/db/schema';
import { labelledSet, type LabelledPhoto } from './screening/labelled-set';
import { percentile } from './search/scenarios';

const passes = Number(process.env.BENCH_PASSES ?? '3');
const MB = 1024 * 1024;
const round = (value: number) => Math.round(value);
const pct = (hits: number, total: number) => `${hits}/${total} = ${((100 * hits) / Math.max(1, total)).toFixed(0)} %`;
const topClass = (screening: PhotoScreening) =>
  Object.entries(screening.nsfw).sort((a, b) => b[1] - a[1])[0]?.[0] ?? '-';

/** Scores the set `passes` times; returns the per-photo times (ms) and the last pass's screenings. */
async function timeSet(classifier: PhotoClassifier, set: LabelledPhoto[]) {
  const times: number[] = [];
  let screenings: PhotoScreening[] = [];
  for (let pass = 0; pass < passes; pass++) {
    screenings = [];
    for (const photo of set) {
      const started = performance.now();
      screenings.push(await screenPhoto(photo.bytes, classifier));
      times.push(performance.now() - started);
    }
  }
  return { times: times.sort((a, b) => a - b), screenings };
}

async function main(): Promise<void> {
  const set = await labelledSet();
  const rssBefore = process.memoryUsage().rss;
  const classifier = createPhotoClassifier({ faces: true });
  const loop = monitorEventLoopDelay({ resolution: 10 });

  const coldStarted = performance.now();
  await screenPhoto(set[0]!.bytes, classifier);
  const firstMs = performance.now() - coldStarted;
  loop.enable();
  const withFaces = await timeSet(classifier, set);
  loop.disable();
  const rssAfter = process.memoryUsage().rss;
  await classifier.close();

  const nsfwOnly = createPhotoClassifier({ faces: false });
  await screenPhoto(set[0]!.bytes, nsfwOnly);
  const alone = await timeSet(nsfwOnly, set);
  await nsfwOnly.close();

  console.log(`\nPhoto screening bench: ${set.length} photos × ${passes} passes, ${withFaces.screenings[0]!.model}`);
  console.log(`  cold start: models loaded in ${classifier.loadMs()} ms; first photo ${round(firstMs)} ms in all`);
  console.log(
    `  per photo with faces: p50 ${round(percentile(withFaces.times, 50))} ms, p99 ${round(percentile(withFaces.times, 99))} ms` +
      ` (nsfwjs alone: p50 ${round(percentile(alone.times, 50))} ms, p99 ${round(percentile(alone.times, 99))} ms)`,
  );
  console.log(
    `  main thread while scoring: event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms;` +
      ` RSS ${round(rssBefore / MB)} → ${round(rssAfter / MB)} MB with the models loaded`,
  );

  const rows = set.map((photo, index) => ({ photo, screening: withFaces.screenings[index]! }));
  const notExplicit = rows.filter(({ screening }) => !isExplicit(screening)).length;
  const drawings = rows.filter(({ photo }) => photo.expected.topClass === 'Drawing');
  const drawingHits = drawings.filter(({ screening }) => topClass(screening) === 'Drawing').length;
  const faceHits = rows.filter(({ photo, screening }) =>
    photo.expected.faces === 'some' ? (screening.faces ?? 0) > 0 : screening.faces === 0,
  ).length;
  const demo = rows.filter(({ photo }) => photo.group === 'face-api demo');
  const young = demo.filter(({ screening }) => (screening.youngestAge ?? Infinity) < MIN_APPARENT_AGE).length;

  console.log('\n  Labelled set: face-api demo photos (clothed adults, shipped in @vladmandic/face-api),');
  console.log('  generated flat colours, gradients, noise and text, and generated flat drawings (sharp + SVG).');
  console.log('  No explicit photo can ship, so only false flags are measured, not the detection of nudity.');
  console.log(`  not explicit (all ${rows.length}):            ${pct(notExplicit, rows.length)}`);
  console.log(`  top class Drawing (drawings):         ${pct(drawingHits, drawings.length)}`);
  console.log(`  faces found / none as labelled:       ${pct(faceHits, rows.length)}`);
  console.log(
    `  demo photos with an apparent age < ${MIN_APPARENT_AGE}: ${pct(young, demo.length)} (adults: needless urgent reviews)`,
  );
  console.log('\n  photo                               group          top class  Porn+Hentai  faces  youngest');
  for (const { photo, screening } of rows) {
    const explicitScore = (screening.nsfw.Porn ?? 0) + (screening.nsfw.Hentai ?? 0);
    console.log(
      `  ${photo.name.slice(0, 34).padEnd(36)}${photo.group.padEnd(15)}${topClass(screening).padEnd(11)}` +
        `${explicitScore.toFixed(3).padStart(11)}  ${String(screening.faces ?? '-').padStart(5)}  ${String(screening.youngestAge ?? '-').padStart(8)}`,
    );
  }
}

await main();
