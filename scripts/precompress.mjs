/**
 * Build step (docs/architecture.md §3 Serving and compression): writes a brotli (`.br`, quality 11) and a
 * gzip (`.gz`, level 9) copy next to every compressible file of the build's static folder
 * (scripts, styles, SVG, JSON, the offline page), so the server sends them without compressing
 * at request time. Files under 1 KB gain nothing and are skipped, as are the pre-rendered pages
 * under `sites/` (the app serves those itself and keeps their compressed copies in memory).
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Extensions worth compressing (text formats; images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/i;
/** Below this size (bytes) a compressed copy is not worth a request's negotiation. */
export const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The files of `dir` (recursively) to precompress, as absolute paths. */
function filesToCompress(dir, top = dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path.relative(top, file) !== 'sites') out.push(...filesToCompress(file, top));
    } else if (COMPRESSIBLE.test(entry.name) && fs.statSync(file).size >= MIN_BYTES) out.push(file);
  }
  return out;
}

/**
 * Precompresses the static folder `clientDir`.
 * @param {string} clientDir
 * @returns {Promise<{ files: number, bytes: number, brotliBytes: number, gzipBytes: number }>}
 */
export async function precompress(clientDir) {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of filesToCompress(clientDir)) {
    const body = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      }),
      gzip(body, { level: 9 }),
    ]);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.bytes += body.byteLength;
    totals.brotliBytes += br.byteLength;
    totals.gzipBytes += gz.byteLength;
  }
  return totals;
}
