/**
 * `npm run backup -- [--out FILE] [--server URL]`: writes one archive with the database, the app
 * secret, the VAPID keys and the local uploads (docs/architecture.md §5 Backups; docs/operations.md,
 * "Backups and moving to PostgreSQL"). Default file: `backups/amora-<UTC time>.tar.gz`.
 * On the embedded database a running server makes the snapshot (it is asked at `--server`, by
 * default the configured HOST:PORT); with no server, the folder is copied while unchanged.
 * Exit codes: 0 written, 1 failed, 2 bad arguments.
 */
import { parseArgs } from 'node:util';
import { getConfig } from '../config';
import { createBackup } from './create-backup';

let values: { out?: string; server?: string };
try {
  ({ values } = parseArgs({ options: { out: { type: 'string' }, server: { type: 'string' } } }));
} catch (error) {
  console.error(`backup: ${(error as Error).message}`);
  process.exit(2);
}
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
try {
  const result = await createBackup(getConfig(), {
    out: values.out ?? `backups/amora-${stamp}.tar.gz`,
    serverUrl: values.server,
    report: (line) => console.log(`backup: ${line}`),
  });
  const { manifest } = result;
  console.log(
    `backup: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB): database ${manifest.database}, ` +
      `app secret ${manifest.appSecret}, VAPID keys ${manifest.vapidKeys}, uploads ${manifest.uploads}`,
  );
  if (manifest.rowCounts) {
    for (const [table, rows] of Object.entries(manifest.rowCounts))
      console.log(`backup:   ${table.padEnd(28)} ${rows}`);
  }
} catch (error) {
  console.error(`backup: ${(error as Error).message}`);
  process.exitCode = 1;
}
