/**
 * `npm run migrate:to-postgres -- --from ./data --to postgres://… [--force] [--server URL]`: copies
 * everything of the embedded database in the data folder `--from` into the PostgreSQL `--to`
 * (created when missing; a non-empty one is refused unless `--force`), and the local uploads into
 * the S3 bucket when S3_* is configured; prints the rows per table of both sides
 * (docs/architecture.md §5 Backups, Moving to PostgreSQL). Stop the server first: one that answers
 * at `--server` (default the configured HOST:PORT) is refused. Exit codes: 0 copied, 1 failed, 2 bad arguments.
 */
import { parseArgs } from 'node:util';
import { getConfig } from '../config';
import { localServerUrl } from './create-backup';
import { migrateToPostgres } from './migrate-to-postgres';

let values: { from?: string; to?: string; force?: boolean; server?: string };
try {
  ({ values } = parseArgs({
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      force: { type: 'boolean', default: false },
      server: { type: 'string' },
    },
  }));
} catch (error) {
  console.error(`migrate:to-postgres: ${(error as Error).message}`);
  process.exit(2);
}
if (!values.from || !values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
  console.error('migrate:to-postgres: --from DATA_FOLDER and --to postgres://… are required');
  process.exit(2);
}
const config = getConfig();
try {
  const result = await migrateToPostgres({
    from: values.from,
    to: values.to,
    force: values.force ?? false,
    migrationsDir: config.migrationsDir,
    s3: config.s3,
    serverUrl: values.server ?? localServerUrl(config),
    report: (line) => console.log(`migrate:to-postgres: ${line}`),
  });
  console.log(`migrate:to-postgres: ${'table'.padEnd(28)} ${'embedded'.padStart(9)} ${'postgres'.padStart(9)}`);
  for (const { table, source, target } of result.counts) {
    console.log(`migrate:to-postgres: ${table.padEnd(28)} ${String(source).padStart(9)} ${String(target).padStart(9)}`);
  }
  console.log(
    'migrate:to-postgres: done; start the server with DATABASE_URL set to the target and the same DATA_DIR (app secret, VAPID keys)',
  );
} catch (error) {
  console.error(`migrate:to-postgres: ${(error as Error).message}`);
  process.exitCode = 1;
}
