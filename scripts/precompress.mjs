/**
 * Build step (docs/architecture.md §3 Serving and compression): writes a brotli (`.br`, quality 11) and a
 * gzip (`.gz`, level 9) copy next to every compressible file of the build's static folder
 * (scripts, styles, SVG, JSON, the offline page), so the server sends them without compressing
 * at request time. A copy is kept only when it is at least 10 % smaller than the file: small
 * scripts (600 B of bundler runtime, a 1.5 KB island) are worth it too, since the copy costs
 * nothing at request time, while a 50-byte re-export grows. The pre-rendered pages under `sites/`
 * are skipped (the app serves those itself and keeps their compressed copies in memory).
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Extensions worth compressing (text formats; images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/i;
/** Files under this size (bytes) are not tried: a copy could save a few bytes at most. */
export const MIN_BYTES = 256;
/** A copy is written only when it is at least this share smaller than the file. */
export const MIN_SAVING = 0.1;

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
    const worth = (copy) => copy.byteLength <= body.byteLength * (1 - MIN_SAVING);
    if (!worth(br) && !worth(gz)) continue;
    // The server sends whichever copy exists (app-server.mjs); the original stays for identity.
    if (worth(br)) fs.writeFileSync(`${file}.br`, br);
    if (worth(gz)) fs.writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.bytes += body.byteLength;
    totals.brotliBytes += worth(br) ? br.byteLength : body.byteLength;
    totals.gzipBytes += worth(gz) ? gz.byteLength : body.byteLength;
  }
  return totals;
}
