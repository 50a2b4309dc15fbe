import { getConfig } from './config';
import { createContext, type AppContext } from './context';
import { startPeriodicJobs } from './jobs/periodic-jobs';
import { watchDatabaseForMetrics } from './metrics/database-gauges';

/**
 * The process-wide AppContext, created on first use from the process's
 * configuration (`getConfig()`). Route adapters and the middleware call this.
 */
let contextPromise: Promise<AppContext> | null = null;

export function getAppContext(): Promise<AppContext> {
  contextPromise ??= createContext(getConfig()).then(
    (ctx) => {
      startPeriodicJobs(ctx);
      watchDatabaseForMetrics(ctx);
      return ctx;
    },
    (error: unknown) => {
      contextPromise = null;
      throw error;
    },
  );
  return contextPromise;
}
