import { describe, expect, it } from 'vitest';
import { usePgServers } from './pg-servers';

/**
 * docs/product.md §11 Reconciliation, with a real crash: the payer pays on the sandbox checkout,
 * the server is killed (SIGKILL) before the provider's webhook reaches it, and after a restart
 * the reconciliation job of two processes grants the credits exactly once. PostgreSQL, own
 * database (`e2e_crash`, recreated); the open payment is reconciled after 1 s here (60 s in
 * production) so the test does not wait a minute.
 */
const postgres = usePgServers('e2e_crash');
const serve = () => postgres.serve({ PAYMENT_RECONCILE_AFTER_S: '1' });

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

    const state = async () =>
      (
        await postgres.query<{ status: string; credits: number; grants: number }>(
          `SELECT t.status, u.credits,
                  (SELECT count(*)::int FROM credit_ledger l WHERE l.transaction_id = t.id) AS grants
             FROM payment_transactions t JOIN users u ON u.id = t.user_id WHERE t.public_id = $1`,
          [started.transaction],
        )
      )[0]!;
    const before = await state();
    expect(before).toMatchObject({ status: 'open', grants: 0 });
    expect(await postgres.query('SELECT status FROM sandbox_payments')).toEqual([{ status: 'paid' }]);

    // Two processes come back; each runs the reconciliation 5 s after start.
    await Promise.all([serve(), serve()]);
    await expect.poll(async () => (await state()).status, { timeout: 20_000, interval: 500 }).toBe('paid');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await state();
    expect(after.grants).toBe(1);
    expect(after.credits).toBe(before.credits + 300 + 75);
  });
});
