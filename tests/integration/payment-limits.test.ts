import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { paymentTransactions, sandboxPayments } from '../../src/server/db/schema';
import { paymentEndpoint } from '../../src/server/http/endpoints/payments';
import { paymentWebhookResponse } from '../../src/server/http/payment-webhook';
import type { PaymentProvider } from '../../src/server/payments/payment-provider';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { callApi, ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { established } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';

/** docs/product.md §11 Limits: purchases started per member, webhooks per address, look-ups of unknown ids. */
const { ctx, clock } = useTestContext();
const start = (cookie: string) =>
  callApi(ctx(), paymentEndpoint, '/api/payment.php', {
    method: 'POST',
    body: { package: 'starter', method: 'ideal' },
    cookie,
  });
const webhook = (context: AppContext, id: string, address: string) =>
  paymentWebhookResponse(
    context,
    new Request(`${ORIGIN}/api/payment_webhook.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${id}`,
    }),
    address,
  );
/** The context with a provider that counts its `getPayment` calls. */
function countingLookups(): { context: AppContext; lookups: string[] } {
  const lookups: string[] = [];
  const provider = ctx().payments;
  const payments: PaymentProvider = {
    ...provider,
    getPayment: (id) => {
      lookups.push(id);
      return provider.getPayment(id);
    },
  };
  return { context: { ...ctx(), payments }, lookups };
}

describe('starting purchases', () => {
  it('refuses the 11th purchase a member starts within 10 minutes with 429, Retry-After and a message key', async () => {
    const noor = await loggedInMember(ctx(), 'Noor', { ...established(ctx()), country: 'NL' });
    const sem = await loggedInMember(ctx(), 'Sem', { ...established(ctx()), country: 'NL' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => start(noor.cookie)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.status)).toEqual([429, 429]);
    expect(refused[0]!.json.error).toEqual({ code: 'rate_limited', message: 'credits.start_limit' });
    const retryAfter = Number(refused[0]!.response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Nothing was written or created at the provider for the refused ones.
    expect(
      await ctx().db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, noor.id)),
    ).toHaveLength(10);
    expect(await ctx().db.select().from(sandboxPayments)).toHaveLength(10);

    expect((await start(sem.cookie)).status).toBe(200);
    clock.advance(retryAfter * 1000);
    expect((await start(noor.cookie)).status).toBe(200);
  });
});

describe('the payment webhook', () => {
  it('answers 429 with Retry-After past 120 a minute from one address; other addresses go on', async () => {
    const { context } = countingLookups();
    const answers = [];
    for (let i = 0; i < 121; i++) answers.push(await webhook(context, `tr_unknown${i % 3}`, '203.0.113.7'));
    expect(answers.slice(0, 120).every((answer) => answer.status === 200)).toBe(true);
    const refused = answers[120]!;
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message: 'errors.rate_limited' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await webhook(context, 'tr_unknown0', '198.51.100.2')).status).toBe(200);
  });

  it('asks the provider about an id it has no transaction for at most once a minute', async () => {
    const { context, lookups } = countingLookups();
    for (let i = 0; i < 5; i++) expect((await webhook(context, 'tr_madeup', `203.0.113.${i}`)).status).toBe(200);
    expect(await settleTransaction(context, 'tr_madeup')).toEqual({ ok: false, code: 'not_found' });
    expect(lookups).toEqual(['tr_madeup']);
    await webhook(context, 'tr_other', '203.0.113.9');
    expect(lookups).toEqual(['tr_madeup', 'tr_other']);
    clock.advance(60_000);
    await webhook(context, 'tr_madeup', '203.0.113.9');
    expect(lookups).toEqual(['tr_madeup', 'tr_other', 'tr_madeup']);
  });
});
