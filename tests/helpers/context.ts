import path from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeEach, inject } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createContext, type AppContext, type Clock } from '../../src/server/context';
import * as schema from '../../src/server/db/schema';
import { createLogger } from '../../src/server/log/logger';

/** A clock tests can set and move. */
export interface TestClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function createTestClock(start = '2026-11-21T12:00:00Z'): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** Every table of the schema, emptied before each test (a new table is included without listing it here). */
const TABLES = Object.values(schema).flatMap((value) => (is(value, PgTable) ? [`"${getTableName(value)}"`] : []));

/**
 * Empties every table for the next test. The audit log refuses TRUNCATE (docs/product.md §13
 * Audit log) through ordinary triggers, which PostgreSQL does not fire while
 * `session_replication_role` is `replica`; `SET LOCAL` keeps that to this one transaction of the
 * test harness (it needs a superuser, as the test databases have), so the app's own statements
 * are still refused.
 */
async function emptyTables(context: AppContext): Promise<void> {
  await context.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL session_replication_role = replica`));
    await tx.execute(sql.raw(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`));
  });
}

/**
 * One migrated database per test file: in-memory PGlite opened from the
 * migrated template of tests/helpers/pglite-template.ts (the migrations then
 * find nothing to apply), or the PostgreSQL of `DATABASE_URL` (npm run test:pg,
 * files run one at a time), reset and migrated. Every table is emptied before
 * each test. `env` may be a function, read when the context is first made (after
 * the file's `beforeAll` hooks), for values only known then, such as a stand-in's port.
 */
export function useTestContext(env: Record<string, string> | (() => Record<string, string>) = {}): {
  ctx: () => AppContext;
  clock: TestClock;
  /** Another "server process" on the same database: its own pool and realtime hub on PostgreSQL; the same context on PGlite (one process only). */
  secondProcess: () => Promise<AppContext>;
} {
  const clock = createTestClock();
  let context: AppContext | null = null;
  let second: AppContext | null = null;
  let config: ReturnType<typeof loadConfig> | null = null;
  // tests/helpers/integration-env.ts moved DATABASE_URL here, away from the app's own context.
  const databaseUrl = process.env.AMORA_TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? pgliteUrl();

  beforeEach(async () => {
    if (!context) {
      if (databaseUrl.startsWith('postgres')) await resetPostgres(databaseUrl);
      config = loadConfig({
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(process.cwd(), 'data', 'test', String(process.pid)),
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ...(typeof env === 'function' ? env() : env),
      });
      context = await createContext(config, { clock, log: createLogger('silent') });
    }
    clock.set('2026-11-21T12:00:00Z');
    context.searchCountCache.clear();
    context.searchCursorCache.clear();
    context.searchPageCache.clear();
    await emptyTables(context);
  });

  afterAll(async () => {
    for (const each of [second, context]) {
      await each?.realtime.close();
      await each?.database.close();
    }
  });

  return {
    ctx: () => {
      if (!context) throw new Error('test context used outside a test');
      return context;
    },
    clock,
    secondProcess: async () => {
      if (!context || !config) throw new Error('test context used outside a test');
      if (!databaseUrl.startsWith('postgres')) return context;
      second ??= await createContext(config, { clock, log: createLogger('silent') });
      return second;
    },
  };
}

/** The in-memory PGlite URL: from the global setup's template when there is one, else a fresh database. */
function pgliteUrl(): string {
  const template = inject('pgliteTemplate');
  return template ? `memory://?load=${encodeURIComponent(template)}` : 'memory://';
}

/**
 * Drops everything in the PostgreSQL test database (a `test` database only) so
 * the migrations run from scratch, whatever an earlier run left behind.
 */
async function resetPostgres(url: string): Promise<void> {
  if (!/\/test(_w\d+)?(\?|$)/.test(url)) throw new Error(`refusing to reset a non-test database: ${url}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;',
    );
  } finally {
    await client.end();
  }
}
