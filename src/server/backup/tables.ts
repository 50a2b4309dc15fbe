/**
 * The application's tables as the database itself describes them (docs/architecture.md §5
 * Backups), for copying and counting without a list to keep up to date: every table of the
 * `public` schema, parents before the tables whose foreign keys point at them.
 */

/** Runs one SQL statement with parameters; rows come back as objects of strings and numbers. */
export type QueryRows = <T extends Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** A double-quoted SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The `public` tables, each after every table it references.
 * @throws Error naming the tables of a cycle of foreign keys (a table referencing itself included),
 * which no order of tables can copy batch by batch.
 */
export async function tablesInDependencyOrder(query: QueryRows): Promise<string[]> {
  const tables = (
    await query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
    )
  ).map((row) => row.name);
  const references = await query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of references) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table) && [...parents.get(table)!].every((p) => placed.has(p)));
    if (ready.length === 0) {
      const left = tables.filter((table) => !placed.has(table));
      throw new Error(`foreign keys form a cycle among: ${left.join(', ')}`);
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** Rows per table, for `tables` in their order. */
export async function countRows(query: QueryRows, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await query<{ n: string | number }>(`SELECT count(*) AS n FROM ${quoteIdent(table)}`);
    counts[table] = Number(row!.n);
  }
  return counts;
}

/** `QueryRows` over anything with node-postgres' or PGlite's `query(text, params)` answering `{ rows }`. */
export function queryRowsOf(client: {
  query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;
}): QueryRows {
  return async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await client.query(text, params)).rows as T[];
}
