/**
 * `createBackup`: one archive with everything a server needs to come back (docs/architecture.md
 * §5 Backups): the database, the app secret, the VAPID keys and the local uploads. Layout in
 * backup-archive.ts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { MANIFEST_FILE, packArchive, PGLITE_DUMP, POSTGRES_DUMP, type BackupManifest } from './backup-archive';
import { pgDump } from './pg-tools';
import { snapshotPgliteFolder } from './pglite-snapshot';
import { readAppSecret, snapshotAuthorization } from './snapshot-token';
import { countRows, queryRowsOf, tablesInDependencyOrder } from './tables';

/** The path of the running server's snapshot endpoint. */
export const SNAPSHOT_PATH = '/api/internal/database-snapshot';

export interface BackupOptions {
  /** The archive to write (`.tar.gz`). */
  out: string;
  /** Where the running server listens; default `http://HOST:PORT` of the configuration. */
  serverUrl?: string;
  /** Progress lines for the operator (never secrets). */
  report?: (line: string) => void;
  /** Test hook of `copyFolderWhileUnchanged` (a writer during the folder copy). */
  onFolderCopied?: (attempt: number) => Promise<void>;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  /** How the embedded database was copied: by the running server, or from the folder (no server on it). */
  snapshotBy: 'server' | 'folder' | 'pg_dump';
}

/** The configured listening address as a URL a local client can reach (`0.0.0.0` / `::` → loopback). */
export function localServerUrl(config: Pick<Config, 'host' | 'port'>): string {
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '[::1]' : config.host;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${config.port}`;
}

/**
 * The running server's snapshot of its embedded database, or null when no server answers at
 * `serverUrl` (connection refused) or no app secret exists yet (then no server ever ran).
 * @throws Error when a server answers but refuses (another app secret, a PostgreSQL server…).
 */
async function snapshotFromServer(serverUrl: string, secret: Buffer | null): Promise<Uint8Array | null> {
  if (!secret) return null;
  const url = new URL(SNAPSHOT_PATH, serverUrl);
  const headers = { authorization: snapshotAuthorization(secret, Date.now()) };
  const response = await fetch(url, { method: 'POST', headers }).catch((error: unknown) => {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') return null;
    throw new Error(`the server at ${serverUrl} could not be asked for a snapshot: ${code ?? String(error)}`, {
      cause: error,
    });
  });
  if (!response) return null;
  if (!response.ok) {
    throw new Error(
      `the server at ${serverUrl} refused the snapshot (HTTP ${response.status}): is it this data folder's server, ` +
        'with the same app secret, reached directly on a loopback address?',
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Writes a backup archive of the configured server to `options.out` and returns its manifest.
 * PostgreSQL: `pg_dump`. Embedded database: the running server's snapshot when a server answers
 * on the configured address, else a copy of the folder taken while unchanged. The snapshot is
 * opened in memory and its rows counted, so an archive is only written from a database that opens.
 * @throws Error (nothing is left under `out`) when any part fails.
 */
export async function createBackup(config: Config, options: BackupOptions): Promise<BackupResult> {
  const report = options.report ?? (() => undefined);
  const out = path.resolve(options.out);
  await fs.mkdir(path.dirname(out), { recursive: true });
  const staging = await fs.mkdtemp(path.join(path.dirname(out), '.amora-backup-'));
  try {
    await fs.mkdir(path.join(staging, 'database'));
    const postgres = config.databaseUrl.startsWith('postgres');
    let snapshotBy: BackupResult['snapshotBy'] = 'pg_dump';
    let rowCounts: Record<string, number> | undefined;
    if (postgres) {
      await pgDump(config.databaseUrl, path.join(staging, POSTGRES_DUMP));
      report('database: pg_dump done');
    } else {
      if (!config.databaseUrl.startsWith('file:')) throw new Error('an in-memory database cannot be backed up');
      const serverUrl = options.serverUrl ?? localServerUrl(config);
      const secret = readAppSecret(config.dataDir, config.appSecret);
      let tarball = await snapshotFromServer(serverUrl, secret);
      snapshotBy = tarball ? 'server' : 'folder';
      tarball ??= await snapshotPgliteFolder(config.databaseUrl.slice('file:'.length), {
        onCopied: options.onFolderCopied,
      });
      report(`database: snapshot made by the ${snapshotBy === 'server' ? `server at ${serverUrl}` : 'folder copy'}`);
      rowCounts = await countSnapshot(tarball);
      await fs.writeFile(path.join(staging, PGLITE_DUMP), tarball);
    }
    const appSecret = await addSecretFile(config.dataDir, 'app-secret', staging, Boolean(config.appSecret));
    const vapidKeys = await addSecretFile(config.dataDir, 'vapid.json', staging, Boolean(config.vapid.privateKey));
    const uploads = config.s3 ? 's3' : 'archive';
    const uploadsDir = path.join(config.dataDir, 'uploads');
    if (!config.s3 && (await fs.stat(uploadsDir).catch(() => null))) {
      // Packed through a link, so a large uploads folder is not copied once more before packing.
      await fs.symlink(uploadsDir, path.join(staging, 'uploads'), 'dir');
    }
    const manifest: BackupManifest = {
      format: 'amora-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: postgres ? 'postgres' : 'pglite',
      appSecret,
      vapidKeys,
      uploads,
      ...(rowCounts ? { rowCounts } : {}),
    };
    await fs.writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await packArchive(staging, out);
    return { file: out, bytes: (await fs.stat(out)).size, manifest, snapshotBy };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** Copies `<dataDir>/<name>` into the staging folder; says where the secret lives. */
async function addSecretFile(
  dataDir: string,
  name: string,
  staging: string,
  fromEnvironment: boolean,
): Promise<BackupManifest['appSecret']> {
  if (fromEnvironment) return 'environment';
  const copied = await fs.copyFile(path.join(dataDir, name), path.join(staging, name)).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  return copied ? 'archive' : 'missing';
}

/** Opens a PGlite tarball in memory (proving it opens) and counts the rows of every table. */
async function countSnapshot(tarball: Uint8Array): Promise<Record<string, number>> {
  const client = new PGlite({ loadDataDir: new File([new Uint8Array(tarball)], 'pglite.tar') });
  try {
    await client.waitReady;
    const query = queryRowsOf(client);
    return await countRows(query, await tablesInDependencyOrder(query));
  } finally {
    await client.close();
  }
}
