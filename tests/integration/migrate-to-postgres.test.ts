/**
 * `npm run migrate:to-postgres` (docs/architecture.md §5 Backups, Moving to PostgreSQL): every row
 * of the embedded database reaches PostgreSQL with equal counts per table and the identity
 * sequences past the copied ids, the local uploads reach the S3 bucket, and members and operators
 * log in on the moved server. A non-empty target is refused unless --force.
 */
import fs from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRowsOf, quoteIdent, tablesInDependencyOrder, type QueryRows } from '../../src/server/backup/tables';
import { TargetNotEmptyError } from '../../src/server/backup/copy-to-postgres';
import { migrateToPostgres } from '../../src/server/backup/migrate-to-postgres';
import type { AppContext } from '../../src/server/context';
import { users } from '../../src/server/db/schema';
import {
  closedPortUrl,
  expectSample,
  openSampleContext,
  sampleConfig,
  scratchPostgres,
  seedSample,
  temporaryFolder,
} from '../helpers/backup-sample';
import { createTestClock } from '../helpers/context';
import { createMember } from '../helpers/factories';
import { useS3StandIn } from '../helpers/s3-stand-in';

const s3 = useS3StandIn('amora-moved');

/** Every row of every table as PostgreSQL's JSON text (in UTC), sorted: equal only when each value is. */
async function everyRow(query: QueryRows): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of await tablesInDependencyOrder(query)) {
    const found = await query<{ json: string }>(
      `SELECT row_to_json(t)::text AS json FROM (SELECT * FROM ${quoteIdent(table)}) t ORDER BY 1`,
    );
    rows[table] = found.map((row) => row.json);
  }
  return rows;
}
const target = scratchPostgres(`amora_migrate_${process.pid}`);
const contexts: AppContext[] = [];
let dataDir = '';
afterAll(async () => {
  for (const ctx of contexts) {
    await ctx.realtime.close();
    await ctx.database.close().catch(() => undefined);
  }
  await target.drop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('moving from the embedded database to PostgreSQL', () => {
  it('copies every row and the uploads; members and operators log in afterwards', { timeout: 180_000 }, async () => {
    const clock = createTestClock();
    await target.drop();
    dataDir = await temporaryFolder('migrate');
    const embedded = await openSampleContext(sampleConfig(dataDir), clock);
    const sample = await seedSample(embedded, clock);
    await embedded.database.close();

    const moved = sampleConfig(dataDir, { DATABASE_URL: target.url, ...s3().env });
    const lines: string[] = [];
    const result = await migrateToPostgres({
      from: dataDir,
      to: target.url,
      force: false,
      migrationsDir: moved.migrationsDir,
      s3: moved.s3,
      serverUrl: await closedPortUrl(),
      report: (line) => lines.push(line),
    });
    const counts = Object.fromEntries(result.counts.map((count) => [count.table, count]));
    expect(counts.users).toEqual({ table: 'users', source: 2, target: 2 });
    expect(counts.operators).toEqual({ table: 'operators', source: 1, target: 1 });
    expect(counts.payment_transactions).toEqual({ table: 'payment_transactions', source: 1, target: 1 });
    expect(counts.images).toEqual({ table: 'images', source: 1, target: 1 });
    for (const count of result.counts) expect(count.target).toBe(count.source);
    // Parents before children: a member's rows come after the member.
    const order = result.counts.map((count) => count.table);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('profiles'));
    expect(order.indexOf('profiles')).toBeLessThan(order.indexOf('images'));
    expect(await s3().keys()).toContain(sample.photoKey);
    expect(result.uploads).toBeGreaterThanOrEqual(2);

    // The folder as the copy saw it (work the seeding set off, such as the receipt mail, has ended).
    const reopened = await openSampleContext(sampleConfig(dataDir), clock);
    const embeddedRows = await everyRow(queryRowsOf((reopened.database.raw as { client: PGlite }).client));
    await reopened.database.close();
    const server = await openSampleContext(moved, clock);
    contexts.push(server);
    // Every value of every row arrived as it was (timestamps to the microsecond, JSON, hashes…).
    expect(await everyRow(queryRowsOf((server.database.raw as { pool: pg.Pool }).pool))).toEqual(embeddedRows);
    await expectSample(server, clock, sample);
    // The identity sequences continue after the copied ids.
    const newcomer = await createMember(server, { email: 'after-the-move@example.com' });
    const copiedIds = (await server.db.select({ id: users.id }).from(users)).map((row) => row.id);
    expect(newcomer).toBe(Math.max(...copiedIds.filter((id) => id !== newcomer)) + 1);
    await server.realtime.close();
    await server.database.close();
    contexts.pop();

    const again = {
      from: dataDir,
      to: target.url,
      migrationsDir: moved.migrationsDir,
      s3: null,
      serverUrl: await closedPortUrl(),
    };
    await expect(migrateToPostgres({ ...again, force: false })).rejects.toBeInstanceOf(TargetNotEmptyError);
    const forced = await migrateToPostgres({ ...again, force: true });
    expect(forced.counts).toEqual(result.counts);
  });

  it('refuses while a server answers for the folder (its later rows would be lost)', async () => {
    const server = await import('node:http').then((http) => http.createServer((_req, res) => res.end('ok')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await expect(
      migrateToPostgres({
        from: dataDir,
        to: target.url,
        force: true,
        migrationsDir: sampleConfig(dataDir).migrationsDir,
        s3: null,
        serverUrl: `http://127.0.0.1:${port}`,
      }),
    ).rejects.toThrow(/stop it first/);
    await new Promise((resolve) => server.close(resolve));
  });
});
