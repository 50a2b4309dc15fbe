import { getConfig } from './config';
import { createContext, type AppContext } from './context';
import { startPeriodicJobs } from './lifecycle/periodic-jobs';
import { watchDatabaseForMetrics } from './metrics';

/** What startAppContext() resolves to: the context and the stop function of its periodic jobs. */
interface StartedApp {
  ctx: AppContext;
  stopJobs: () => Promise<void>;
}

/**
 * The process-wide started app, kept on `globalThis` rather than in a module variable: the dev
 * server evaluates this module again after an edit to any server module it imports, and a second
 * context would open the embedded database folder a second time in the same process, which its
 * single-writer lock refuses (docs/architecture.md §5 Embedded database, single writer), and start
 * every job twice. An edit to the code that builds the context therefore needs a restart of
 * `npm run dev`.
 */
const shared = globalThis as typeof globalThis & { amoraStartedApp?: Promise<StartedApp> | null };

/**
 * Creates the process-wide AppContext from the process's configuration (`getConfig()`: the
 * variables, the site files, the database and its migrations), starts the periodic jobs and the
 * database gauges of the metrics.
 * The production server calls it once, before it listens (lifecycle/serve-entry.ts via
 * scripts/serve.mjs, docs/architecture.md §3 Starting, health and restarts); later calls return
 * the same context.
 * @returns the context and a function that stops the jobs and waits for the runs under way.
 * @throws ConfigError, SiteConfigError, DatabaseStartError: nothing is kept, so a later call tries again.
 */
export function startAppContext(): Promise<StartedApp> {
  shared.amoraStartedApp ??= Promise.resolve()
    .then(() => createContext(getConfig()))
    .then(
      (ctx) => {
        const stopJobs = startPeriodicJobs(ctx);
        watchDatabaseForMetrics(ctx);
        return { ctx, stopJobs };
      },
      (error: unknown) => {
        shared.amoraStartedApp = null;
        throw error;
      },
    );
  return shared.amoraStartedApp;
}

/**
 * The process-wide AppContext for route adapters and the middleware. In the built server it was
 * created before the server listened, so no request ever creates it (nor waits for migrations);
 * only the development server (`astro dev`, which starts no scripts/serve.mjs) and tests create it
 * on first use.
 * @throws Error in a built server whose context was not started (it was not run by scripts/serve.mjs).
 */
export async function getAppContext(): Promise<AppContext> {
  if (!shared.amoraStartedApp && !import.meta.env.DEV) {
    throw new Error('The app context was not started: run the build with scripts/serve.mjs (npm run serve)');
  }
  return (await startAppContext()).ctx;
}
