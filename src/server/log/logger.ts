import pino from 'pino';
import { loggedError } from './log-error';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/**
 * What an event carries besides its message. `message` is the line's own key, so a field may
 * not use it; an Error value (any field) is logged as `loggedError()` makes it.
 */
export type LogFields = Record<string, unknown> & { message?: never };

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** Where lines go instead of stdout/stderr (tests): one JSON object and a newline per write. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Field names whose values never reach the log, at any of the first three levels of the fields
 * (`email`, `user.email`, `input.user.email`): secrets, personal data, what members write, and
 * what carries them (query parameters, request bodies, cookies).
 */
export const REDACTED_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'password_hash',
  'hash',
  'token',
  'sessionToken',
  'secret',
  'apiKey',
  'authorization',
  // Field names to hide, not cookie handling (which stays in src/server/http).
  // eslint-disable-next-line no-restricted-syntax
  'cookie',
  // eslint-disable-next-line no-restricted-syntax
  'set-cookie',
  'email',
  'to',
  'text',
  'body',
  'query',
  'params',
  'detail',
  'clientAddress',
  'ip',
  'endpoint',
] as const;

/** What a redacted value reads as. */
export const REDACTED = '[redacted]';

const REDACT_PATHS = REDACTED_FIELDS.flatMap((field) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(field) ? `.${field}` : `["${field}"]`;
  return [key.startsWith('.') ? field : key, `*${key}`, `*.*${key}`];
});

/**
 * docs/architecture.md §5 Logging: the process's logger (pino), one JSON object per line:
 * `level` (name), `time` (ISO), `message`, then the fields. Events below `level` are dropped;
 * `debug` and `info` go to stdout, `warn` and `error` to stderr (or all to `destination`).
 * REDACTED_FIELDS are replaced by "[redacted]"; errors keep no query, parameter or row values.
 */
export function createLogger(level: LogLevel, destination?: LogDestination): Logger {
  const stream =
    destination ??
    pino.multistream(
      [
        { level: 'debug', stream: process.stdout },
        { level: 'warn', stream: process.stderr },
      ],
      { dedupe: true },
    );
  const log = pino(
    {
      level,
      messageKey: 'message',
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
    },
    stream,
  );
  const emit = (at: Exclude<LogLevel, 'silent'>) => (message: string, fields?: LogFields) => {
    if (log.isLevelEnabled(at)) log[at](serializeErrors(fields), message);
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

function serializeErrors(fields: LogFields | undefined): Record<string, unknown> {
  if (!fields) return {};
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value instanceof Error ? loggedError(value) : value]),
  );
}
