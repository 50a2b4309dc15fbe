import { format } from 'node:util';
import { loggedError, type LoggedError } from './log-error';
import type { Logger, LogLevel } from './logger';

/** What one console call of the framework becomes: a level, a safe one-line summary, the error. */
export interface FrameworkLogEvent {
  level: Exclude<LogLevel, 'silent'>;
  summary: string;
  error?: LoggedError;
}

/** Longest summary kept (characters). */
const MAX_SUMMARY = 160;
// eslint-disable-next-line no-control-regex -- terminal colour codes are what is removed
const SGR = /\u001b\[[0-9;]*m/g;

/**
 * The summary of a framework message: its first line without Astro's time and level prefix,
 * every URL and path replaced by `[url]` / `[path]` (a request's path is the caller's text), a
 * failed query cut before its SQL, at most MAX_SUMMARY characters.
 */
function summaryOf(text: string): string {
  const [first = ''] = text.replace(SGR, '').split(/\r\n|[\r\n\u2028\u2029]/, 1);
  return (
    first
      .replace(/^\s*\d{2}:\d{2}:\d{2}\s+/, '')
      .replace(/^(\[[\w-]+\]\s*)+/, '')
      .replace(/(Failed query)[\s\S]*/i, '$1')
      .replace(/\b[a-z][\w+.-]*:\/\/\S*/gi, '[url]')
      .replace(/(^|[\s("'=])\/\S*/g, '$1[path]')
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .trim()
      .slice(0, MAX_SUMMARY)
  );
}

/**
 * docs/architecture.md §5 Logging: one console call of Astro or its node adapter (their own
 * logger writes through `console`, and the adapter calls `console.error` with the request's raw
 * URL and the error) as a safe event. An Error argument is kept as `loggedError()` keeps it (no
 * SQL, no parameters); text arguments only as a summary (summaryOf), so no path, query or row
 * value reaches the log, and no newline a caller put into a path can start a forged line.
 */
export function frameworkLogEvent(level: FrameworkLogEvent['level'], args: readonly unknown[]): FrameworkLogEvent {
  const error = args.find((arg): arg is Error => arg instanceof Error);
  // As console would print it, with an error reduced to its name (its text is in `error`).
  const text = format(...args.map((arg) => (arg instanceof Error ? arg.name : arg)));
  const summary = summaryOf(text) || (error ? error.name : 'framework message');
  return error ? { level, summary, error: loggedError(error) } : { level, summary };
}

const CONSOLE_LEVELS = [
  ['error', 'error'],
  ['warn', 'warn'],
  ['info', 'info'],
  ['log', 'info'],
  ['debug', 'debug'],
] as const;

let routed = false;

/**
 * Sends everything written with `console` in this process to `log` as `frameworkLogEvent()`
 * lines (`source: "framework"`), once per process. Only the server calls it (src/middleware.ts,
 * outside development): the app itself logs through `log` and never uses `console`, so what
 * arrives here is Astro's and the adapter's, which would otherwise write multi-line text with
 * the request's raw path and a failed query's SQL and parameters.
 */
export function routeConsoleToLog(log: Logger): void {
  if (routed) return;
  routed = true;
  for (const [method, level] of CONSOLE_LEVELS) {
    console[method] = (...args: unknown[]) => {
      const event = frameworkLogEvent(level, args);
      log[event.level](event.summary, { source: 'framework', ...(event.error ? { error: event.error } : {}) });
    };
  }
}
