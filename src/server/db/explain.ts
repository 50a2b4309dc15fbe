import type { Database } from './client';

/**
 * EXPLAIN of a drizzle query (`query.toSQL()`), run with its bind parameters
 * on one connection. `settings` are applied first with SET LOCAL inside a
 * transaction (e.g. `enable_seqscan = off` to see which index a small test
 * table would use). Returns the plan's lines. Used by the search benchmark and
 * the index tests.
 * @throws the database error of a bad query or setting.
 */
export async function explain(
  database: Database,
  query: { sql: string; params: unknown[] },
  options: { analyze?: boolean; settings?: Record<string, string> } = {},
): Promise<string[]> {
  const statements = Object.entries(options.settings ?? {}).map(([name, value]) => {
    if (!/^[a-z_]+$/.test(name) || !/^[a-z0-9_]+$/.test(value)) throw new Error(`bad setting ${name}=${value}`);
    return `SET LOCAL ${name} = ${value}`;
  });
  const text = `EXPLAIN ${options.analyze ? '(ANALYZE, BUFFERS) ' : ''}${query.sql}`;
  const raw = database.raw;
  if (raw.kind === 'pglite') {
    return raw.client.transaction(async (tx) => {
      for (const statement of statements) await tx.exec(statement);
      const result = await tx.query<{ 'QUERY PLAN': string }>(text, query.params as never[]);
      return result.rows.map((row) => row['QUERY PLAN']);
    });
  }
  const client = await raw.pool.connect();
  try {
    await client.query('BEGIN');
    for (const statement of statements) await client.query(statement);
    const result = await client.query<{ 'QUERY PLAN': string }>(text, query.params);
    await client.query('ROLLBACK');
    return result.rows.map((row) => row['QUERY PLAN']);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
