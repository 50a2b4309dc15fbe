// Builds the app (astro build, then precompress.mjs) when dist/ is missing or older than any build input.
// Usage: node scripts/build-if-needed.mjs [--force]  (also imported by scripts/start.mjs)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateIcons } from './generate-icons.mjs';
import { precompress } from './precompress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// AMORA_OUT_DIR builds elsewhere (second builds of the PWA test, benchmarks): each output has its own stamp.
const OUT_DIR = path.resolve(root, process.env.AMORA_OUT_DIR ?? 'dist');
const STAMP = path.join(OUT_DIR, '.build-stamp');
const INPUTS = [
  'src',
  'config',
  'content',
  'scripts/build-if-needed.mjs',
  'scripts/generate-icons.mjs',
  'scripts/precompress.mjs',
  // Imported by astro.config.mjs.
  'scripts/client-chunks.mjs',
  'scripts/zod-in-browser.mjs',
  'locales',
  'public',
  'landers',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when the output folder (dist/ or AMORA_OUT_DIR) is missing or any input changed after its last build. */
export function needsBuild() {
  if (!fs.existsSync(STAMP) || !fs.existsSync(path.join(OUT_DIR, 'server', 'entry.mjs'))) return true;
  const built = fs.statSync(STAMP).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}

/** Runs `astro build` when needed; exits the process on failure. */
export async function buildIfNeeded(force = false) {
  await generateIcons();
  if (!force && !needsBuild()) {
    console.log('build: dist/ is up to date');
    return;
  }
  console.log('build: building the app (astro build)…');
  const started = Date.now();
  const result = spawnSync('astro', ['build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    // NODE_ENV must be production: an empty or development value makes Vite build a DEV bundle.
    env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const compressed = await precompress(path.join(OUT_DIR, 'client'));
  const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
  console.log(
    `build: precompressed ${compressed.files} static files (${kb(compressed.bytes)} → brotli ${kb(compressed.brotliBytes)}, gzip ${kb(compressed.gzipBytes)})`,
  );
  fs.writeFileSync(STAMP, new Date().toISOString());
  console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildIfNeeded(process.argv.includes('--force'));
