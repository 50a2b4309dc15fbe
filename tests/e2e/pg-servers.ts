import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { freePort, serveBuild } from './server';

/**
 * For a PostgreSQL test file: its own database `name` on the e2e server (dropped and created
 * before the file's tests), `serve(env)` to start server processes of the build on it (sharing
 * one data folder, like a shared volume), and `query` to read the database directly. Everything
 * is stopped and removed after the file.
 */
export function usePgServers(name: string) {
  const base = new URL(process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/e2e');
  const databaseUrl = Object.assign(new URL(base.href), { pathname: `/${name}` }).href;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `amora-${name}-`));
  const servers: Awaited<ReturnType<typeof serveBuild>>[] = [];
  let client: pg.Client | null = null;

  beforeAll(async () => {
    const admin = new pg.Client({
      connectionString: Object.assign(new URL(base.href), { pathname: '/postgres' }).href,
    });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    await admin.end();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await client?.end().catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
  });

  return {
    /** The file's database. */
    databaseUrl,
    /** The file's work folder (the servers' data folder is `data` in it). */
    work,
    /** Starts one more server process on the database (demo seeding off) with `env` added. */
    async serve(env: Record<string, string> = {}) {
      const server = await serveBuild(
        path.resolve(process.env.AMORA_OUT_DIR ?? 'dist'),
        await freePort(),
        path.join(work, 'data'),
        { DATABASE_URL: databaseUrl, SEED_ON_START: '0', ...env },
      );
      servers.push(server);
      return server;
    },
    /** Seeds `members` demo members and the landers' media into the database and data folder (what `npm start` does). */
    seed(members: number, env: Record<string, string> = {}) {
      const seeded = spawnSync('tsx', ['src/server/db/seed/cli.ts'], {
        env: {
          ...process.env,
          ...env,
          DATABASE_URL: databaseUrl,
          DATA_DIR: path.join(work, 'data'),
          SEED_MEMBERS: String(members),
          LOG_LEVEL: 'warn',
        },
        stdio: 'inherit',
      });
      if (seeded.status !== 0) throw new Error(`seeding failed with status ${seeded.status}`);
    },
    /** Runs SQL on the file's database. */
    async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
      if (!client) {
        client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
      }
      return (await client.query<R>(text, values)).rows;
    },
  };
}
