import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { DatabaseInUseError } from '../../src/server/db/folder-lock';

/**
 * docs/architecture.md §5 Embedded database, single writer: a PGlite folder a process holds is
 * refused to every other opener, naming the holder's pid; a dead holder's lock is taken over.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-db-lock-'));
const tsx = path.resolve('node_modules/.bin/tsx');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
});

/** Starts tests/helpers/hold-database.ts on `folder` and resolves once it holds the database. */
async function startHolder(folder: string): Promise<ChildProcess> {
  // node --import tsx: one process (the tsx command would run the script in a child with another pid).
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/hold-database.ts', folder], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`holding ${child.pid}`)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`holder exited (${code}) before holding: ${output}`)));
  });
  return child;
}

const ended = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
  );

/** The environment of a CLI on DATA_DIR `dataDir` with its default database (PGlite in `<dataDir>/db`). */
function cliEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  return env;
}

describe('the embedded database has one process at a time', () => {
  it(
    'refuses a second process (operator:add) and a second open in this process while a server holds the folder, naming its pid',
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(work, 'live');
      const folder = path.join(dataDir, 'db');
      const holder = await startHolder(folder);

      const cli = spawnSync(
        tsx,
        ['src/server/operators/add-operator-cli.ts', '--email', 'late@ops.test', '--role', 'support'],
        { env: cliEnv(dataDir), encoding: 'utf8' },
      );
      expect(cli.status).not.toBe(0);
      expect(cli.stderr).toContain(`The database folder ${folder} is in use by process ${holder.pid}`);
      expect(cli.stdout).not.toContain('/admin/setup');

      const refused = await openDatabase(`file:${folder}`).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseInUseError);
      expect((refused as DatabaseInUseError).holder.pid).toBe(holder.pid);

      // The holder ends (SIGTERM → process.exit, without closing the database): its lock goes with it.
      holder.kill('SIGTERM');
      await ended(holder);
      expect(fs.existsSync(`${folder}.lock`)).toBe(false);
      const reopened = await openDatabase(`file:${folder}`);
      await reopened.close();
    },
  );

  it(
    'takes over the lock of a holder that was killed (kill -9), and releases it on close',
    { timeout: 120_000 },
    async () => {
      const folder = path.join(work, 'killed', 'db');
      const holder = await startHolder(folder);
      holder.kill('SIGKILL');
      await ended(holder);
      // No shutdown code ran: the lock file still names the dead process.
      expect(JSON.parse(fs.readFileSync(`${folder}.lock`, 'utf8')).pid).toBe(holder.pid);

      const database = await openDatabase(`file:${folder}`);
      expect(JSON.parse(fs.readFileSync(`${folder}.lock`, 'utf8')).pid).toBe(process.pid);
      const second = await openDatabase(`file:${folder}`).catch((error: unknown) => error);
      expect(second).toBeInstanceOf(DatabaseInUseError);
      expect((second as Error).message).toContain(`in use by process ${process.pid}`);
      await database.close();
      expect(fs.existsSync(`${folder}.lock`)).toBe(false);
    },
  );
});
