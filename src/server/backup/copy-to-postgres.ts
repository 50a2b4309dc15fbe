/**
 * Copies every row of an embedded (PGlite) database into PostgreSQL (docs/architecture.md §5
 * Backups, Moving to PostgreSQL): the target gets the schema from the migrations, then each table
 * in foreign-key order, in one transaction (a failure leaves the target as it was), identity
 * sequences set past the copied ids, and the row counts of both sides compared.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { preparePostgresTarget } from './pg-tools';
import { countRows, queryRowsOf, quoteIdent, tablesInDependencyOrder, type QueryRows } from './tables';

/** Rows read and written per statement. */
const BATCH_ROWS = 1000;

/** Raised when the target database already holds tables and `force` was not given. */
export class TargetNotEmptyError extends Error {
  constructor(tables: number) {
    super(`the target database is not empty (${tables} tables): pass --force to replace its contents`);
    this.name = 'TargetNotEmptyError';
  }
}

export interface CopyResult {
  /** Per table, in copy order: rows in the source and in the target afterwards (equal, or the copy throws). */
  counts: { table: string; source: number; target: number }[];
}

/** The columns a copy writes: every stored column (generated ones are computed by the target). */
async function columnsOf(query: QueryRows, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
      ORDER BY attnum`,
    [`public.${quoteIdent(table)}`],
  );
  return rows.map((row) => row.name);
}

/**
 * Copies all rows of `source` into the PostgreSQL database at `targetUrl`; both are first brought
 * to the code's schema by the migrations of `migrationsDir` (so `source` must be a copy, never the
 * server's live folder), the target created when missing.
 * A target holding tables is refused unless `force`, which drops its `public` and `drizzle`
 * schemas first. Rows travel as JSON (`row_to_json` → `json_populate_recordset`), which keeps
 * every type's text form (microseconds, numerics, bytea, arrays, jsonb) exactly.
 * @throws TargetNotEmptyError; Error when the row counts differ after the copy (nothing is committed then).
 */
export async function copyPgliteToPostgres(
  source: PGlite,
  targetUrl: string,
  options: { force: boolean; migrationsDir: string; report?: (line: string) => void },
): Promise<CopyResult> {
  const report = options.report ?? (() => undefined);
  const { tables: existing } = await preparePostgresTarget(targetUrl);
  if (existing > 0 && !options.force) throw new TargetNotEmptyError(existing);
  if (existing > 0) {
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    try {
      await client.query(
        'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public',
      );
    } finally {
      await client.end();
    }
    report(`target: ${existing} existing tables dropped (--force)`);
  }
  await migrate(drizzle(source), { migrationsFolder: options.migrationsDir });
  const target = await openDatabase(targetUrl);
  try {
    await target.migrate(options.migrationsDir);
    if (target.raw.kind !== 'postgres') throw new Error('the target must be PostgreSQL');
    const from = queryRowsOf(source);
    const tables = await tablesInDependencyOrder(from);
    const sourceCounts = await countRows(from, tables);
    const connection = await target.raw.pool.connect();
    try {
      const to = queryRowsOf(connection);
      await connection.query('BEGIN');
      for (const table of tables) {
        await copyTable(from, to, table);
        report(`copied ${table}: ${sourceCounts[table]} rows`);
      }
      await resetSequences(to, tables);
      const targetCounts = await countRows(to, tables);
      const counts = tables.map((table) => ({ table, source: sourceCounts[table]!, target: targetCounts[table]! }));
      const differing = counts.filter((count) => count.source !== count.target);
      if (differing.length > 0) {
        throw new Error(
          `row counts differ: ${differing.map((c) => `${c.table} ${c.source} → ${c.target}`).join(', ')}`,
        );
      }
      await connection.query('COMMIT');
      return { counts };
    } catch (error) {
      await connection.query('ROLLBACK');
      throw error;
    } finally {
      connection.release();
    }
  } finally {
    await target.close();
  }
}

/** Copies one table in batches of `BATCH_ROWS`, walking the source by physical row position (ctid). */
async function copyTable(from: QueryRows, to: QueryRows, table: string): Promise<void> {
  const columns = (await columnsOf(to, table)).map(quoteIdent).join(', ');
  const name = quoteIdent(table);
  let after = '(0,0)';
  for (;;) {
    const rows = await from<{ position: string; json: string }>(
      `SELECT ctid::text AS position, row_to_json(t)::text AS json FROM ${name} t
        WHERE ctid > $1::tid ORDER BY ctid LIMIT ${BATCH_ROWS}`,
      [after],
    );
    if (rows.length === 0) return;
    await to(
      `INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE
       SELECT ${columns} FROM json_populate_recordset(NULL::${name}, $1::json)`,
      [`[${rows.map((row) => row.json).join(',')}]`],
    );
    after = rows[rows.length - 1]!.position;
  }
}

/** Sets every identity or serial sequence of `tables` so the next id follows the largest copied one. */
async function resetSequences(to: QueryRows, tables: string[]): Promise<void> {
  for (const table of tables) {
    const sequences = await to<{ column: string; sequence: string }>(
      `SELECT a.attname AS column, pg_get_serial_sequence($2, a.attname) AS sequence FROM pg_attribute a
        WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped
          AND pg_get_serial_sequence($2, a.attname) IS NOT NULL`,
      [`public.${quoteIdent(table)}`, `public.${quoteIdent(table)}`],
    );
    for (const { column, sequence } of sequences) {
      await to(
        `SELECT setval($1, COALESCE(max(${quoteIdent(column)}), 0) + 1, false) FROM public.${quoteIdent(table)}`,
        [sequence],
      );
    }
  }
}
