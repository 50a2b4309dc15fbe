import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage';
import { isSafeKey } from './storage-keys';

/**
 * Local-disk storage under `<dataDir>/uploads` (docs/architecture.md §6 convention 13): the
 * default, for one server machine. @throws from `put` for an unsafe key.
 */
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
