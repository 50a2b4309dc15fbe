import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * File storage for uploads and generated media. Keys are relative paths such as
 * `avatars/ab/123.webp`; the public URL is `cdn_prefix + '/' + key`.
 */
export interface Storage {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when it does not exist. */
  get(key: string): Promise<Uint8Array | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing file is not an error (deleting twice is harmless). */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** True for keys that cannot escape the storage root (no `..`, no absolute paths). */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '' || part === '.');
}

/** Local-disk storage under `<dataDir>/uploads`. */
export function createLocalStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async exists(key) {
      if (!isSafeKey(key)) return false;
      return fs.access(resolve(key)).then(
        () => true,
        () => false,
      );
    },
    async delete(key) {
      if (!isSafeKey(key)) return;
      await fs.rm(resolve(key), { force: true });
    },
  };
}
