import pg from 'pg';

/**
 * Setup file of the integration project (vitest.config.ts). `npm run test:pg` gives the test
 * contexts their PostgreSQL database through DATABASE_URL.
 *
 * - The app's own context (src/server/app.ts), which route handlers under test start, reads
 *   DATABASE_URL too and runs the periodic jobs on the real clock: on the shared test database
 *   those jobs claimed the tests' photos and postbacks (whose clock is 2026-11-21) as long overdue.
 *   So the URL moves to AMORA_TEST_DATABASE_URL, read by tests/helpers/context.ts only; the app
 *   context falls back to its own embedded database, as in the PGlite run.
 * - Each Vitest worker gets its own database beside the given one (`test` → `test_w1`, `test_w2`,
 *   made on first use), so the files run two at a time instead of one after another: every file
 *   drops and migrates its database's schema (tests/helpers/context.ts), which two files on one
 *   database would do under each other's feet.
 */
if (process.env.DATABASE_URL) {
  process.env.AMORA_TEST_DATABASE_URL = await workerDatabase(process.env.DATABASE_URL);
  delete process.env.DATABASE_URL;
}

/** The URL of this worker's database (`<name>_w<pool id>` on the same server), created when missing. */
async function workerDatabase(url: string): Promise<string> {
  const address = new URL(url);
  const name = `${address.pathname.slice(1)}_w${process.env.VITEST_POOL_ID ?? '1'}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } catch (error) {
        // Another run made it at the same moment.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await client.end();
  }
  address.pathname = `/${name}`;
  return address.toString();
}
