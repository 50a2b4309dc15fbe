import type { Config } from '../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

/**
 * File storage for uploads and generated media (docs/architecture.md §6 convention 13). Keys are
 * relative paths such as `u/12/abc.webp` (see `isSafeKey` in `storage-keys.ts`); the public URL is `cdn_prefix + '/' + key`.
 * Every implementation behaves alike: `put` of an unsafe key throws, `get`/`exists`/`delete` of an
 * unsafe key answer null/false/nothing; failures of the disk or the network are thrown.
 */
export interface Storage {
  /** Stores the bytes under the key, replacing what was there. @throws for an unsafe key or a failed write. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when it does not exist. */
  get(key: string): Promise<Uint8Array | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing file is not an error (deleting twice is harmless). */
  delete(key: string): Promise<void>;
}

/**
 * The configured storage (docs/architecture.md §5): an S3-compatible bucket when `S3_URL` and
 * `S3_BUCKET` are set (`config.s3`), so several server machines share the files; else the local
 * disk under `DATA_DIR/uploads`.
 */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir);
}
