/**
 * Moving a server from the embedded database to PostgreSQL (docs/architecture.md §5 Backups,
 * Moving to PostgreSQL): every row of the data folder's database is copied (copy-to-postgres.ts)
 * from a copy of the folder taken while no server writes to it, and the local uploads are put
 * into the S3 bucket when one is configured. The data folder itself is never changed.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { createS3Storage } from '../storage/s3-storage';
import { copyPgliteToPostgres, type CopyResult } from './copy-to-postgres';
import { copyFolderWhileUnchanged } from './pglite-snapshot';
import { copyFilesToStorage } from './upload-files';

export interface MigrateOptions {
  /** The data folder of the embedded database (`<from>/db`) and its uploads (`<from>/uploads`). */
  from: string;
  /** The PostgreSQL database to fill. */
  to: string;
  /** Replace what the target database holds instead of refusing. */
  force: boolean;
  migrationsDir: string;
  /** When set, the local uploads are put into this bucket. */
  s3: Config['s3'];
  /** Where a server of this folder would listen: one that answers there must be stopped first. */
  serverUrl: string;
  report?: (line: string) => void;
}

/** True when something answers HTTP at `url`. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies the embedded database of `options.from` into PostgreSQL and, with S3 configured, the
 * uploads into the bucket; returns the row counts per table (source and target, equal).
 * @throws Error when a server answers at `serverUrl` (rows it wrote after the copy would be
 * lost: stop it first), FolderInUseError, TargetNotEmptyError, or the copy's errors.
 */
export async function migrateToPostgres(options: MigrateOptions): Promise<CopyResult & { uploads: number }> {
  const report = options.report ?? (() => undefined);
  if (await answers(options.serverUrl)) {
    throw new Error(
      `a server answers at ${options.serverUrl}: stop it first, or rows it writes after the copy would not reach PostgreSQL`,
    );
  }
  const from = path.resolve(options.from);
  const dbDir = path.join(from, 'db');
  if (!(await fs.stat(path.join(dbDir, 'PG_VERSION')).catch(() => null))) {
    throw new Error(`${dbDir} holds no embedded database`);
  }
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'amora-migrate-'));
  let result: CopyResult;
  try {
    const copy = path.join(scratch, 'db');
    await copyFolderWhileUnchanged(dbDir, copy);
    await fs.rm(path.join(copy, 'postmaster.pid'), { force: true });
    const source = new PGlite(copy);
    try {
      await source.waitReady;
      result = await copyPgliteToPostgres(source, options.to, {
        force: options.force,
        migrationsDir: options.migrationsDir,
        report,
      });
    } finally {
      await source.close();
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  let uploads = 0;
  if (options.s3) {
    uploads = await copyFilesToStorage(path.join(from, 'uploads'), createS3Storage(options.s3));
    report(`uploads: ${uploads} files put into bucket ${options.s3.bucket}`);
  } else {
    report(`uploads: no S3 configured, they stay in ${path.join(from, 'uploads')}`);
  }
  return { ...result, uploads };
}
