import { createServer } from 'node:net';
import { MollieApiError } from '@mollie/api-client';
import { describe, expect, it } from 'vitest';
import { createMollieProvider } from '../../src/server/payments/mollie-provider';
import { PaymentProviderError, type CreatePaymentInput } from '../../src/server/payments/payment-provider';
import { useMollieStandIn } from '../helpers/mollie-stand-in';

/** docs/product.md §11 Payments: the Mollie adapter against a loopback stand-in of the Mollie API. */
const standIn = useMollieStandIn();
const mollie = (options: { apiKey?: string; timeoutMs?: number; apiEndpoint?: string } = {}) =>
  createMollieProvider({ apiKey: standIn().apiKey, apiEndpoint: standIn().url, ...options });

const order = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  amountCents: 1234,
  currency: 'EUR',
  description: 'Amora 100 credits',
  method: 'ideal',
  redirectUrl: 'https://amora.test/transactions/tx_public',
  webhookUrl: 'https://amora.test/api/payments/webhook',
  metadata: { transaction: 'tx_public', site: 'amora' },
  ...overrides,
});
/** The body of the last request the stand-in received for `method path`. */
const lastBody = (method: string, path: RegExp) =>
  standIn()
    .requests.filter((request) => request.method === method && path.test(request.path))
    .at(-1)?.body;
/** The rejection of `promise`, which must be a PaymentProviderError without the API key in its message. */
async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => expect.unreachable('expected a PaymentProviderError'),
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  expect((error as Error).message).not.toContain(standIn().apiKey);
  return error as PaymentProviderError;
}

