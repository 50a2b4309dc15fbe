import { loadConfig } from './config';
import { createContext, type AppContext } from './context';

/**
 * The process-wide AppContext, created on first use from `process.env`
 * (the only place that reads it). Route adapters and the middleware call this.
 */
let contextPromise: Promise<AppContext> | null = null;

export function getAppContext(): Promise<AppContext> {
  contextPromise ??= createContext(loadConfig(process.env)).catch((error: unknown) => {
    contextPromise = null;
    throw error;
  });
  return contextPromise;
}
