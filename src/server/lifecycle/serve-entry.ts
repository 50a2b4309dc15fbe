/**
 * What scripts/serve.mjs calls in the built app (docs/architecture.md §3 Starting, health and
 * restarts). The build emits this module as `dist/server/lifecycle.mjs` beside the adapter's
 * `entry.mjs` (scripts/lifecycle-entry.mjs); both import the same chunk of `app.ts`, so the context
 * started here is the one every request uses.
 *
 * - `startServerApp()` before listening: configuration, site files, database, migrations, jobs;
 *   any problem rejects with an error naming it, and the process exits instead of listening.
 * - `readiness()` for `GET /readyz`.
 * - `beginDrain()` on SIGTERM: `/readyz` turns 503, event streams close with a reconnect hint,
 *   job loops stop claiming; requests under way go on.
 * - `finishDrain(deadline)` once the HTTP server has no request left (or at the deadline): waits for
 *   the jobs' runs under way until `deadline`, releases the job leases still held, closes the
 *   realtime listener and the database.
 */
import { sql } from 'drizzle-orm';
import { startAppContext } from '../app';
import type { AppContext } from '../context';
import { releaseHeldLeases } from '../platform/jobs/lease-queue';
import { ensureLanderMedia } from '../landers';
import { settleOutbox } from '../outbox';
import { createDatabaseProbe, readinessReport, type ReadinessReport, type ServerState } from './readiness';

export type { ReadinessReport, ServerState } from './readiness';

/** A `/readyz` database answer is reused this long (ms). */
const PROBE_TTL_MS = 1_000;
/** A `SELECT 1` slower than this (ms) makes the process not ready. */
const PROBE_TIMEOUT_MS = 2_000;

let state: ServerState = 'starting';
let jobsRunning = false;
let app: { ctx: AppContext; stopJobs: () => Promise<void> } | null = null;
let probe: (() => Promise<'ok' | 'unreachable'>) | null = null;

/**
 * Starts the app before the server listens: validates the configuration and the site files, opens
 * the database, applies migrations, starts the periodic jobs and puts the landers' media into
 * storage (LANDER_MEDIA_DIR, idempotent).
 * @throws ConfigError (every bad variable), SiteConfigError (file and field), DatabaseStartError
 *   (the database, without its password, and why).
 */
export async function startServerApp(): Promise<void> {
  app = await startAppContext();
  const { db, storage, config } = app.ctx;
  // The pre-rendered landers name their hero media and portraits under `cdn_prefix`: they must be
  // in storage before the first visitor, whether or not `npm run seed` ran on this data folder.
  await ensureLanderMedia(storage, config.landerMediaDir);
  probe = createDatabaseProbe(() => db.execute(sql`SELECT 1`), { ttlMs: PROBE_TTL_MS, timeoutMs: PROBE_TIMEOUT_MS });
  jobsRunning = true;
  state = 'ready';
}

/** The process's readiness now (`/readyz`); asks the database at most once per second. */
export async function readiness(): Promise<ReadinessReport> {
  const database = probe && state !== 'stopped' ? await probe() : 'unknown';
  return readinessReport(state, jobsRunning, database);
}

/** Begins a graceful stop (idempotent): not ready any more, streams close, job loops stop claiming. */
export function beginDrain(): void {
  if (state !== 'ready' && state !== 'starting') return;
  state = 'draining';
  app?.ctx.lifecycle.drain();
}

/** What `finishDrain` did: whether the jobs' runs ended in time, and the leases it had to release. */
export interface DrainOutcome {
  jobsSettled: boolean;
  releasedLeases: number;
}

/**
 * Ends the app after `beginDrain()`, once the HTTP server has no request left: stops the periodic
 * jobs and waits for their runs (and outbox rounds) under way until `deadline` (ms since the epoch),
 * releases the leases still held (their rows go to the other processes at once), closes the
 * realtime listener and the database. Never throws: a failure is logged and the stop goes on.
 */
export async function finishDrain(deadline: number): Promise<DrainOutcome> {
  beginDrain();
  const current = app;
  state = 'stopped';
  if (!current) return { jobsSettled: true, releasedLeases: 0 };
  const { ctx } = current;
  const runs = Promise.all([current.stopJobs(), settleOutbox()]).then(() => true);
  const left = Math.max(0, deadline - Date.now());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const jobsSettled = await Promise.race([
    runs,
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), left))),
  ]);
  clearTimeout(timer);
  jobsRunning = false;
  let releasedLeases = 0;
  try {
    releasedLeases = await releaseHeldLeases(ctx.db);
  } catch (error) {
    ctx.log.warn('releasing job leases failed', { error });
  }
  if (!jobsSettled) ctx.log.warn('jobs still running at the shutdown deadline', { releasedLeases });
  await ctx.realtime.close().catch((error: unknown) => ctx.log.warn('closing the realtime listener failed', { error }));
  await ctx.database.close().catch((error: unknown) => ctx.log.warn('closing the database failed', { error }));
  return { jobsSettled, releasedLeases };
}
