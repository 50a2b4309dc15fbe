import type { AppContext } from '../context';
import type { PeriodicJob } from '../platform/jobs/periodic-job';
import { jobScheduled, jobUnscheduled, measureJobRun } from '../platform/metrics/job-metrics';
import { ALL_JOBS } from './all-jobs';

export type { PeriodicJob };

/** The jobs of ALL_JOBS (src/server/lifecycle/all-jobs.ts; tests run them directly with their own clock). */
export function periodicJobs(): readonly PeriodicJob[] {
  return ALL_JOBS;
}

/**
 * Starts every job of `jobs` (default: ALL_JOBS) on an unref'd timer (a first run shortly after start).
 * @returns a function that stops them: no run starts after it is called, and its promise resolves
 *   once the runs under way have ended (a graceful stop waits for it, docs/architecture.md §3).
 */
export function startPeriodicJobs(ctx: AppContext, jobs: readonly PeriodicJob[] = ALL_JOBS): () => Promise<void> {
  const running = new Set<Promise<void>>();
  let stopped = false;
  const timers = jobs.map((job) => {
    let busy = false;
    const tick = async () => {
      if (busy || stopped) return;
      busy = true;
      try {
        await measureJobRun(job.name, () => job.run(ctx));
      } catch (error) {
        ctx.log.warn('periodic job failed', { job: job.name, error });
      } finally {
        busy = false;
      }
    };
    const track = () => {
      const run = tick();
      running.add(run);
      void run.finally(() => running.delete(run));
    };
    const first = setTimeout(track, 5_000);
    first.unref();
    const every = setInterval(track, job.everyMs);
    every.unref();
    jobScheduled(job.name, job.everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(every);
      jobUnscheduled(job.name);
    };
  });
  return async () => {
    stopped = true;
    timers.forEach((stop) => stop());
    await Promise.all([...running]);
  };
}
