import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, REDACTED, REDACTED_FIELDS, type LogLevel } from './logger';

/** A logger writing into an array; `lines()` parses each written line as JSON. */
function capture(level: LogLevel = 'debug') {
  const written: string[] = [];
  const log = createLogger(level, { write: (line) => void written.push(line) });
  // Log lines are arbitrary JSON; the assertions say what they must hold.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { log, written, lines: () => written.map((line) => JSON.parse(line) as Record<string, any>) };
}

/** A failed INSERT as drizzle throws it on PostgreSQL: the SQL and every parameter in the message, the row in `detail`. */
function failedInsert(): Error {
  const driver = Object.assign(
    new Error('new row for relation "users" violates check constraint "users_email_check"'),
    {
      name: 'DatabaseError',
      code: '23514',
      severity: 'ERROR',
      detail: 'Failing row contains (7, anna@example.com, $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA).',
      constraint: 'users_email_check',
      table: 'users',
    },
  );
  return new DrizzleQueryError(
    'insert into "users" ("email", "password_hash") values ($1, $2)',
    ['anna@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', 'hi Ben,\n    at the station at 8?'],
    driver,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('createLogger (docs/architecture.md §5 Logging)', () => {
  it('writes one JSON object per line: level, ISO time, message, fields', () => {
    const { log, written, lines } = capture();
    log.info('purchase paid', { userId: 7, transaction: 3 });
    expect(written).toHaveLength(1);
    expect(written[0]!.endsWith('\n')).toBe(true);
    expect(written[0]!.trimEnd()).not.toContain('\n');
    const [line] = lines();
    expect(line).toMatchObject({ level: 'info', message: 'purchase paid', userId: 7, transaction: 3 });
    expect(new Date(line!.time).toISOString()).toBe(line!.time);
  });

  it('drops events below the level (LOG_LEVEL), and everything when silent', () => {
    const warn = capture('warn');
    warn.log.debug('d');
    warn.log.info('i');
    warn.log.warn('w');
    warn.log.error('e');
    expect(warn.lines().map((line) => line.level)).toEqual(['warn', 'error']);
    const silent = capture('silent');
    silent.log.error('e');
    expect(silent.written).toEqual([]);
  });

  it('redacts secret and personal fields at the first three levels', () => {
    const { log, written, lines } = capture();
    const secrets = Object.fromEntries(REDACTED_FIELDS.map((field) => [field, `secret-${field}`]));
    log.info('top', secrets);
    log.info('nested', { input: secrets, request: { headers: secrets } });
    const [top, nested] = lines();
    for (const field of REDACTED_FIELDS) {
      expect(top![field]).toBe(REDACTED);
      expect(nested!.input[field]).toBe(REDACTED);
      expect(nested!.request.headers[field]).toBe(REDACTED);
    }
    expect(written.join('')).not.toContain('secret-');
    log.info('kept', { userId: 5, site: 'amora' });
    expect(lines()[2]).toMatchObject({ userId: 5, site: 'amora' });
  });

  it('logs a failed query by class, SQLSTATE and constraint: no SQL, parameters or row values', () => {
    const { log, written, lines } = capture();
    log.error('api handler failed', { path: '/api/user.php', error: failedInsert() });
    expect(lines()[0]!.error).toMatchObject({
      name: 'DrizzleQueryError',
      code: '23514',
      constraint: 'users_email_check',
      table: 'users',
    });
    expect(lines()[0]!.error.stack).toMatch(/^\s+at /);
    const text = written.join('');
    for (const leak of ['anna@example.com', '$argon2id', 'hi Ben', 'the station', 'insert into', 'Failing row'])
      expect(text).not.toContain(leak);
  });

  it('keeps name, message, code, stack and cause of other errors, and a database cause stays bare', () => {
    const { log, lines } = capture();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    log.warn('cam feed failed', { error: new Error('feed unreachable', { cause: refused }) });
    log.warn('export failed', { error: new Error('building the export failed', { cause: failedInsert() }) });
    const [cams, exported] = lines();
    expect(cams!.error).toMatchObject({
      name: 'Error',
      message: 'feed unreachable',
      cause: { message: 'connect ECONNREFUSED 127.0.0.1:9', code: 'ECONNREFUSED' },
    });
    expect(cams!.error.stack).toMatch(/^\s+at /);
    expect(exported!.error.message).toBe('building the export failed');
    expect(exported!.error.cause).toMatchObject({ name: 'DrizzleQueryError', code: '23514' });
    expect(exported!.error.cause.message).toBeUndefined();
  });

  it('sends debug and info to stdout, warn and error to stderr by default', () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const log = createLogger('debug');
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    const messages = (spy: typeof out) => spy.mock.calls.map((call) => JSON.parse(String(call[0])).message);
    expect(messages(out)).toEqual(['d', 'i']);
    expect(messages(err)).toEqual(['w', 'e']);
  });
});
