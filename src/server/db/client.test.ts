import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { users } from './schema';

const MIGRATIONS = path.resolve('src/server/db/migrations');

describe('openDatabase', () => {
  it('keeps PGlite data in its folder across restarts, migrating only once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-'));
    const first = await openDatabase(`file:${dir}`);
    await first.migrate(MIGRATIONS);
    await first.db.insert(users).values({ site: 'amora', email: 'kept@example.com', passwordHash: 'x' });
    await first.close();

    const second = await openDatabase(`file:${dir}`);
    await second.migrate(MIGRATIONS);
    const [row] = await second.db.select({ value: count() }).from(users);
    expect(row?.value).toBe(1);
    expect(second.driver).toBe('pglite');
    await second.close();
  });

  it('refuses unknown schemes', async () => {
    await expect(openDatabase('mysql://x')).rejects.toThrow(/Unsupported/);
  });
});
