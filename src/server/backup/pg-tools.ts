/**
 * PostgreSQL's own tools for backups of a PostgreSQL database (docs/architecture.md §5 Backups):
 * `pg_dump` (custom format, one consistent snapshot of a running database) and `pg_restore`,
 * from the `postgresql-client` package. The password is handed over in PGPASSWORD, never on the
 * command line (where `ps` would show it).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { childProcessEnv } from '../config';

const run = promisify(execFile);

/** The URL without its password, and the environment that carries the password instead. */
function connectionOf(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env = childProcessEnv(password ? { PGPASSWORD: password } : {});
  return { url: parsed.toString(), env };
}

/** Runs one of the tools, turning a missing binary into an install hint. @throws Error with the tool's stderr. */
async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new Error(
        `${tool} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client)`,
        { cause: error },
      );
    }
    throw new Error(`${tool} failed: ${(failure.stderr ?? failure.message).trim()}`, { cause: error });
  }
}

/** Writes a custom-format dump of the database at `url` to `file`. @throws Error naming the tool's complaint. */
export async function pgDump(url: string, file: string): Promise<void> {
  const { url: dbname, env } = connectionOf(url);
  await runTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
}

/**
 * Restores a custom-format dump into the database at `url` in one transaction (all or nothing);
 * with `clean`, the dump's objects that already exist are dropped first.
 */
export async function pgRestore(url: string, file: string, options: { clean: boolean }): Promise<void> {
  const { url: dbname, env } = connectionOf(url);
  const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`];
  if (options.clean) args.push('--clean', '--if-exists');
  await runTool('pg_restore', [...args, file], env);
}

/**
 * Makes sure the database named in `url` exists (creating it through the server's `postgres`
 * database when it does not) and tells how many tables it holds outside PostgreSQL's own schemas.
 */
export async function preparePostgresTarget(url: string): Promise<{ tables: number }> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const count = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const result = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
      );
      return { tables: Number(result.rows[0]!.n) };
    } finally {
      await client.end();
    }
  };
  try {
    return await count();
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // 3D000: no such database
    const maintenance = new URL(url);
    maintenance.pathname = '/postgres';
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    } finally {
      await client.end();
    }
    return count();
  }
}
