/**
 * Consistent copies of the embedded database (docs/architecture.md §5 Backups). A PGlite folder
 * belongs to one process, so a backup never opens it: either the running server makes the copy
 * (`snapshotOpenPglite`, behind `POST /api/internal/database-snapshot`), or, with no server on
 * the folder, the folder is copied file by file and kept only when no file changed while it was
 * copied (`snapshotPgliteFolder`); the copy, not the folder, is then opened.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A tarball (`dumpDataDir('none')`) of the open database `client`, taken after a CHECKPOINT so
 * little WAL is left to replay. PGlite writes the tarball while holding its query lock, so no
 * statement runs meanwhile: the files are those of one instant, which PostgreSQL's crash
 * recovery turns into the state of every transaction committed before it. Held in memory
 * (about the size of the folder).
 */
export async function snapshotOpenPglite(client: PGlite): Promise<Uint8Array> {
  await client.exec('CHECKPOINT');
  const dump = await client.dumpDataDir('none');
  return new Uint8Array(await dump.arrayBuffer());
}

/** Size and modification time of every file under `dir`, keyed by relative path. */
async function fingerprint(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = await fs.stat(file, { bigint: true }).catch(() => null);
    found.set(path.relative(dir, file), stat ? `${stat.size}:${stat.mtimeNs}` : 'gone');
  }
  return found;
}

function sameFingerprint(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([file, print]) => b.get(file) === print);
}

/** Raised when the folder kept changing while it was copied: a process is writing to it. */
export class FolderInUseError extends Error {
  constructor(readonly folder: string) {
    super(
      `${folder} changed while it was copied: a server is using it. Run the backup where it can reach that server ` +
        '(same HOST and PORT, or --server URL), which then makes the copy itself.',
    );
    this.name = 'FolderInUseError';
  }
}

/**
 * Copies the PGlite folder `dbDir` to `into` so that the copy is the folder of one instant: it is
 * kept only when no file's size or modification time changed between before and after the copy
 * (then the copy equals what a process stopped at that instant would have left, which crash
 * recovery opens); otherwise tried again, up to `attempts` times. `onCopied` runs after each copy
 * (tests use it to play a writer).
 * @throws FolderInUseError when every attempt saw a change; the file system's errors.
 */
export async function copyFolderWhileUnchanged(
  dbDir: string,
  into: string,
  options: { attempts?: number; onCopied?: (attempt: number) => Promise<void> } = {},
): Promise<void> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await fs.rm(into, { recursive: true, force: true });
    const before = await fingerprint(dbDir);
    await fs.cp(dbDir, into, { recursive: true, preserveTimestamps: true });
    await options.onCopied?.(attempt);
    if (sameFingerprint(before, await fingerprint(dbDir))) return;
  }
  await fs.rm(into, { recursive: true, force: true });
  throw new FolderInUseError(dbDir);
}

/**
 * A tarball of the PGlite folder `dbDir` made without opening it: an unchanged copy
 * (`copyFolderWhileUnchanged`) is opened in a temporary folder, which runs crash recovery there,
 * and dumped. @throws FolderInUseError; Error when `dbDir` holds no database.
 */
export async function snapshotPgliteFolder(
  dbDir: string,
  options: Parameters<typeof copyFolderWhileUnchanged>[2] = {},
): Promise<Uint8Array> {
  const exists = await fs.stat(path.join(dbDir, 'PG_VERSION')).catch(() => null);
  if (!exists) throw new Error(`${dbDir} holds no embedded database (no PG_VERSION)`);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'amora-snapshot-'));
  try {
    const copy = path.join(scratch, 'db');
    await copyFolderWhileUnchanged(dbDir, copy, options);
    // A server that ended without closing the database leaves its pid file; the copy is not in use.
    await fs.rm(path.join(copy, 'postmaster.pid'), { force: true });
    const client = new PGlite(copy);
    try {
      await client.waitReady;
      return await snapshotOpenPglite(client);
    } finally {
      await client.close();
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Creates the PGlite folder `dbDir` (which must hold no database) from a `dumpDataDir` tarball
 * and opens it once, so recovery has run and the folder is ready for the server; `inspect` runs
 * on it while it is open (counting rows, copying them elsewhere).
 * @throws Error when `dbDir` already holds a database or the tarball is not one.
 */
export async function loadPgliteSnapshot<T>(
  tarball: Uint8Array,
  dbDir: string,
  inspect: (client: PGlite) => Promise<T>,
): Promise<T> {
  await fs.mkdir(dbDir, { recursive: true });
  const client = new PGlite(dbDir, {
    loadDataDir: new File([new Uint8Array(tarball)], 'pglite.tar'),
  });
  try {
    await client.waitReady;
    return await inspect(client);
  } finally {
    await client.close();
  }
}
