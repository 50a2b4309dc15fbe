/**
 * The backup archive (docs/architecture.md §5 Backups): one `.tar.gz` holding
 * - `manifest.json` (`BackupManifest`),
 * - `database/pglite.tar` (a PGlite `dumpDataDir` tarball) or `database/postgres.dump` (pg_dump's
 *   custom format),
 * - `app-secret` and `vapid.json` when the server keeps them in its data folder (not when they come
 *   from APP_SECRET / VAPID_* variables: those belong with the environment file),
 * - `uploads/…` when uploads are on the local disk (an S3 bucket is backed up by the bucket's own
 *   versioning or replication).
 * The archive holds the signing secret: it is written with mode 0600 and must be stored as
 * carefully as the data folder.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { create, extract } from 'tar';
import { z } from 'zod';

export const MANIFEST_FILE = 'manifest.json';
export const PGLITE_DUMP = 'database/pglite.tar';
export const POSTGRES_DUMP = 'database/postgres.dump';

/** Where a secret was found: a file of the data folder (in the archive), the environment, or nowhere. */
const secretSource = z.enum(['archive', 'environment', 'missing']);

export const backupManifestSchema = z.strictObject({
  format: z.literal('amora-backup'),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  database: z.enum(['pglite', 'postgres']),
  appSecret: secretSource,
  vapidKeys: secretSource,
  /** `archive`: the local uploads folder is in the archive; `s3`: they live in the bucket. */
  uploads: z.enum(['archive', 's3']),
  /** Rows per table of the snapshot (embedded database only: a restore checks them). */
  rowCounts: z.record(z.string(), z.number().int().min(0)).optional(),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/**
 * Packs the staging folder `dir` (laid out as above; `uploads` may be a symbolic link to the
 * live folder, whose files are then packed) into `file`: written beside it first and renamed, so
 * a failed backup never leaves a truncated archive under the final name.
 */
export async function packArchive(dir: string, file: string): Promise<void> {
  const partial = `${file}.partial`;
  const entries = (await fs.readdir(dir)).sort();
  await fs.mkdir(path.dirname(file), { recursive: true });
  try {
    await create({ gzip: true, file: partial, cwd: dir, follow: true, portable: true, mode: 0o600 }, entries);
    await fs.chmod(partial, 0o600);
    await fs.rename(partial, file);
  } finally {
    await fs.rm(partial, { force: true });
  }
}

/**
 * Unpacks `file` into the empty folder `dir` and reads its manifest.
 * @throws Error when the archive is unreadable or its manifest is missing or not ours.
 */
export async function unpackArchive(file: string, dir: string): Promise<BackupManifest> {
  await extract({ file, cwd: dir, strict: true, preserveOwner: false });
  const text = await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch(() => null);
  if (text === null) throw new Error(`${file} is not an Amora backup (no ${MANIFEST_FILE})`);
  const parsed = backupManifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file}: unreadable manifest (${parsed.error.issues[0]?.message})`);
  return parsed.data;
}
