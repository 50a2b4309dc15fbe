import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * One writer per embedded database folder (docs/architecture.md §5 Embedded database, single
 * writer). PGlite keeps the whole database in its process: two processes opening one folder
 * (a server and `npm run seed`, say) would each write their own view of it and corrupt it. The
 * first opener creates `<folder>.lock` (beside the folder, e.g. `data/db.lock`) exclusively (link(2),
 * which fails when it exists, like O_EXCL) holding its pid; any other opener reads that pid and refuses while the process lives. A lock
 * whose process is gone (killed, crashed) is taken over. The lock goes when the database is
 * closed or the process exits.
 *
 * Why not `proper-lockfile`: it judges a lock stale by its age (a timer refreshes it), so a
 * main thread busy in a long PGlite statement could lose its lock, and it does not record the
 * holder, which the refusal must name.
 */

const lockFileSchema = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  startedAt: z.string(),
  /** The locked folder: a lock file copied along with a backup of the folder is not this folder's. */
  folder: z.string(),
});
type LockFile = z.infer<typeof lockFileSchema>;

/** Another live process holds the folder: its pid, and the lock file to check. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: LockFile,
    readonly lockFile: string,
  ) {
    super(
      `The database folder ${folder} is in use by process ${holder.pid} on ${holder.hostname} (since ${holder.startedAt}). ` +
        'The embedded database has one process at a time: stop that process (the server, a seed or another command) ' +
        `and try again, or use PostgreSQL (DATABASE_URL) for several processes. Lock file: ${lockFile}`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Locks held by this process, by lock file path (a second open in the same process is refused too). */
const heldHere = new Set<string>();

/** True when process `pid` exists (EPERM: it exists but belongs to another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's text, or null when it is missing. */
function readRaw(lockFile: string): string | null {
  try {
    return fs.readFileSync(lockFile, 'utf8');
  } catch {
    return null;
  }
}

/** The holder a lock file's text names, or null when it is malformed (not written by this code). */
function parseHolder(raw: string | null): LockFile | null {
  try {
    const parsed = lockFileSchema.safeParse(JSON.parse(raw ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * True when `holder` still holds `folder`: a live process other than this one (this pid without
 * a lock held here is a previous process that had the same pid, as pid 1 in a restarted
 * container), on the lock's own folder.
 */
function holds(holder: LockFile, folder: string, lockFile: string): boolean {
  if (holder.folder !== folder) return false;
  if (holder.pid === process.pid) return heldHere.has(lockFile);
  return isAlive(holder.pid);
}

/**
 * Takes the single-writer lock of the PGlite folder `dir`.
 * @returns release(): removes the lock (idempotent; also done when the process exits).
 * @throws DatabaseInUseError when a live process holds it.
 */
export function lockDatabaseFolder(dir: string): () => void {
  const folder = path.resolve(dir);
  const lockFile = `${folder}.lock`;
  const mine: LockFile = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString(), folder };
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  // Written whole under a name of our own, then hard-linked into place: link(2) fails when the lock
  // exists (like O_EXCL), and a reader never sees a half-written lock file.
  const draft = `${lockFile}.${process.pid}`;
  fs.writeFileSync(draft, JSON.stringify(mine));
  try {
    // More than one round only after taking over a stale lock (another opener may win meanwhile).
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        fs.linkSync(draft, lockFile);
        return holdLock(lockFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const raw = readRaw(lockFile);
      const holder = parseHolder(raw);
      if (holder && holds(holder, folder, lockFile)) throw new DatabaseInUseError(folder, holder, lockFile);
      if (raw !== null) takeOver(lockFile, raw);
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  const holder = parseHolder(readRaw(lockFile));
  throw holder
    ? new DatabaseInUseError(folder, holder, lockFile)
    : new Error(`Could not lock the database folder ${folder} (lock file ${lockFile})`);
}

/**
 * Removes a stale lock file, unless it changed since it was read: it is first renamed to a name of
 * this process's own (one rename wins), then checked to still be the stale holder's; a fresh lock
 * another opener wrote in between is put back where it was.
 */
function takeOver(lockFile: string, staleText: string): void {
  const aside = `${lockFile}.stale-${process.pid}`;
  try {
    fs.renameSync(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readRaw(aside) !== staleText) {
    // Not the lock judged stale: restore it (link fails if yet another lock was written since).
    try {
      fs.linkSync(aside, lockFile);
    } catch {
      // A newer lock is in place; the next round reads it.
    }
  }
  fs.rmSync(aside, { force: true });
}

/** Records the lock as held here and returns its release (also run when the process exits). */
function holdLock(lockFile: string): () => void {
  heldHere.add(lockFile);
  const release = () => {
    process.off('exit', release);
    if (!heldHere.delete(lockFile)) return;
    // Only our own lock: never remove one a later process took over.
    if (parseHolder(readRaw(lockFile))?.pid === process.pid) fs.rmSync(lockFile, { force: true });
  };
  process.on('exit', release);
  return release;
}
