import { describe, expect, it } from 'vitest';
import { serverProcessCount } from '../../scripts/web-concurrency.mjs';

describe('WEB_CONCURRENCY (docs/architecture.md §6 convention 14)', () => {
  const postgres = 'postgres://postgres@127.0.0.1:5432/test';

  it('runs N processes on PostgreSQL, one by default', () => {
    expect(serverProcessCount({ DATABASE_URL: postgres, WEB_CONCURRENCY: '3' })).toEqual({ count: 3, note: null });
    expect(serverProcessCount({ DATABASE_URL: postgres })).toEqual({ count: 1, note: null });
  });

  it('stays one process on the embedded PGlite database and says why', () => {
    for (const DATABASE_URL of [undefined, 'file:./data/db', 'memory://']) {
      const { count, note } = serverProcessCount({ DATABASE_URL, WEB_CONCURRENCY: '4' });
      expect(count).toBe(1);
      expect(note).toMatch(/PGlite database serves one process/);
    }
  });

  it('refuses a value that is not a whole number from 1 to 64', () => {
    for (const WEB_CONCURRENCY of ['0', 'two', '1.5', '65', '-1']) {
      expect(() => serverProcessCount({ DATABASE_URL: postgres, WEB_CONCURRENCY })).toThrow(/WEB_CONCURRENCY/);
    }
  });
});
