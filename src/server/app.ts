import { getConfig } from './config';
import { createContext, type AppContext } from './context';
import { startPeriodicJobs } from './jobs/periodic-jobs';

/** The process-wide context and the stop function of its periodic jobs, once started. */
let started: Promise<{ ctx: AppContext; stopJobs: () => Promise<void> }> | null = null;

/**
 * Creates the process-wide AppContext from the process's configuration (`getConfig()`: the
 * variables, the site files, the database and its migrations) and starts the periodic jobs.
 * The production server calls it once, before it listens (lifecycle/serve-entry.ts via
 * scripts/serve.mjs, docs/architecture.md §3 Starting, health and restarts); later calls return
 * the same context.
 * @returns the context and a function that stops the jobs and waits for the runs under way.
 * @throws ConfigError, SiteConfigError, DatabaseStartError: nothing is kept, so a later call tries again.
 */
export function startAppContext(): Promise<{ ctx: AppContext; stopJobs: () => Promise<void> }> {
  started ??= Promise.resolve()
    .then(() => createContext(getConfig()))
    .then(
      (ctx) => ({ ctx, stopJobs: startPeriodicJobs(ctx) }),
      (error: unknown) => {
        started = null;
        throw error;
      },
    );
  return started;
}

/**
 * The process-wide AppContext for route adapters and the middleware. In the built server it was
 * created before the server listened, so no request ever creates it (nor waits for migrations);
 * only the development server (`astro dev`, which starts no scripts/serve.mjs) and tests create it
 * on first use.
 * @throws Error in a built server whose context was not started (it was not run by scripts/serve.mjs).
 */
export async function getAppContext(): Promise<AppContext> {
  if (!started && !import.meta.env.DEV) {
    throw new Error('The app context was not started: run the build with scripts/serve.mjs (npm run serve)');
  }
  return (await startAppContext()).ctx;
}
