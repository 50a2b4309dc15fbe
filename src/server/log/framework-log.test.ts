import { describe, expect, it } from 'vitest';
import { frameworkLogEvent } from './framework-log';

/** A drizzle "Failed query" error as a NUL in a path made it: SQL and parameters in its message. */
function failedQuery(): Error {
  const error = new Error(
    'Failed query: select "amount_cents" from "sandbox_payments" where "id" = $1\nparams: \u0000,1',
  );
  Object.assign(error, { query: 'select …', params: ['\u0000', 1] });
  return error;
}

describe('frameworkLogEvent (docs/architecture.md §5 Logging)', () => {
  it("keeps Astro's own error line without its prefix, SQL, parameters or the stack text", () => {
    const stack = `${failedQuery().stack!}`;
    const event = frameworkLogEvent('error', [`\u001b[31m14:37:29 [ERROR]\u001b[39m ${stack}`]);
    expect(event).toEqual({ level: 'error', summary: 'Error: Failed query' });
  });

  it("keeps the adapter's error as loggedError() does and no path from the request", () => {
    const forged = '/payments/sandbox/x\n{"level":"error","message":"forged"}';
    const event = frameworkLogEvent('error', [
      'There was an uncaught error in the middle of the stream while rendering %s.',
      forged,
      failedQuery(),
    ]);
    expect(event.summary).toBe('There was an uncaught error in the middle of the stream while rendering [path]');
    expect(event.error).toMatchObject({ name: 'Error' });
    const line = JSON.stringify(event);
    for (const leak of ['select', 'params', 'forged', 'sandbox']) expect(line).not.toContain(leak);
  });

  it('replaces URLs and paths, removes control characters and stays short', () => {
    const event = frameworkLogEvent('warn', [
      `Could not render http://attacker.example/a?b=c for /x/\u0007y ${'z'.repeat(300)}`,
    ]);
    expect(event.summary.startsWith('Could not render [url] for [path]')).toBe(true);
    expect(event.summary.length).toBeLessThanOrEqual(160);
    expect([...event.summary].some((char) => char.charCodeAt(0) < 0x20)).toBe(false);
  });
});
