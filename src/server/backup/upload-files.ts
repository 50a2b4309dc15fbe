/**
 * Local upload files into a `Storage` (docs/architecture.md §5 Backups): a restore or a move to
 * PostgreSQL puts the uploads of a data folder (or of an archive) into whichever storage the
 * target server uses, the local disk or an S3 bucket.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '../storage/storage';
import { isSafeKey } from '../storage/storage-keys';

/**
 * Puts every file under `dir` into `storage` under its relative path (`u/12/abc.webp`), replacing
 * what is there; returns how many. A missing `dir` holds no files.
 * @throws Error for a file whose path is not a storage key (nothing the app writes), or a failed put.
 */
export async function copyFilesToStorage(dir: string, storage: Storage): Promise<number> {
  const entries = await fs
    .readdir(dir, { recursive: true, withFileTypes: true })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
  let copied = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(dir, file).split(path.sep).join('/');
    if (!isSafeKey(key)) throw new Error(`${file}: not a storage key (${key})`);
    await storage.put(key, await fs.readFile(file));
    copied++;
  }
  return copied;
}
