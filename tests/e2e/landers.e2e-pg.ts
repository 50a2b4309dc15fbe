import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser';
import { GERMAN_VISITOR, signUpFromGermanLander } from './lander-journey';

const browser = useBrowser();
const db = new pg.Client({
  connectionString: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/e2e',
});
afterAll(() => db.end());

describe('landers on PostgreSQL', () => {
  it("stores the lander's tracking record on the account a German visitor creates", async () => {
    const page = await browser.newPage(GERMAN_VISITOR);
    const email = `lander-pg-${Date.now()}@example.com`;
    // The second server process serves the lander and the signup: nothing is kept in one process.
    await signUpFromGermanLander(page, inject('baseURL2') ?? browser.baseURL, email, browser.waitForIslands);
    await db.connect();
    const { rows } = await db.query<{ tracking: unknown; trafficsource: string | null }>(
      'SELECT tracking, trafficsource FROM users WHERE email = $1',
      [email],
    );
    expect(rows).toEqual([
      { tracking: { network: 'abc', sub1: 'x', sub2: 'y', lander: 'video' }, trafficsource: 'abc' },
    ]);
  });
});
