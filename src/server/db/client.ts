import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { watchPglite, watchPgPool } from '../platform/metrics/db-pool';
import { yieldBeforeEachStatement } from './fair-pglite';
import { lockDatabaseFolder } from './folder-lock';
import * as schema from './schema';

/** The drizzle database, the same type whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies pending migrations from `migrationsDir` (forward-only). */
  migrate(migrationsDir: string): Promise<void>;
  close(): Promise<void>;
  /** Low-level access for LISTEN/NOTIFY and raw SQL where drizzle has no API. */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
}

const LOAD_PREFIX = 'memory://?load=';

/** Key of the advisory lock held while migrating PostgreSQL (any constant 64-bit number of our own). */
const MIGRATION_LOCK_KEY = 7_146_021_901;

/**
 * Applies pending migrations on PostgreSQL under a session advisory lock, so processes starting
 * together (`WEB_CONCURRENCY`, several machines) migrate one after the other: the first applies
 * them, the others then find nothing to do (two concurrent CREATE TABLEs would fail one process).
 */
async function migratePgOnce(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(connection, { schema }), { migrationsFolder });
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}

/**
 * Opens the database named by `url`:
 * `memory://` → in-memory PGlite, `memory://?load=/path/dump.tar` → in-memory PGlite
 * started from a `dumpDataDir()` tarball, `.tar` or `.tar.gz` (the tests' migrated template, so
 * each test file skips initdb and the migrations), `file:/path` → PGlite persisted in that folder,
 * which this process then holds alone until `close()` (folder-lock.ts), `postgres://…` → PostgreSQL through a node-postgres pool; `onConnectionLost` hears of an idle
 * pooled connection the server ended (the pool replaces it).
 * @throws DatabaseInUseError when another live process holds the PGlite folder; Error for any other scheme.
 */
export async function openDatabase(
  url: string,
  onConnectionLost: (error: Error) => void = () => undefined,
): Promise<Database> {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection the server ended (a restart, a terminated backend) is dropped by the pool and
    // replaced on next use; without a listener its error event would end the whole process.
    pool.on('error', onConnectionLost);
    watchPgPool(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      raw: { kind: 'postgres', pool },
      migrate: (migrationsFolder) => migratePgOnce(pool, migrationsFolder),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let unlock = () => undefined as void;
  if (url === 'memory://') {
    client = new PGlite();
  } else if (url.startsWith(LOAD_PREFIX)) {
    const file = decodeURIComponent(url.slice(LOAD_PREFIX.length));
    // PGlite tells a gzip tarball from a plain one by the file name.
    client = new PGlite({ loadDataDir: new File([fs.readFileSync(file)], path.basename(file)) });
  } else if (url.startsWith('file:')) {
    const dir = url.slice('file:'.length);
    fs.mkdirSync(dir, { recursive: true });
    unlock = lockDatabaseFolder(dir);
    client = new PGlite(dir);
  } else {
    throw new Error(`Unsupported DATABASE_URL scheme: ${url.split(':')[0]}`);
  }
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  yieldBeforeEachStatement(client);
  watchPglite(client);
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    driver: 'pglite',
    raw: { kind: 'pglite', client },
    migrate: (migrationsFolder) => migratePglite(pgliteDb, { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
