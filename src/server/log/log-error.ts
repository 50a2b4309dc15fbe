/** An error as a log line carries it: no query, no parameters, no values from the database. */
export interface LoggedError {
  name: string;
  /** SQLSTATE of a database error ("23505"), or a Node/library code ("ECONNREFUSED"). */
  code?: string;
  /** The constraint or table a database error names (schema names, never values). */
  constraint?: string;
  table?: string;
  /** Left out for database errors: their text may quote the row ("Failing row contains (…)"). */
  message?: string;
  /** The stack frames only: the first line(s) of a stack repeat the message. */
  stack?: string;
  cause?: LoggedError;
}

/** How deep a chain of `cause`s is followed. */
const MAX_CAUSES = 4;

/**
 * docs/architecture.md §5 Logging: what the log keeps of a thrown value. A database error
 * (drizzle's "Failed query" wrapper, whose message lists the SQL and every parameter, or the
 * driver's error with its `detail` and `where`, found through `cause`) keeps only its class,
 * SQLSTATE and constraint or table name; any other error keeps name, message, code and stack
 * frames. A thrown non-Error becomes `{ name: typeof value }`.
 */
export function loggedError(value: unknown, depth = 0): LoggedError {
  if (!(value instanceof Error)) return { name: typeof value };
  const name = value.constructor?.name && value.constructor.name !== 'Error' ? value.constructor.name : value.name;
  const stack = stackFrames(value);
  if (isDatabaseError(value)) {
    const driver = driverError(value);
    return withoutEmpty({
      name,
      code: driver?.code,
      constraint: textOrUndefined(driver?.constraint),
      table: textOrUndefined(driver?.table),
      stack,
    });
  }
  const code = (value as { code?: unknown }).code;
  return withoutEmpty({
    name,
    code: typeof code === 'string' || typeof code === 'number' ? String(code) : undefined,
    message: value.message,
    stack,
    cause: value.cause !== undefined && depth < MAX_CAUSES ? loggedError(value.cause, depth + 1) : undefined,
  });
}

/**
 * True for a failed query: it carries the SQL or its parameters (drizzle's wrapper, PGlite's
 * error), or it is the server's own error (SQLSTATE and severity). An error that merely wraps
 * one as `cause` keeps its own message; the cause is logged bare.
 */
function isDatabaseError(error: Error): boolean {
  return 'query' in error || 'params' in error || isDriverError(error);
}

interface DriverError {
  code: string;
  constraint?: unknown;
  table?: unknown;
}

/** node-postgres' and PGlite's DatabaseError: a five-character SQLSTATE and a severity. */
function isDriverError(value: object): value is DriverError {
  const { code } = value as { code?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in value;
}

/** The driver's error in a chain of causes (drizzle wraps it), if any. */
function driverError(error: Error): DriverError | undefined {
  for (let current: unknown = error, depth = 0; current && depth <= MAX_CAUSES; depth++) {
    if (typeof current === 'object' && isDriverError(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The stack without its first line(s), which repeat the message: cut by the header V8 writes
 * ("Name: message"), not by looking for "at" lines, since a quoted value may span lines too.
 * No stack when the header does not match (the message changed after the throw).
 */
function stackFrames(error: Error): string | undefined {
  const header = error.message ? `${error.name}: ${error.message}` : error.name;
  if (!error.stack?.startsWith(header)) return undefined;
  return error.stack.slice(header.length).replace(/^\n/, '') || undefined;
}

function textOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function withoutEmpty(error: LoggedError): LoggedError {
  return Object.fromEntries(Object.entries(error).filter(([, value]) => value !== undefined)) as LoggedError;
}
