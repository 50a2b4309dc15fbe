/**
 * `npm run backup` / `npm run restore` (docs/architecture.md §5 Backups): a server's members,
 * operators (TOTP), payments and photos come back in a fresh folder, from the embedded database
 * (snapshot by the running server, or a copy of a folder no server uses) and from PostgreSQL.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/server/backup/create-backup';
import { FolderInUseError } from '../../src/server/backup/pglite-snapshot';
import { restoreBackup } from '../../src/server/backup/restore-backup';
import { snapshotAuthorization } from '../../src/server/backup/snapshot-token';
import type { AppContext } from '../../src/server/context';
import { databaseSnapshotResponse } from '../../src/server/http/database-snapshot';
import {
  closedPortUrl,
  expectSample,
  openSampleContext,
  sampleConfig,
  scratchPostgres,
  seedSample,
  serveSnapshots,
  temporaryFolder,
} from '../helpers/backup-sample';
import { createTestClock } from '../helpers/context';

const folders: string[] = [];
const contexts: AppContext[] = [];
const folder = async (prefix: string) => {
  const made = await temporaryFolder(prefix);
  folders.push(made);
  return made;
};
afterAll(async () => {
  for (const ctx of contexts) await ctx.database.close().catch(() => undefined);
  for (const made of folders) await fs.rm(made, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  const clock = createTestClock();
  let live: AppContext;
  let sample: Awaited<ReturnType<typeof seedSample>>;
  let liveDir: string;
  let archive: string;
  const cross = scratchPostgres(`amora_backup_${process.pid}_cross`);
  afterAll(async () => {
    for (const ctx of contexts) await ctx.database.close().catch(() => undefined);
    await cross.drop();
  });

  it(
    'a backup taken while the server runs restores into a fresh folder with everything there',
    { timeout: 180_000 },
    async () => {
      liveDir = await folder('live');
      live = await openSampleContext(sampleConfig(liveDir), clock);
      contexts.push(live);
      sample = await seedSample(live, clock);
      const server = await serveSnapshots(live);
      const out = path.join(await folder('archives'), 'backup.tar.gz');
      archive = out;
      const backup = await createBackup(sampleConfig(liveDir), { out, serverUrl: server.url }).finally(server.close);
      expect(backup.snapshotBy).toBe('server');
      expect(backup.manifest).toMatchObject({
        database: 'pglite',
        appSecret: 'archive',
        vapidKeys: 'archive',
        uploads: 'archive',
      });
      expect(backup.manifest.rowCounts).toMatchObject({ users: 2, operators: 1, payment_transactions: 1, images: 1 });
      expect((await fs.stat(out)).mode & 0o777).toBe(0o600);
      // The server keeps working on its folder after the snapshot.
      expect(await live.database.raw.kind).toBe('pglite');

      const restoredDir = path.join(await folder('restored'), 'data');
      const restored = await restoreBackup({
        from: out,
        to: restoredDir,
        force: false,
        migrationsDir: live.config.migrationsDir,
        s3: null,
      });
      expect(restored.rowCounts).toEqual(backup.manifest.rowCounts);
      expect(restored.uploads).toBeGreaterThanOrEqual(2); // the photo and its thumbnail
      expect(await fs.readFile(path.join(restoredDir, 'app-secret'), 'utf8')).toBe(
        await fs.readFile(path.join(liveDir, 'app-secret'), 'utf8'),
      );
      const reopened = await openSampleContext(sampleConfig(restoredDir), clock);
      contexts.push(reopened);
      await expectSample(reopened, clock, sample);
      await reopened.database.close();

      await expect(
        restoreBackup({ from: out, to: restoredDir, force: false, migrationsDir: live.config.migrationsDir, s3: null }),
      ).rejects.toThrow(/is not empty.*--force/);
    },
  );

  it('an archive of the embedded database restores into PostgreSQL too', { timeout: 180_000 }, async () => {
    await cross.drop();
    const restoredDir = path.join(await folder('cross'), 'data');
    const restored = await restoreBackup({
      from: archive,
      to: restoredDir,
      databaseUrl: cross.url,
      force: false,
      migrationsDir: live.config.migrationsDir,
      s3: null,
    });
    expect(restored.rowCounts).toMatchObject({ users: 2, operators: 1, payment_transactions: 1, images: 1 });
    const reopened = await openSampleContext(sampleConfig(restoredDir, { DATABASE_URL: cross.url }), clock);
    contexts.push(reopened);
    await expectSample(reopened, clock, sample);
    await reopened.realtime.close();
    await reopened.database.close();
  });

  it('the snapshot endpoint answers only a caller on this machine, without proxy headers, with the app secret', async () => {
    const authorized = { authorization: snapshotAuthorization(live.secret, Date.now()) };
    const ask = (headers: Record<string, string>, peer = '127.0.0.1', method = 'POST') =>
      databaseSnapshotResponse(
        live,
        new Request('http://127.0.0.1/api/internal/database-snapshot', { method, headers }),
        peer,
      );
    expect((await ask(authorized)).status).toBe(200);
    expect((await ask(authorized, '::1')).status).toBe(200);
    expect((await ask(authorized, '203.0.113.9')).status).toBe(404);
    const ownAddress = Object.values(os.networkInterfaces())
      .flat()
      .find((entry) => entry && !entry.internal && entry.family === 'IPv4');
    if (ownAddress) expect((await ask(authorized, ownAddress.address)).status).toBe(200);
    expect((await ask({ ...authorized, 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await ask(authorized, '127.0.0.1', 'GET')).status).toBe(404);
    expect((await ask({ authorization: snapshotAuthorization(Buffer.alloc(32, 7), Date.now()) })).status).toBe(404);
    expect((await ask({ authorization: snapshotAuthorization(live.secret, Date.now() - 10 * 60_000) })).status).toBe(
      404,
    );
  });

  it(
    'with no server on the folder, a copy of the folder is backed up; a folder being written to is refused',
    { timeout: 180_000 },
    async () => {
      await live.database.close();
      const archives = await folder('archives');
      const offline = await createBackup(sampleConfig(liveDir), {
        out: path.join(archives, 'offline.tar.gz'),
        serverUrl: await closedPortUrl(),
      });
      expect(offline.snapshotBy).toBe('folder');
      expect(offline.manifest.rowCounts).toMatchObject({ users: 2, operators: 1, payment_transactions: 1 });

      // A writer that touches the folder during every copy: no copy is of one instant.
      const wal = path.join(liveDir, 'db', 'PG_VERSION');
      const busy = createBackup(sampleConfig(liveDir), {
        out: path.join(archives, 'busy.tar.gz'),
        serverUrl: await closedPortUrl(),
        onFolderCopied: async () => {
          const now = new Date(Date.now() + 1000 * Math.random() + 1000);
          await fs.utimes(wal, now, now);
        },
      });
      await expect(busy).rejects.toBeInstanceOf(FolderInUseError);
      await expect(fs.stat(path.join(archives, 'busy.tar.gz'))).rejects.toThrow(/ENOENT/);
    },
  );
});

describe('backup and restore of PostgreSQL', () => {
  const clock = createTestClock();
  const source = scratchPostgres(`amora_backup_${process.pid}`);
  const target = scratchPostgres(`amora_backup_${process.pid}_restored`);
  afterAll(async () => {
    for (const ctx of contexts) await ctx.database.close().catch(() => undefined);
    await source.drop();
    await target.drop();
  });

  it('pg_dump and pg_restore bring members, operators, payments and photos back', { timeout: 180_000 }, async () => {
    await source.drop();
    await target.drop();
    const liveDir = await folder('pg-live');
    const { preparePostgresTarget } = await import('../../src/server/backup/pg-tools');
    await preparePostgresTarget(source.url); // creates the database
    const config = sampleConfig(liveDir, { DATABASE_URL: source.url });
    const live = await openSampleContext(config, clock);
    contexts.push(live);
    const sample = await seedSample(live, clock);
    const out = path.join(await folder('pg-archives'), 'backup.tar.gz');
    const backup = await createBackup(config, { out });
    expect(backup.snapshotBy).toBe('pg_dump');
    expect(backup.manifest).toMatchObject({ database: 'postgres', appSecret: 'archive', uploads: 'archive' });
    await live.database.close();

    const restoredDir = path.join(await folder('pg-restored'), 'data');
    await expect(
      restoreBackup({ from: out, to: restoredDir, force: false, migrationsDir: config.migrationsDir, s3: null }),
    ).rejects.toThrow(/PostgreSQL database/);
    const restored = await restoreBackup({
      from: out,
      to: restoredDir,
      databaseUrl: target.url,
      force: false,
      migrationsDir: config.migrationsDir,
      s3: null,
    });
    expect(restored.rowCounts).toMatchObject({ users: 2, operators: 1, payment_transactions: 1, images: 1 });
    const reopened = await openSampleContext(sampleConfig(restoredDir, { DATABASE_URL: target.url }), clock);
    contexts.push(reopened);
    await expectSample(reopened, clock, sample);
    await reopened.realtime.close();
    await reopened.database.close();

    const again = path.join(await folder('pg-again'), 'data');
    await expect(
      restoreBackup({
        from: out,
        to: again,
        databaseUrl: target.url,
        force: false,
        migrationsDir: config.migrationsDir,
        s3: null,
      }),
    ).rejects.toThrow(/target database is not empty/);
  });
});
