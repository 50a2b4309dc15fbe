/**
 * A process that holds an embedded database folder (tests/integration/database-lock.test.ts):
 * `node --import tsx tests/helpers/hold-database.ts <folder>` opens `file:<folder>`, prints `holding <pid>` and
 * keeps it open until SIGTERM, on which it exits without closing (the lock must go on exit alone).
 */
import { openDatabase } from '../../src/server/db/client';

const folder = process.argv[2];
if (!folder) throw new Error('usage: hold-database.ts <folder>');
const database = await openDatabase(`file:${folder}`);
process.once('SIGTERM', () => process.exit(0));
console.log(`holding ${process.pid}`);
// Keeps the event loop alive until a signal ends the process.
setInterval(() => database.driver, 60_000);
