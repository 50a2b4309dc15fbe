import fs from 'node:fs';
import path from 'node:path';
import pgDriver from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { usePgServers } from './pg-servers';
import { childrenOf } from './processes';

/**
 * `WEB_CONCURRENCY=N` on PostgreSQL (docs/architecture.md §6 convention 14 Scaling out): the
 * production server (`scripts/serve.mjs`) runs N processes sharing one port, started together on
 * an empty database (their migrations take turns), a process that dies is replaced, and stopping
 * the server stops them all.
 */
const pg = usePgServers('e2e_web_concurrency');

const isAlive = (pid: number) => fs.existsSync(`/proc/${pid}`);

describe('WEB_CONCURRENCY on PostgreSQL', () => {
  it('serves from two processes on one port, replaces one that dies, and stops them all', async () => {
    const server = await pg.serve({ WEB_CONCURRENCY: '2' });
    await expect.poll(() => childrenOf(server.pid).length).toBe(2);
    const [first, second] = childrenOf(server.pid);

    // Both migrated the empty database at once: one applied the migrations, the other found them applied.
    const migrations = await pg.query<{ count: string }>('SELECT count(*) FROM drizzle.__drizzle_migrations');
    expect(Number(migrations[0]?.count)).toBeGreaterThan(0);
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => fetch(`${server.url}/build-id.json`).then((res) => res.status)),
    );
    expect(burst.every((status) => status === 200)).toBe(true);

    // A worker that dies after its start-up grace is replaced; the port keeps answering meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    process.kill(first!, 'SIGKILL');
    await expect.poll(() => childrenOf(server.pid).filter((pid) => pid !== first).length, { timeout: 30_000 }).toBe(2);
    expect(childrenOf(server.pid)).toContain(second);
    const after = await fetch(`${server.url}/api/settings.php`, { headers: { 'package-name': 'amora' } });
    expect(after.status).toBe(200);

    const workers = childrenOf(server.pid);
    await server.stop();
    expect(workers.filter(isAlive)).toEqual([]);
  });

  it('migrates an empty database from several processes starting at once, each exactly once', async () => {
    const base = new URL(process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/e2e');
    const name = 'e2e_migrate_together';
    const admin = new pgDriver.Client({
      connectionString: Object.assign(new URL(base.href), { pathname: '/postgres' }).href,
    });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = Object.assign(new URL(base.href), { pathname: `/${name}` }).href;
      // Four pools stand for four processes; unguarded, their CREATE SCHEMA/TABLE statements collide.
      const databases = await Promise.all(Array.from({ length: 4 }, () => openDatabase(url)));
      try {
        const folder = path.resolve('src/server/db/migrations');
        await Promise.all(databases.map((database) => database.migrate(folder)));
        const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
          entries: unknown[];
        };
        const pool = databases[0]!.raw.kind === 'postgres' ? databases[0]!.raw.pool : null;
        const { rows } = await pool!.query<{ count: string }>('SELECT count(*) FROM drizzle.__drizzle_migrations');
        expect(Number(rows[0]!.count)).toBe(journal.entries.length);
      } finally {
        await Promise.all(databases.map((database) => database.close()));
      }
    } finally {
      // The database is left for the next run to drop at its start: dropping it here WITH (FORCE)
      // terminated connections the pools were still closing, an error nobody listens to any more.
      await admin.end();
    }
  });

  it('survives the server ending an idle pooled connection, and reports it', async () => {
    const url = new URL(process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/e2e').href;
    const lost: Error[] = [];
    const database = await openDatabase(url, (error) => lost.push(error));
    const admin = new pgDriver.Client({ connectionString: url });
    await admin.connect();
    try {
      const pool = database.raw.kind === 'postgres' ? database.raw.pool : null;
      const { rows } = await pool!.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // As when PostgreSQL restarts or an operator ends a session: the idle connection's backend goes away.
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await expect.poll(() => lost.length).toBe(1);
      expect((lost[0] as Error & { code?: string }).code).toBe('57P01');
      // The pool opens a new connection for the next query.
      expect((await pool!.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