describe('Mollie provider: payments', () => {
  it('creates a payment the way Mollie expects and returns its checkout URL', async () => {
    const created = await mollie().createPayment(order());
    expect(created.id).toMatch(/^tr_/);
    expect(created.checkoutUrl).toBe(`${standIn().url.replace('/v2/', '/')}checkout/${created.id}`);
    const request = standIn().requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${standIn().apiKey}`);
    expect(request.body).toEqual({
      amount: { currency: 'EUR', value: '12.34' },
      description: 'Amora 100 credits',
      method: 'ideal',
      sequenceType: 'oneoff',
      redirectUrl: 'https://amora.test/transactions/tx_public',
      webhookUrl: 'https://amora.test/api/payments/webhook',
      metadata: { transaction: 'tx_public', site: 'amora' },
    });
    expect(await mollie().getPayment(created.id)).toEqual({
      id: created.id,
      status: 'open',
      amountCents: 1234,
      currency: 'EUR',
      amountRefundedCents: 0,
      amountChargedBackCents: 0,
      customerId: null,
      mandateId: null,
      subscriptionId: null,
      metadata: { transaction: 'tx_public', site: 'amora' },
    });
  });

  it('converts cents to Mollie amounts and back, whole units for JPY and ISK', async () => {
    const cases: [number, string, string][] = [
      [5, 'EUR', '0.05'],
      [100, 'EUR', '1.00'],
      [4999, 'PLN', '49.99'],
      [1_000_000_00, 'HUF', '1000000.00'],
      [150_000, 'JPY', '1500'],
      [99_900, 'ISK', '999'],
    ];
    for (const [amountCents, currency, value] of cases) {
      const { id } = await mollie().createPayment(order({ amountCents, currency, method: 'creditcard' }));
      expect(lastBody('POST', /^\/v2\/payments$/)?.amount, currency).toEqual({ currency, value });
      expect(await mollie().getPayment(id)).toMatchObject({ amountCents, currency });
    }
    const sent = standIn().requests.length;
    // Mollie has no cents of a yen, and no fractions of a cent: refused before anything is sent.
    for (const bad of [order({ amountCents: 150_050, currency: 'JPY' }), order({ amountCents: 12.5 })])
      expect((await providerError(mollie().createPayment(bad))).message).toMatch(/JPY|amount/);
    expect(standIn().requests).toHaveLength(sent);
  });

  it('maps every Mollie status when the webhook says something changed', async () => {
    const expected = {
      open: 'open',
      pending: 'open',
      authorized: 'open',
      paid: 'paid',
      failed: 'failed',
      canceled: 'canceled',
      expired: 'expired',
    } as const;
    const { id } = await mollie().createPayment(order());
    for (const [mollieStatus, ours] of Object.entries(expected)) {
      standIn().setStatus(id, mollieStatus as keyof typeof expected);
      expect((await mollie().getPayment(id))?.status, mollieStatus).toBe(ours);
    }
  });

  it('reads an unknown payment as null and never sends a malformed id', async () => {
    expect(await mollie().getPayment('tr_doesnotexist')).toBeNull();
    expect(standIn().requests.at(-1)!.path).toBe('/v2/payments/tr_doesnotexist');
    const sent = standIn().requests.length;
    for (const id of ['', 'nope', 'tr_x/../../customers/cst_1', 'tr_sb_abc-def'])
      expect(await mollie().getPayment(id)).toBeNull();
    expect(standIn().requests).toHaveLength(sent);
  });

  it('refunds a paid payment, and shows refunds and chargebacks in cents', async () => {
    const { id } = await mollie().createPayment(order({ amountCents: 1999 }));
    standIn().setStatus(id, 'paid');
    await mollie().refundPayment(id, 500, 'EUR');
    expect(lastBody('POST', /\/refunds$/)).toEqual({ amount: { currency: 'EUR', value: '5.00' } });
    expect(standIn().requests.at(-1)!.path).toBe(`/v2/payments/${id}/refunds`);
    expect(await mollie().getPayment(id)).toMatchObject({ status: 'paid', amountRefundedCents: 500 });
    // More than is left is refused by Mollie (422).
    expect((await providerError(mollie().refundPayment(id, 1500, 'EUR'))).message).toContain('HTTP 422');
    standIn().addChargeback(id, 1499);
    expect(await mollie().getPayment(id)).toMatchObject({
      status: 'paid',
      amountCents: 1999,
      amountRefundedCents: 500,
      amountChargedBackCents: 1499,
    });
  });
});

describe('Mollie provider: mandates and subscriptions', () => {
  it('creates a customer with our references only, never personal data', async () => {
    const customerId = await mollie().createCustomer({ member: 'm_42', site: 'amora' });
    expect(customerId).toMatch(/^cst_/);
    expect(lastBody('POST', /^\/v2\/customers$/)).toEqual({ metadata: { member: 'm_42', site: 'amora' } });
  });

  it('charges a mandate: a paid `first` payment leaves one, a `recurring` payment uses it without the payer', async () => {
    const provider = mollie();
    const customerId = await provider.createCustomer({ member: 'm_7' });
    const first = await provider.createPayment(order({ sequenceType: 'first', customerId, method: 'creditcard' }));
    expect(first.checkoutUrl).toContain(first.id);
    expect(lastBody('POST', /^\/v2\/payments$/)).toMatchObject({
      sequenceType: 'first',
      customerId,
      method: 'creditcard',
    });
    expect(await provider.getPayment(first.id)).toMatchObject({ status: 'open', customerId, mandateId: null });

    standIn().setStatus(first.id, 'paid');
    const paid = await provider.getPayment(first.id);
    expect(paid).toMatchObject({ status: 'paid', customerId, amountCents: 1234 });
    expect(paid?.mandateId).toMatch(/^mdt_/);

    const mandateId = paid!.mandateId!;
    const repeat = await provider.createPayment(
      order({ sequenceType: 'recurring', customerId, mandateId, method: undefined, amountCents: 999 }),
    );
    expect(repeat.checkoutUrl).toBeNull();
    const body = lastBody('POST', /^\/v2\/payments$/)!;
    expect(body).toMatchObject({
      sequenceType: 'recurring',
      customerId,
      mandateId,
      amount: { currency: 'EUR', value: '9.99' },
    });
    expect(body).not.toHaveProperty('method');
    expect(await provider.getPayment(repeat.id)).toMatchObject({
      status: 'open',
      customerId,
      mandateId,
      amountCents: 999,
    });

    // A customer without a mandate cannot be charged: Mollie refuses.
    const other = await provider.createCustomer({ member: 'm_8' });
    const refused = await providerError(
      provider.createPayment(order({ sequenceType: 'recurring', customerId: other })),
    );
    expect(refused.message).toContain('HTTP 422');
  });

  it('starts a subscription on a mandate and cancels it, twice without complaint', async () => {
    const provider = mollie();
    const customerId = await provider.createCustomer({ member: 'm_9' });
    const first = await provider.createPayment(order({ sequenceType: 'first', customerId }));
    standIn().setStatus(first.id, 'paid');
    const mandateId = (await provider.getPayment(first.id))!.mandateId!;

    const input = {
      customerId,
      mandateId,
      amountCents: 2999,
      currency: 'EUR',
      intervalMonths: 3,
      startDate: '2030-02-01',
      description: 'Amora premium, 3 months',
      webhookUrl: 'https://amora.test/api/payments/webhook',
      metadata: { plan: 'premium-3' },
    };
    const subscriptionId = await provider.createSubscription(input);
    expect(subscriptionId).toMatch(/^sub_/);
    expect(standIn().requests.at(-1)!.path).toBe(`/v2/customers/${customerId}/subscriptions`);
    expect(lastBody('POST', /\/subscriptions$/)).toEqual({
      mandateId,
      amount: { currency: 'EUR', value: '29.99' },
      interval: '3 months',
      startDate: '2030-02-01',
      description: 'Amora premium, 3 months',
      webhookUrl: 'https://amora.test/api/payments/webhook',
      metadata: { plan: 'premium-3' },
    });
    await provider.createSubscription({ ...input, intervalMonths: 1, description: 'Amora premium, monthly' });
    expect(lastBody('POST', /\/subscriptions$/)?.interval).toBe('1 month');

    await provider.cancelSubscription(customerId, subscriptionId);
    expect(standIn().requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/v2/customers/${customerId}/subscriptions/${subscriptionId}`,
    });
    expect(standIn().subscription(subscriptionId)?.status).toBe('canceled');
    // Mollie answers 422 to a second cancel; the subscription is stopped, so that is fine.
    await provider.cancelSubscription(customerId, subscriptionId);
    await provider.cancelSubscription(customerId, 'sub_unknown');

    // A 422 for a subscription that is still active is a real refusal.
    const active = await provider.createSubscription({ ...input, description: 'Amora premium, again' });
    standIn().failNext(422, { detail: 'Cancelling is not possible right now' });
    expect((await providerError(provider.cancelSubscription(customerId, active))).message).toContain('HTTP 422');
    expect(standIn().subscription(active)?.status).toBe('active');

    // A subscription on a mandate the customer does not have is refused.
    expect(
      (await providerError(provider.createSubscription({ ...input, mandateId: 'mdt_notmine' }))).message,
    ).toContain('HTTP 422');
  });
});

