/**
 * Setup file of the integration project (vitest.config.ts). `npm run test:pg` gives the test
 * contexts their PostgreSQL database through DATABASE_URL. The app's own context
 * (src/server/app.ts), which route handlers under test start, reads DATABASE_URL too and runs
 * the periodic jobs on the real clock: on the shared test database those jobs claimed the tests'
 * photos and postbacks (whose clock is 2026-11-21) as long overdue. So the URL moves to
 * AMORA_TEST_DATABASE_URL, read by tests/helpers/context.ts only; the app context falls back to
 * its own embedded database, as in the PGlite run.
 */
if (process.env.DATABASE_URL) {
  process.env.AMORA_TEST_DATABASE_URL = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
}
