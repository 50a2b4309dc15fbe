// Builds the app (astro build, then precompress.mjs) into a new release of dist/ (or AMORA_OUT_DIR)
// when there is none or any build input changed since the current one, then switches `current` to
// it; a failed build leaves the current release as it was (scripts/releases.mjs).
// Usage: node scripts/build-if-needed.mjs [--force]  (also imported by scripts/start.mjs)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateIcons } from './generate-icons.mjs';
import { precompress } from './precompress.mjs';
import { buildRelease, outDirFromEnv, resolveRelease, STAMP } from './releases.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// AMORA_OUT_DIR builds elsewhere (benchmarks, a deploy folder outside the project): each has its own releases.
const OUT_DIR = outDirFromEnv();
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

/** True when the output folder (dist/ or AMORA_OUT_DIR) has no current build or any input changed after it. */
export function needsBuild() {
  let release;
  try {
    release = resolveRelease(OUT_DIR);
  } catch {
    return true;
  }
  const stamp = path.join(release.dir, STAMP);
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}

/**
 * `astro build` into `dir` (AMORA_OUT_DIR of the child) and the static files' precompressed copies;
 * the release id is the build id pages poll (docs/product.md §7) unless AMORA_BUILD_ID is set.
 * @throws Error when astro build fails.
 */
async function astroBuild(dir, id) {
  // The project's own astro, also when this runs outside npm (no node_modules/.bin on PATH).
  const astro = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'astro.cmd' : 'astro');
  const result = spawnSync(astro, ['build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    // NODE_ENV must be production: an empty or development value makes Vite build a DEV bundle.
    env: {
      ...process.env,
      AMORA_OUT_DIR: dir,
      AMORA_BUILD_ID: process.env.AMORA_BUILD_ID ?? id,
      NODE_ENV: 'production',
      ASTRO_TELEMETRY_DISABLED: '1',
    },
  });
  if (result.status !== 0)
    throw new Error(`astro build failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
  const compressed = await precompress(path.join(dir, 'client'));
  const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
  console.log(
    `build: precompressed ${compressed.files} static files (${kb(compressed.bytes)} → brotli ${kb(compressed.brotliBytes)}, gzip ${kb(compressed.gzipBytes)})`,
  );
}

/** Builds a new release when needed and switches to it; on failure exits the process, the current release untouched. */
export async function buildIfNeeded(force = false) {
  await generateIcons();
  if (!force && !needsBuild()) {
    console.log(`build: ${path.relative(root, OUT_DIR) || OUT_DIR} is up to date`);
    return;
  }
  console.log('build: building the app (astro build)…');
  const started = Date.now();
  try {
    const { id, pruned } = await buildRelease(OUT_DIR, astroBuild);
    console.log(
      `build: release ${id} is current${pruned.length ? ` (removed old releases ${pruned.join(', ')})` : ''}`,
    );
  } catch (error) {
    console.error(`build: ${error instanceof Error ? error.message : error}; the current release is unchanged`);
    process.exit(1);
  }
  console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildIfNeeded(process.argv.includes('--force'));
