import type { AppContext } from '../../context';

/**
 * The shape of one background job (the runner is src/server/lifecycle/periodic-jobs.ts).
 * Background jobs that run every few minutes in each server process (docs/architecture.md §6,
 * convention 15), all listed in ALL_JOBS (src/server/lifecycle/all-jobs.ts): the outbox, the complete-signup
 * reminder sweep, expired data exports, and the like. A job
 * must be safe to run in several processes at once (claim rows with a conditional UPDATE) and
 * idempotent; one failing run is logged and retried at the next tick.
 */
export interface PeriodicJob {
  name: string;
  /** What the job owns: the tables or rows it works through (docs/architecture.md, jobs table). */
  owns: string;
  /** Time between runs (ms). */
  everyMs: number;
  run(ctx: AppContext): Promise<void>;
}
