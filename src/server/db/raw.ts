import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs one raw statement (for what drizzle's builders cannot express, such as
 * data-modifying CTEs) and returns its rows. Both drivers answer `{ rows }`;
 * column values come back as the driver gives them (int8 may be a string:
 * convert with Number()).
 */
export async function queryRows<T extends Record<string, unknown>>(
  db: Pick<Db, 'execute'>,
  statement: SQL,
): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
