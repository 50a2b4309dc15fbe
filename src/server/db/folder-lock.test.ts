import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockDatabaseFolder } from './folder-lock';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-folder-lock-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Writes a lock file as another process would have. */
function writeLock(folder: string, pid: number, lockedFolder = folder): void {
  const lock = { pid, hostname: os.hostname(), startedAt: '2026-01-01T00:00:00.000Z', folder: lockedFolder };
  fs.writeFileSync(`${folder}.lock`, JSON.stringify(lock));
}

describe('lockDatabaseFolder', () => {
  it('refuses while a live process holds the folder and names it', () => {
    const folder = path.join(work, 'held');
    // The test runner's parent process is alive for the whole test.
    writeLock(folder, process.ppid);
    expect(() => lockDatabaseFolder(folder)).toThrow(DatabaseInUseError);
    expect(() => lockDatabaseFolder(folder)).toThrow(`in use by process ${process.ppid}`);
    expect(JSON.parse(fs.readFileSync(`${folder}.lock`, 'utf8')).pid).toBe(process.ppid);
  });

  it('takes over a lock copied with another folder (a restored backup), a malformed one and one of this pid not held here', () => {
    for (const [name, write] of [
      ['copied', (folder: string) => writeLock(folder, process.ppid, path.join(work, 'elsewhere'))],
      ['malformed', (folder: string) => fs.writeFileSync(`${folder}.lock`, '{"pid":')],
      ['same-pid', (folder: string) => writeLock(folder, process.pid)],
    ] as const) {
      const folder = path.join(work, name);
      write(folder);
      const release = lockDatabaseFolder(folder);
      expect(JSON.parse(fs.readFileSync(`${folder}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, folder });
      release();
      expect(fs.existsSync(`${folder}.lock`)).toBe(false);
    }
  });

  it('leaves a lock another process took over in place when the old holder releases', () => {
    const folder = path.join(work, 'taken');
    const release = lockDatabaseFolder(folder);
    writeLock(folder, process.ppid);
    release();
    expect(JSON.parse(fs.readFileSync(`${folder}.lock`, 'utf8')).pid).toBe(process.ppid);
  });
});
