import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, serveBuild } from './server';

/**
 * docs/product.md §11 Reconciliation, with a real crash: the payer pays on the sandbox checkout,
 * the server is killed (SIGKILL) before the provider's webhook reaches it, and after a restart
 * the reconciliation job of two processes grants the credits exactly once. PostgreSQL, own
 * database (`e2e_crash`, recreated); the open payment is reconciled after 1 s here (60 s in
 * production) so the test does not wait a minute.
 */
const base = new URL(process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/e2e');
const databaseUrl = Object.assign(new URL(base.href), { pathname: '/e2e_crash' }).href;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-crash-'));
const dist = path.resolve(process.env.AMORA_OUT_DIR ?? 'dist');
const servers: Awaited<ReturnType<typeof serveBuild>>[] = [];
const db = new pg.Client({ connectionString: databaseUrl });

const serve = async () => {
  const server = await serveBuild(dist, await freePort(), path.join(work, 'data'), {
    DATABASE_URL: databaseUrl,
    SEED_ON_START: '0',
    PAYMENT_RECONCILE_AFTER_S: '1',
  });
  servers.push(server);
  return server;
};

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(base.href), { pathname: '/postgres' }).href });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS e2e_crash WITH (FORCE)');
  await admin.query('CREATE DATABASE e2e_crash');
  await admin.end();
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await db.end().catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
});

describe('a crash between "paid" and the grant', () => {
  it('loses nothing: after a restart the payment is granted exactly once', async () => {
    const first = await serve();
    const call = (pathname: string, init: RequestInit = {}, cookie?: string) =>
      fetch(`${first.url}${pathname}`, {
        redirect: 'manual',
        ...init,
        headers: {
          'package-name': 'amora',
          'content-type': 'application/json',
          ...(cookie ? { cookie } : {}),
          ...init.headers,
        },
      });
    const email = `crash-${Date.now()}@example.com`;
    const created = await call('/api/user.php?new=1', {
      method: 'POST',
      body: JSON.stringify({ email, name: 'Karel', password: 'crash-pass-1', language: 'en' }),
    });
    expect(created.status).toBe(200);
    const cookie = created.headers.getSetCookie()[0]!.split(';')[0]!;
    await call(
      '/api/user.php',
      { method: 'PUT', body: JSON.stringify({ country: 'NL', countryregion: null, city: null }) },
      cookie,
    );
    const started = (await (
      await call(
        '/api/payment.php',
        { method: 'POST', body: JSON.stringify({ package: 'value', method: 'ideal' }) },
        cookie,
      )
    ).json()) as { transaction: string; checkout_url: string };

    // The payer pays; the server dies before the sandbox's webhook (sent 1 s later) arrives.
    const paid = await fetch(`${first.url}${started.checkout_url}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=paid',
    });
    expect(paid.status).toBe(303);
    await first.kill();

    await db.connect();
    const state = async () =>
      (
        await db.query<{ status: string; credits: number; grants: number }>(
          `SELECT t.status, u.credits,
                  (SELECT count(*)::int FROM credit_ledger l WHERE l.transaction_id = t.id) AS grants
             FROM payment_transactions t JOIN users u ON u.id = t.user_id WHERE t.public_id = $1`,
          [started.transaction],
        )
      ).rows[0]!;
    const before = await state();
    expect(before).toMatchObject({ status: 'open', grants: 0 });
    const sandbox = await db.query('SELECT status FROM sandbox_payments');
    expect(sandbox.rows).toEqual([{ status: 'paid' }]);

    // Two processes come back; each runs the reconciliation 5 s after start.
    await Promise.all([serve(), serve()]);
    await expect.poll(async () => (await state()).status, { timeout: 20_000, interval: 500 }).toBe('paid');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await state();
    expect(after.grants).toBe(1);
    expect(after.credits).toBe(before.credits + 300 + 75);
  });
});
