/**
 * `npx tsx scripts/make-lander-media.ts`: draws the landers' hero media into
 * `landers/media/` (committed; the server copies it into storage under
 * `landers/` at start, served under `cdn_prefix`). Needs ffmpeg
 * (`apt-get install ffmpeg`) only when re-drawing, never to build or run.
 *
 * For each gender shown by a niche (women; men on the gay niche) and each
 * orientation: a 8 s looping background video (a slow drift across a mosaic of
 * the demo portraits under a dark gradient, VP9 WebM, no audio) and its first
 * frame as the WebP poster that paints first.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { renderAvatarSvg } from '../src/server/platform/demo-people/avatars';

const OUT = path.resolve(import.meta.dirname, '../landers/media/video');
const FPS = 24;
const SECONDS = 8;
const SIZES = { portrait: [540, 960], landscape: [1280, 720] } as const;
const TILE = 240;

async function mosaic(gender: 'female' | 'male', columns: number, rows: number): Promise<Buffer> {
  const tiles = await Promise.all(
    Array.from({ length: columns * rows }, async (_, i) => ({
      input: await sharp(Buffer.from(renderAvatarSvg(gender, i % 24)))
        .resize(TILE, TILE * 1.25, { fit: 'cover', position: 'top' })
        .png()
        .toBuffer(),
      left: (i % columns) * TILE,
      top: Math.floor(i / columns) * TILE * 1.25,
    })),
  );
  return sharp({ create: { width: columns * TILE, height: rows * TILE * 1.25, channels: 3, background: '#1a0f14' } })
    .composite(tiles)
    .png()
    .toBuffer();
}

async function draw(gender: 'female' | 'male', orientation: keyof typeof SIZES) {
  const [width, height] = SIZES[orientation];
  const columns = Math.ceil((width * 1.35) / TILE) + 1;
  const rows = Math.ceil((height * 1.2) / (TILE * 1.25)) + 1;
  const base = await mosaic(gender, columns, rows);
  const meta = await sharp(base).metadata();
  const shade = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#12070c" stop-opacity=".55"/><stop offset=".55" stop-color="#12070c" stop-opacity=".62"/><stop offset="1" stop-color="#12070c" stop-opacity=".9"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lander-video-'));
  const frames = FPS * SECONDS;
  const travelX = meta.width! - width;
  const travelY = meta.height! - height;
  for (let frame = 0; frame < frames; frame += 1) {
    // A slow ellipse: the loop ends where it starts.
    const angle = (2 * Math.PI * frame) / frames;
    const left = Math.round(((1 - Math.cos(angle)) / 2) * travelX * 0.6);
    const top = Math.round(((1 - Math.cos(angle * 2)) / 4 + Math.sin(angle) / 4 + 0.25) * travelY * 0.8);
    const image = sharp(base)
      .extract({ left, top, width, height })
      .blur(1.2)
      .composite([{ input: shade }]);
    await image.png().toFile(path.join(dir, `${String(frame).padStart(4, '0')}.png`));
    if (frame === 0)
      await sharp(path.join(dir, '0000.png'))
        .webp({ quality: 58 })
        .toFile(path.join(OUT, `${gender}-${orientation}.webp`));
  }
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-framerate',
    String(FPS),
    '-i',
    path.join(dir, '%04d.png'),
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    orientation === 'portrait' ? '350k' : '550k',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-cpu-used',
    '4',
    '-pix_fmt',
    'yuv420p',
    '-an',
    path.join(OUT, `${gender}-${orientation}.webm`),
  ]);
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(
    `${gender}-${orientation}: ${fs.statSync(path.join(OUT, `${gender}-${orientation}.webm`)).size} bytes video, ${fs.statSync(path.join(OUT, `${gender}-${orientation}.webp`)).size} bytes poster`,
  );
}

fs.mkdirSync(OUT, { recursive: true });
for (const gender of ['female', 'male'] as const)
  for (const orientation of ['portrait', 'landscape'] as const) await draw(gender, orientation);
