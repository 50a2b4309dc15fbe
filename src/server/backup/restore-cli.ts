/**
 * `npm run restore -- --from FILE [--to DIR] [--database-url URL] [--force]`: restores an archive of
 * `npm run backup` (docs/architecture.md §5 Backups) into the data folder DIR (default DATA_DIR)
 * and, for the database, into `DIR/db` or the PostgreSQL of `--database-url` (default: DATABASE_URL
 * when it names PostgreSQL). A non-empty folder or database is refused unless `--force`. Uploads
 * go to the S3 bucket when S3_* is configured. The server must not be running on DIR.
 * Exit codes: 0 restored, 1 failed, 2 bad arguments.
 */
import { parseArgs } from 'node:util';
import { getConfig } from '../config';
import { restoreBackup } from './restore-backup';

let values: { from?: string; to?: string; 'database-url'?: string; force?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      'database-url': { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`restore: ${(error as Error).message}`);
  process.exit(2);
}
const databaseUrl = values['database-url'];
if (!values.from || (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))) {
  console.error('restore: --from FILE is required; --database-url must be a postgres:// URL');
  process.exit(2);
}
const config = getConfig();
const configuredPostgres = config.databaseUrl.startsWith('postgres') ? config.databaseUrl : undefined;
try {
  const result = await restoreBackup({
    from: values.from,
    to: values.to ?? config.dataDir,
    databaseUrl: databaseUrl ?? configuredPostgres,
    force: values.force ?? false,
    migrationsDir: config.migrationsDir,
    s3: config.s3,
    report: (line) => console.log(`restore: ${line}`),
  });
  for (const [table, rows] of Object.entries(result.rowCounts)) console.log(`restore:   ${table.padEnd(28)} ${rows}`);
  console.log(`restore: done (backup of ${result.manifest.createdAt})`);
} catch (error) {
  console.error(`restore: ${(error as Error).message}`);
  process.exitCode = 1;
}
