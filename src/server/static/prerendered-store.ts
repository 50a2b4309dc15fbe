import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LRUCache } from 'lru-cache';

/** A pre-rendered HTML file with its strong ETag; compressed forms are added once asked for. */
export interface PrerenderedFile {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  encoded?: Partial<Record<'br' | 'gzip', Uint8Array<ArrayBuffer>>>;
  /** The script and style policy of the file's `<meta http-equiv="content-security-policy">` (null: none), read once asked for. */
  policy?: string | null;
}

/**
 * Reads pre-rendered pages (landers, /pages/*) of the build by their path under
 * the static folder, e.g. `sites/amora/landers/video/de/index.html`.
 */
export interface PrerenderedStore {
  read(relativePath: string): Promise<PrerenderedFile | null>;
}

/** Only plain relative paths of the pre-rendered tree (no `..`, no absolute paths). */
const SAFE_PATH = /^sites\/[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9-]*)+\/index\.html$/;

const toFile = (bytes: Uint8Array): PrerenderedFile => {
  const body = new Uint8Array(bytes);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
};

/**
 * Files from the build's static folder, kept in memory once read (at most
 * `maxBytes`, 64 MB by default; the files never change while a build is served).
 */
export function createDiskStore(staticDir: string, maxBytes = 64 * 1024 * 1024): PrerenderedStore {
  const cache = new LRUCache<string, PrerenderedFile>({
    maxSize: maxBytes,
    sizeCalculation: (file) => file.body.byteLength || 1,
  });
  return {
    async read(relativePath) {
      if (!SAFE_PATH.test(relativePath)) return null;
      const cached = cache.get(relativePath);
      if (cached) return cached;
      try {
        const file = toFile(await fs.promises.readFile(path.join(staticDir, relativePath)));
        cache.set(relativePath, file);
        return file;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

/**
 * Files asked from a running server (the dev server renders pre-rendered
 * routes on demand at their own path, `/sites/…`).
 */
export function createFetchStore(origin: string): PrerenderedStore {
  return {
    async read(relativePath) {
      if (!SAFE_PATH.test(relativePath)) return null;
      const response = await fetch(new URL(`/${relativePath.replace(/index\.html$/, '')}`, origin));
      return response.ok ? toFile(new Uint8Array(await response.arrayBuffer())) : null;
    },
  };
}

/**
 * The build's static folder (`dist/client`) seen from a module of the server
 * bundle: walks up from `moduleUrl` to the folder holding `entry.mjs` and takes
 * its sibling `client`. Null outside a build (tests, dev).
 */
export function findStaticDir(moduleUrl: string): string | null {
  if (!moduleUrl.startsWith('file:')) return null;
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (let depth = 0; depth < 6; depth += 1) {
    if (fs.existsSync(path.join(dir, 'entry.mjs'))) {
      const client = path.join(dir, '..', 'client');
      return fs.existsSync(client) ? client : null;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}
