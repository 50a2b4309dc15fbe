/**
 * Makes the built-in offline GIF set of the chat (the stickers listed in
 * src/server/gifs/offline-gifs.ts) into public/gifs/.
 *
 * Every GIF is drawn frame by frame as an SVG string (flat vector shapes; the per-frame
 * transforms are computed in code, periodic in t so the loop is seamless), rasterised with
 * sharp (librsvg), reduced to one shared palette and joined into an animated, endlessly
 * looping GIF. Each GIF is written twice, drawn at each size: `{id}.gif` at 240×180 and
 * `{id}-preview.gif` at 120×90. A file over its budget (60 KB full size, 20 KB preview) is
 * re-encoded with a smaller palette, then with every other frame shown twice as long.
 * Text is DejaVu Sans only (no emoji glyphs). The sizes used are printed at the end.
 *
 * The drawings live in scripts/gifs/ (helpers in draw.ts, the stickers in stickers-*.ts);
 * this file holds the GIF order, palette reduction, encoding and main.
 *
 * Run: `npx tsx scripts/make-gifs.ts` (optionally followed by GIF ids to make only those).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { OFFLINE_GIFS } from '../src/server/gifs/offline-gifs';
import type { GifDef } from './gifs/draw';
import { H, W, svgFrame } from './gifs/draw';
import { wink, laugh, blush, kiss, sad } from './gifs/stickers-faces';
import { coffee, goodMorning, goodNight, party, hot, cheers } from './gifs/stickers-scenes';
import { heartBeat, heartsFloat, hi, wow, ok, question } from './gifs/stickers-symbols';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'public', 'gifs');
const FULL_BUDGET = 60 * 1024;
const PREVIEW_BUDGET = 20 * 1024;

/** The set, in the order the GIFs are made and listed. */
const GIFS: GifDef[] = [
  heartBeat,
  heartsFloat,
  wink,
  laugh,
  hi,
  wow,
  blush,
  kiss,
  coffee,
  goodMorning,
  goodNight,
  party,
  hot,
  cheers,
  sad,
  ok,
  question,
];

/**
 * Reduces all frames of one GIF to one shared palette (libimagequant through sharp's PNG
 * palette mode, run once on all frames stacked into one tall image; no dithering). With a
 * shared, exact palette, unchanged pixels stay identical from frame to frame, so the GIF
 * encoder leaves them out and the file stays small. Lower `quality` means fewer colours.
 */
async function quantise(frames: Buffer[], width: number, height: number, quality: number): Promise<Buffer[]> {
  const stacked = Buffer.concat(frames);
  const png = await sharp(stacked, { raw: { width, height: height * frames.length, channels: 3 } })
    .png({ palette: true, quality, dither: 0, effort: 10 })
    .toBuffer();
  const flat = await sharp(png).removeAlpha().raw().toBuffer();
  const size = width * height * 3;
  return frames.map((_, k) => flat.subarray(k * size, (k + 1) * size));
}

/** Renders the frames of `def` at width×height and encodes them as a looping GIF within `budget` bytes if possible. */
async function encode(def: GifDef, width: number, height: number, budget: number) {
  const shift = def.startFrame ?? 0;
  const order = Array.from({ length: def.frames }, (_, j) => (j + shift) % def.frames);
  const raw = await Promise.all(
    order.map((i) =>
      sharp(Buffer.from(svgFrame(def, i / def.frames, i, width, height)))
        .flatten({ background: '#ffffff' })
        .raw()
        .toBuffer(),
    ),
  );
  const delay = order.map((i) => def.delay?.(i) ?? 80);
  // A smaller palette first; if that is not enough, every other frame (each shown twice as long).
  const attempts = [100, 85, 70, 55]
    .map((q) => ({ quality: q, step: 1 }))
    .concat([85, 70, 55].map((q) => ({ quality: q, step: 2 })));
  let out = Buffer.alloc(0);
  let used = { quality: 0, step: 1 };
  for (const attempt of attempts) {
    used = attempt;
    const keep = raw.map((_, j) => j).filter((j) => j % attempt.step === 0);
    const frames = await Promise.all(
      (
        await quantise(
          keep.map((j) => raw[j]!),
          width,
          height,
          attempt.quality,
        )
      ).map((f) =>
        sharp(f, { raw: { width, height, channels: 3 } })
          .png({ compressionLevel: 1 })
          .toBuffer(),
      ),
    );
    const delays = keep.map((j) => delay.slice(j, j + attempt.step).reduce((x, y) => x + y, 0));
    out = await sharp(frames, { join: { animated: true } })
      .gif({ delay: delays, loop: 0, effort: 7, dither: 0 })
      .toBuffer();
    if (out.length <= budget) break;
  }
  return { out, ...used, frames: Math.ceil(def.frames / used.step) };
}

async function main() {
  const only = process.argv.slice(2);
  const ids = new Set(OFFLINE_GIFS.map((g) => g.id));
  for (const def of GIFS) if (!ids.has(def.id)) throw new Error(`GIF ${def.id} is missing from OFFLINE_GIFS`);
  for (const id of ids)
    if (!GIFS.some((g) => g.id === id)) throw new Error(`OFFLINE_GIFS lists ${id} but no drawing exists`);
  fs.mkdirSync(outDir, { recursive: true });
  let total = 0;
  for (const def of GIFS) {
    if (only.length && !only.includes(def.id)) continue;
    const full = await encode(def, W, H, FULL_BUDGET);
    const preview = await encode(def, W / 2, H / 2, PREVIEW_BUDGET);
    fs.writeFileSync(path.join(outDir, `${def.id}.gif`), full.out);
    fs.writeFileSync(path.join(outDir, `${def.id}-preview.gif`), preview.out);
    total += full.out.length + preview.out.length;
    const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
    const warn = full.out.length > FULL_BUDGET || preview.out.length > PREVIEW_BUDGET ? '  (over budget!)' : '';
    const info = (r: typeof full) => `${kb(r.out.length).padStart(8)} (${r.frames} frames, quality ${r.quality})`;
    console.log(`${def.id.padEnd(13)} ${info(full)}   preview ${info(preview)}${warn}`);
  }
  console.log(`total ${(total / 1024).toFixed(1)} KB in ${path.relative(root, outDir)}/`);
}

await main();
