/**
 * `restoreBackup`: a backup archive (backup-archive.ts) back into a data folder and a database
 * (docs/architecture.md §5 Backups). The embedded database is restored into `<to>/db`; with a
 * PostgreSQL target, a `pg_dump` archive goes through `pg_restore` and an embedded one is copied
 * row by row (copy-to-postgres.ts). Uploads go into the target's storage (the local folder, or the
 * S3 bucket when configured); the app secret and VAPID keys into the folder.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage } from '../storage/local-storage';
import { createS3Storage } from '../storage/s3-storage';
import { PGLITE_DUMP, POSTGRES_DUMP, unpackArchive, type BackupManifest } from './backup-archive';
import { copyPgliteToPostgres } from './copy-to-postgres';
import { pgRestore, preparePostgresTarget } from './pg-tools';
import { loadPgliteSnapshot } from './pglite-snapshot';
import { countRows, queryRowsOf, tablesInDependencyOrder } from './tables';
import { copyFilesToStorage } from './upload-files';
import pg from 'pg';

export interface RestoreOptions {
  /** The archive written by `createBackup`. */
  from: string;
  /** The data folder to restore into (app secret, VAPID keys, local uploads, and `db/` for the embedded database). */
  to: string;
  /** PostgreSQL to restore the database into; unset → the embedded database in `<to>/db`. */
  databaseUrl?: string;
  /** Replace what the target folder and database hold instead of refusing. */
  force: boolean;
  /** Where the migrations are (a copy into PostgreSQL creates the schema from them). */
  migrationsDir: string;
  /** S3 storage of the restored server; null → uploads into `<to>/uploads`. */
  s3: Config['s3'];
  report?: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Rows per table in the restored database. */
  rowCounts: Record<string, number>;
  /** Upload files put into storage. */
  uploads: number;
}

/** Files and folders of a data folder that a restore writes (and `force` replaces). */
const RESTORED_ENTRIES = ['db', 'uploads', 'app-secret', 'vapid.json'];
/** The embedded database restored in the staging folder, moved into place at the end. */
const RESTORED_DB = 'restored-db';

/**
 * Restores `options.from`. Refuses, before changing anything, a target folder that is not empty or
 * a PostgreSQL database that holds tables, unless `force`; and a `pg_dump` archive into the
 * embedded database (PGlite cannot read it). When the manifest has row counts, the restored
 * database must have the same.
 * @throws Error naming what is wrong.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const report = options.report ?? (() => undefined);
  const to = path.resolve(options.to);
  const present = await fs.readdir(to).catch(() => [] as string[]);
  if (present.length > 0 && !options.force) {
    throw new Error(
      `${to} is not empty: restore into a fresh folder, or pass --force to replace ${RESTORED_ENTRIES.join(', ')}`,
    );
  }
  if (options.databaseUrl) {
    const { tables } = await preparePostgresTarget(options.databaseUrl);
    if (tables > 0 && !options.force) {
      throw new Error(`the target database is not empty (${tables} tables): pass --force to replace its contents`);
    }
  }
  await fs.mkdir(to, { recursive: true });
  const staging = await fs.mkdtemp(path.join(path.dirname(to), '.amora-restore-'));
  try {
    const manifest = await unpackArchive(path.resolve(options.from), staging);
    if (manifest.database === 'postgres' && !options.databaseUrl) {
      throw new Error(
        'this backup is of a PostgreSQL database: restore it into PostgreSQL (DATABASE_URL or --database-url)',
      );
    }
    // Everything is restored beside the target first; what --force replaces goes only once the
    // database opened with the backup's row counts.
    const rowCounts = await restoreDatabase(manifest, staging, options);
    if (manifest.rowCounts) {
      const differing = Object.entries(manifest.rowCounts).filter(([table, n]) => rowCounts[table] !== n);
      if (differing.length > 0) {
        throw new Error(`restored row counts differ from the backup's: ${differing.map(([t]) => t).join(', ')}`);
      }
    }
    for (const entry of RESTORED_ENTRIES) await fs.rm(path.join(to, entry), { recursive: true, force: true });
    if (!options.databaseUrl) await fs.rename(path.join(staging, RESTORED_DB), path.join(to, 'db'));
    for (const [name, source] of [
      ['app-secret', manifest.appSecret],
      ['vapid.json', manifest.vapidKeys],
    ] as const) {
      if (source === 'archive') await fs.copyFile(path.join(staging, name), path.join(to, name));
      if (source === 'archive') await fs.chmod(path.join(to, name), 0o600);
      if (source === 'environment')
        report(`${name}: came from the environment when backed up; give the restored server the same variables`);
    }
    const storage = options.s3 ? createS3Storage(options.s3) : createLocalStorage(to);
    const uploads = await copyFilesToStorage(path.join(staging, 'uploads'), storage);
    report(`uploads: ${uploads} files into ${options.s3 ? `bucket ${options.s3.bucket}` : path.join(to, 'uploads')}`);
    if (manifest.uploads === 's3')
      report('uploads: they were in an S3 bucket when backed up, which this archive does not hold');
    return { manifest, rowCounts, uploads };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Puts the archive's database into PostgreSQL, or into `<staging>/restored-db` for the embedded
 * database, and counts the rows there.
 */
async function restoreDatabase(
  manifest: BackupManifest,
  staging: string,
  options: RestoreOptions,
): Promise<Record<string, number>> {
  const report = options.report ?? (() => undefined);
  if (manifest.database === 'postgres') {
    await pgRestore(options.databaseUrl!, path.join(staging, POSTGRES_DUMP), { clean: options.force });
    report('database: pg_restore done');
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    try {
      const query = queryRowsOf(client);
      return await countRows(query, await tablesInDependencyOrder(query));
    } finally {
      await client.end();
    }
  }
  const tarball = await fs.readFile(path.join(staging, PGLITE_DUMP));
  if (options.databaseUrl) {
    // The embedded snapshot is opened in the staging folder and copied row by row.
    const { counts } = await loadPgliteSnapshot(tarball, path.join(staging, 'db'), (client) =>
      copyPgliteToPostgres(client, options.databaseUrl!, {
        force: options.force,
        migrationsDir: options.migrationsDir,
        report,
      }),
    );
    report('database: embedded snapshot copied into PostgreSQL');
    return Object.fromEntries(counts.map((count) => [count.table, count.target]));
  }
  const counts = await loadPgliteSnapshot(tarball, path.join(staging, RESTORED_DB), async (client) => {
    const query = queryRowsOf(client);
    return countRows(query, await tablesInDependencyOrder(query));
  });
  report('database: embedded database restored');
  return counts;
}