describe('Mollie provider: failures', () => {
  it('turns Mollie refusals (422, 500) into PaymentProviderError, keeping the cause', async () => {
    standIn().failNext(422, { detail: 'The webhook URL is invalid' });
    const refused = await providerError(mollie().createPayment(order()));
    expect(refused.message).toContain('HTTP 422');
    expect(refused.message).toContain('The webhook URL is invalid');
    expect(refused.cause).toBeInstanceOf(MollieApiError);
    expect((refused.cause as MollieApiError).statusCode).toBe(422);

    // The client tries a 5xx three times; a hiccup on the first try is no failure.
    standIn().failNext(503);
    expect((await mollie().createPayment(order())).id).toMatch(/^tr_/);
    const { id } = await mollie().createPayment(order());
    standIn().failNext(500, { times: 3 });
    const down = await providerError(mollie().getPayment(id));
    expect(down.message).toContain('HTTP 500');
    expect((down.cause as MollieApiError).statusCode).toBe(500);
  });

  it('never puts the API key in a message, even when Mollie echoes it', async () => {
    standIn().failNext(422, { detail: `Key ${standIn().apiKey} may not do this` });
    const error = await providerError(mollie().createCustomer({ member: 'm_1' }));
    expect(error.message).toContain('[api key]');
  });

  it('refuses with a wrong key (401) instead of reading the payment as unknown', async () => {
    const wrongKey = 'test_wrongwrongwrongwrongwrongwrong';
    const { id } = await mollie().createPayment(order());
    const error = await providerError(mollie({ apiKey: wrongKey }).getPayment(id));
    expect(error.message).toContain('HTTP 401');
    expect(error.message).not.toContain(wrongKey);
    expect(standIn().requests.at(-1)!.headers.authorization).toBe(`Bearer ${wrongKey}`);
    await providerError(mollie({ apiKey: wrongKey }).createPayment(order()));
  });

  it('gives up after timeoutMs when Mollie does not answer', async () => {
    standIn().hangNext();
    const started = Date.now();
    const error = await providerError(mollie({ timeoutMs: 300 }).createPayment(order()));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(error.message).toContain('did not answer');
    expect((error.cause as Error).name).toBe('TimeoutError');
    // The next call is answered again.
    expect((await mollie({ timeoutMs: 300 }).createPayment(order())).checkoutUrl).toBeTruthy();
  });

  it('reports an unreachable API as PaymentProviderError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await providerError(mollie({ apiEndpoint: `https://127.0.0.1:${port}/v2/` }).getPayment('tr_abc'));
    expect(error.message).toContain('Mollie call failed');
    expect(error.cause).toBeInstanceOf(MollieApiError);
  });
});
