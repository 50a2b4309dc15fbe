// Renders the app icons from public/favicon.svg into public/icons/ (git-ignored) with sharp:
// "any" icons in every size browsers and stores ask for, maskable icons with the
// 10 % safe zone, and the iOS apple-touch-icon. Run before every build (build-if-needed.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = fs.readFileSync(path.join(root, 'public', 'favicon.svg'));
const outDir = path.join(root, 'public', 'icons');
export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
export const MASKABLE_SIZES = [192, 512];

/** Writes every icon unless the set is newer than the source SVG. */
export async function generateIcons() {
  const stamp = path.join(outDir, '.stamp');
  const sourceTime = fs.statSync(path.join(root, 'public', 'favicon.svg')).mtimeMs;
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= sourceTime) return;
  fs.mkdirSync(outDir, { recursive: true });
  for (const size of ICON_SIZES) {
    await sharp(source, { density: 384 })
      .resize(size, size)
      .png()
      .toFile(path.join(outDir, `icon-${size}.png`));
  }
  for (const size of MASKABLE_SIZES) {
    const inner = Math.round(size * 0.8);
    const glyph = await sharp(source, { density: 384 }).resize(inner, inner).png().toBuffer();
    await sharp({ create: { width: size, height: size, channels: 4, background: '#d6304f' } })
      .composite([{ input: glyph, gravity: 'centre' }])
      .png()
      .toFile(path.join(outDir, `maskable-${size}.png`));
  }
  await sharp(source, { density: 384 })
    .resize(180, 180)
    .flatten({ background: '#ffffff' })
    .png()
    .toFile(path.join(outDir, 'apple-touch-icon.png'));
  fs.writeFileSync(stamp, new Date().toISOString());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await generateIcons();
