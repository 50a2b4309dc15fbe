import { getConfig } from './config';
import { createContext, type AppContext } from './context';
import { startPeriodicJobs } from './jobs/periodic-jobs';
import { watchDatabaseForMetrics } from './metrics/database-gauges';

/**
 * The process-wide AppContext, kept on `globalThis` rather than in a module variable: the dev server
 * evaluates this module again after an edit to any server module it imports, and a second context
 * would open the embedded database folder a second time in the same process, which its single-writer
 * lock refuses (docs/architecture.md §5 Embedded database, single writer), and start every job twice.
 * An edit to the code that builds the context therefore needs a restart of `npm run dev`.
 */
const shared = globalThis as typeof globalThis & { amoraAppContext?: Promise<AppContext> | null };

/**
 * The process-wide AppContext, created on first use from the process's
 * configuration (`getConfig()`). Route adapters and the middleware call this.
 */
export function getAppContext(): Promise<AppContext> {
  shared.amoraAppContext ??= createContext(getConfig()).then(
    (ctx) => {
      startPeriodicJobs(ctx);
      watchDatabaseForMetrics(ctx);
      return ctx;
    },
    (error: unknown) => {
      shared.amoraAppContext = null;
      throw error;
    },
  );
  return shared.amoraAppContext;
}
