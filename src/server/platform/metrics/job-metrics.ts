/**
 * Series of the periodic jobs (docs/architecture.md §5 Metrics, §6 convention 15): runs by
 * outcome, run duration, the time of the last success and the lag. The lag of a job is how far
 * it is behind its schedule: `now − (last success, or when this process scheduled it) − interval`,
 * at least 0; a job that runs and succeeds on time stays at 0, one that fails, hangs or is never
 * started grows by one second per second.
 */
import { counter, gauge, histogram, processState } from './define';

/** Seconds-scale buckets of one run. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

const schedules = processState('jobs', () => new Map<string, { everyMs: number; since: number }>());

const jobRuns = counter('amora_job_runs_total', 'Periodic job runs by outcome (success, failure).', [
  'job',
  'outcome',
] as const);
const jobDuration = histogram(
  'amora_job_duration_seconds',
  'Duration of periodic job runs.',
  ['job'] as const,
  JOB_BUCKETS,
);
const jobLastSuccess = gauge('amora_job_last_success_timestamp_seconds', 'Unix time of the last successful run.', {
  labelNames: ['job'] as const,
  aggregator: 'max',
});
const jobLag = gauge(
  'amora_job_lag_seconds',
  'How far a periodic job is behind its schedule: time since its last success (or its scheduling) minus its interval, at least 0.',
  {
    labelNames: ['job'] as const,
    // In a cluster every process runs every job: a job is late only when no process ran it.
    aggregator: 'min',
    collect() {
      const now = Date.now();
      for (const [job, { everyMs, since }] of schedules) this.set({ job }, Math.max(0, (now - since - everyMs) / 1000));
    },
  },
);

/** A job was scheduled in this process, every `everyMs` (ms): its lag counts from now. */
export function jobScheduled(job: string, everyMs: number): void {
  schedules.set(job, { everyMs, since: Date.now() });
  jobRuns.inc({ job, outcome: 'success' }, 0);
  jobRuns.inc({ job, outcome: 'failure' }, 0);
}

/** The jobs were stopped in this process: they no longer report a lag. */
export function jobUnscheduled(job: string): void {
  schedules.delete(job);
  jobLag.remove({ job });
}

/**
 * Runs one job's `run`, recording its outcome and duration; rethrows its error.
 * @returns what `run` returns.
 */
export async function measureJobRun<T>(job: string, run: () => Promise<T>): Promise<T> {
  const end = jobDuration.startTimer({ job });
  try {
    const result = await run();
    jobRuns.inc({ job, outcome: 'success' });
    const now = Date.now();
    jobLastSuccess.set({ job }, now / 1000);
    const schedule = schedules.get(job);
    if (schedule) schedule.since = now;
    return result;
  } catch (error) {
    jobRuns.inc({ job, outcome: 'failure' });
    throw error;
  } finally {
    end();
  }
}
