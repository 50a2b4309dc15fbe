import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { afterAll, beforeAll } from 'vitest';

/**
 * A loopback stand-in for the parts of the Mollie API that src/server/payments/mollie-provider.ts
 * uses: payments (create, get, refunds), customers (create) and customer subscriptions (create,
 * get, cancel), answering with Mollie's JSON shapes and HAL errors (`{ status, title, detail }`).
 * It serves HTTPS on 127.0.0.1 with a self-signed certificate because Mollie's client refuses
 * plain HTTP and trusts only its own CA bundle: `useMollieStandIn` therefore turns TLS verification
 * off (NODE_TLS_REJECT_UNAUTHORIZED=0) for its test file only and restores it afterwards.
 */

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v2/payments`. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON body, or null when there was none. */
  body: Record<string, unknown> | null;
}

type Amount = { currency: string; value: string };
type Resource = Record<string, unknown> & { id: string };

const WHOLE_UNITS = new Set(['JPY', 'ISK']);
const METHODS = new Set(['creditcard', 'paypal', 'ideal', 'bancontact', 'przelewy24', 'blik', 'directdebit']);
export type StandInPaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
/** Mollie's amount strings (2 decimals, none for JPY/ISK) ↔ cents, written apart from the adapter's. */
const isAmount = (a: unknown): a is Amount =>
  typeof a === 'object' &&
  a !== null &&
  typeof (a as Amount).currency === 'string' &&
  typeof (a as Amount).value === 'string' &&
  (WHOLE_UNITS.has((a as Amount).currency) ? /^\d+$/ : /^\d+\.\d\d$/).test((a as Amount).value);
const toCents = (a: Amount) => Math.round(Number(a.value) * 100);
const toAmount = (cents: number, currency: string): Amount => ({
  currency,
  value: WHOLE_UNITS.has(currency) ? String(cents / 100) : (cents / 100).toFixed(2),
});

class HalError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }
}
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  404: 'Not Found',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** Starts the stand-in on 127.0.0.1 (random port). */
export async function startMollieStandIn() {
  const apiKey = `test_${randomBytes(15).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const payments = new Map<string, Resource & { cents: number; refundedCents: number; chargedBackCents: number }>();
  const customers = new Map<string, Resource & { mandates: string[] }>();
  const subscriptions = new Map<string, Resource>();
  const failures: { status: number; detail: string }[] = [];
  let hangs = 0;
  let base = '';

  const paymentJson = (p: Resource & { cents: number; refundedCents: number; chargedBackCents: number }) => {
    const { cents, refundedCents, chargedBackCents, ...data } = p;
    const currency = (data.amount as Amount).currency;
    const paid = data.status === 'paid';
    return {
      ...data,
      ...(paid ? { amountRefunded: toAmount(refundedCents, currency) } : {}),
      ...(paid ? { amountRemaining: toAmount(cents - refundedCents, currency) } : {}),
      ...(chargedBackCents > 0 ? { amountChargedBack: toAmount(chargedBackCents, currency) } : {}),
      _links: {
        self: { href: `${base}payments/${p.id}`, type: 'application/hal+json' },
        ...(data.sequenceType !== 'recurring' && data.status === 'open'
          ? { checkout: { href: `${base.replace(/v2\/$/, '')}checkout/${p.id}`, type: 'text/html' } }
          : {}),
      },
    };
  };
  const customerOf = (id: unknown) => {
    const customer = typeof id === 'string' ? customers.get(id) : undefined;
    if (!customer) throw new HalError(404, `No customer exists with token ${String(id)}.`);
    return customer;
  };
  const subscriptionOf = (customerId: string, id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription || subscription.customerId !== customerId)
      throw new HalError(404, `No subscription exists with token ${id}.`);
    return subscription;
  };

  const routes: [string, RegExp, (match: string[], body: Record<string, unknown>) => [number, unknown]][] = [
    [
      'POST',
      /^\/v2\/payments$/,
      (_, body) => {
        if (!isAmount(body.amount)) throw new HalError(422, 'The amount contains an invalid value', 'amount');
        if (typeof body.description !== 'string') throw new HalError(422, 'The description is invalid', 'description');
        const sequenceType = body.sequenceType ?? 'oneoff';
        if (!['oneoff', 'first', 'recurring'].includes(sequenceType as string))
          throw new HalError(422, 'The sequence type is invalid', 'sequenceType');
        if (body.method !== undefined && !METHODS.has(body.method as string))
          throw new HalError(422, 'The payment method is invalid', 'method');
        if (sequenceType !== 'recurring' && typeof body.redirectUrl !== 'string')
          throw new HalError(422, 'The redirect URL is required', 'redirectUrl');
        let mandateId: string | undefined;
        if (sequenceType !== 'oneoff') {
          if (typeof body.customerId !== 'string') throw new HalError(422, 'A customer is required', 'customerId');
          const customer = customerOf(body.customerId);
          if (sequenceType === 'recurring') {
            mandateId = (body.mandateId as string | undefined) ?? customer.mandates[0];
            if (!mandateId || !customer.mandates.includes(mandateId))
              throw new HalError(422, 'The customer has no valid mandate', 'mandateId');
          }
        }
        const id = newId('tr');
        const payment = {
          resource: 'payment',
          id,
          mode: 'test',
          createdAt: new Date().toISOString(),
          status: sequenceType === 'recurring' ? 'pending' : 'open',
          amount: body.amount,
          description: body.description,
          method: body.method ?? null,
          metadata: body.metadata ?? null,
          profileId: 'pfl_standin',
          sequenceType,
          redirectUrl: sequenceType === 'recurring' ? null : body.redirectUrl,
          webhookUrl: body.webhookUrl,
          ...(body.customerId ? { customerId: body.customerId } : {}),
          ...(mandateId ? { mandateId } : {}),
          cents: toCents(body.amount),
          refundedCents: 0,
          chargedBackCents: 0,
        };
        payments.set(id, payment);
        return [201, paymentJson(payment)];
      },
    ],
    [
      'GET',
      /^\/v2\/payments\/([^/?]+)$/,
      ([id]) => {
        const payment = payments.get(id!);
        if (!payment) throw new HalError(404, `No payment exists with token ${id}.`);
        return [200, paymentJson(payment)];
      },
    ],
    [
      'POST',
      /^\/v2\/payments\/([^/?]+)\/refunds$/,
      ([id], body) => {
        const payment = payments.get(id!);
        if (!payment) throw new HalError(404, `No payment exists with token ${id}.`);
        if (payment.status !== 'paid') throw new HalError(422, 'The payment cannot be refunded', 'amount');
        const currency = (payment.amount as Amount).currency;
        if (!isAmount(body.amount) || body.amount.currency !== currency)
          throw new HalError(422, 'The amount contains an invalid value', 'amount');
        const cents = toCents(body.amount);
        if (cents <= 0 || cents > payment.cents - payment.refundedCents)
          throw new HalError(422, 'The amount is higher than the amount that can be refunded', 'amount');
        payment.refundedCents += cents;
        const refund = { resource: 'refund', id: newId('re'), amount: body.amount, status: 'pending', paymentId: id };
        return [201, { ...refund, createdAt: new Date().toISOString(), description: '', _links: {} }];
      },
    ],
    [
      'POST',
      /^\/v2\/customers$/,
      (_, body) => {
        const id = newId('cst');
        const customer = {
          resource: 'customer',
          id,
          mode: 'test',
          name: body.name ?? null,
          email: body.email ?? null,
          locale: body.locale ?? null,
          metadata: body.metadata ?? null,
          createdAt: new Date().toISOString(),
          mandates: [],
        };
        customers.set(id, customer);
        const { mandates: _mandates, ...json } = customer;
        return [201, { ...json, _links: { self: { href: `${base}customers/${id}`, type: 'application/hal+json' } } }];
      },
    ],
    [
      'POST',
      /^\/v2\/customers\/([^/?]+)\/subscriptions$/,
      ([customerId], body) => {
        const customer = customerOf(customerId);
        if (!isAmount(body.amount)) throw new HalError(422, 'The amount contains an invalid value', 'amount');
        if (typeof body.interval !== 'string' || !/^\d+ (months?|weeks?|days?)$/.test(body.interval))
          throw new HalError(422, 'The interval is invalid', 'interval');
        if (body.startDate !== undefined && !/^\d{4}-\d\d-\d\d$/.test(body.startDate as string))
          throw new HalError(422, 'The start date is invalid', 'startDate');
        if (typeof body.description !== 'string') throw new HalError(422, 'The description is invalid', 'description');
        if (typeof body.mandateId !== 'string' || !customer.mandates.includes(body.mandateId))
          throw new HalError(422, 'The mandate is invalid', 'mandateId');
        const id = newId('sub');
        const subscription = {
          resource: 'subscription',
          id,
          mode: 'test',
          createdAt: new Date().toISOString(),
          status: 'active',
          amount: body.amount,
          times: null,
          interval: body.interval,
          startDate: body.startDate ?? new Date().toISOString().slice(0, 10),
          description: body.description,
          method: null,
          mandateId: body.mandateId,
          webhookUrl: body.webhookUrl ?? null,
          metadata: body.metadata ?? null,
          customerId,
          _links: {
            self: { href: `${base}customers/${customerId}/subscriptions/${id}`, type: 'application/hal+json' },
          },
        };
        subscriptions.set(id, subscription);
        return [201, subscription];
      },
    ],
    [
      'GET',
      /^\/v2\/customers\/([^/?]+)\/subscriptions\/([^/?]+)$/,
      ([customerId, id]) => [200, subscriptionOf(customerId!, id!)],
    ],
    [
      'DELETE',
      /^\/v2\/customers\/([^/?]+)\/subscriptions\/([^/?]+)$/,
      ([customerId, id]) => {
        customerOf(customerId);
        const subscription = subscriptionOf(customerId!, id!);
        if (subscription.status === 'canceled') throw new HalError(422, 'The subscription has been canceled');
        Object.assign(subscription, { status: 'canceled', canceledAt: new Date().toISOString() });
        return [200, subscription];
      },
    ],
  ];

  const send = (response: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) =>
    response.writeHead(status, { 'content-type': 'application/hal+json', ...headers }).end(JSON.stringify(body));
  const sendError = (response: http.ServerResponse, status: number, detail: string, field?: string) =>
    send(
      response,
      status,
      {
        status,
        title: TITLES[status] ?? 'Error',
        detail,
        ...(field ? { field } : {}),
        _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } },
      },
      status >= 500 ? { 'retry-after': '0' } : {},
    );

  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048 });
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> | null;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch {
        return sendError(response, 400, 'The request body is not valid JSON');
      }
      const path = request.url ?? '/';
      requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
      if (hangs > 0) {
        hangs -= 1;
        return; // never answered; `close` drops the connection
      }
      if (request.headers.authorization !== `Bearer ${apiKey}`)
        return sendError(response, 401, 'Missing authentication, or failed to authenticate');
      const failure = failures.shift();
      if (failure) return sendError(response, failure.status, failure.detail);
      const route = routes.find(([method, pattern]) => method === request.method && pattern.test(path.split('?')[0]!));
      if (!route) return sendError(response, 404, 'The resource does not exist');
      try {
        const [status, json] = route[2](route[1].exec(path.split('?')[0]!)!.slice(1), body ?? {});
        send(response, status, json);
      } catch (error) {
        if (!(error instanceof HalError)) throw error;
        sendError(response, error.status, error.message, error.field);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`;

  const paymentOf = (id: string) => {
    const payment = payments.get(id);
    if (!payment) throw new Error(`stand-in: no payment ${id}`);
    return payment;
  };
  return {
    /** The API root to give the adapter as `apiEndpoint`. */
    url: base,
    /** The only key the stand-in accepts. */
    apiKey,
    /** Every request received, in order. */
    requests,
    /** The stored subscription (as Mollie would return it), or undefined. */
    subscription: (id: string) => subscriptions.get(id),
    /** Moves a payment to `status`; a paid `first` payment gets a new mandate on its customer. */
    setStatus(id: string, status: StandInPaymentStatus) {
      const payment = paymentOf(id);
      payment.status = status;
      if (status === 'paid') payment.paidAt = new Date().toISOString();
      if (status === 'paid' && payment.sequenceType === 'first' && !payment.mandateId) {
        const mandateId = newId('mdt');
        customerOf(payment.customerId).mandates.push(mandateId);
        payment.mandateId = mandateId;
      }
    },
    /** Records a chargeback of `cents` on a payment (it stays `paid`, as at Mollie). */
    addChargeback(id: string, cents: number) {
      paymentOf(id).chargedBackCents += cents;
    },
    /** The next `times` authenticated requests are answered with `status` (5xx ones with `Retry-After: 0`). */
    failNext(status: number, { times = 1, detail = 'Stand-in failure' }: { times?: number; detail?: string } = {}) {
      for (let i = 0; i < times; i++) failures.push({ status, detail });
    },
    /** The next `times` requests are never answered. */
    hangNext(times = 1) {
      hangs += times;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type MollieStandIn = Awaited<ReturnType<typeof startMollieStandIn>>;

/**
 * Starts the stand-in before a test file's tests and stops it after them, with TLS verification off
 * for that time only (the stand-in's certificate is self-signed; nothing else is contacted).
 */
export function useMollieStandIn(): () => MollieStandIn {
  let standIn: MollieStandIn | null = null;
  const previous = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  beforeAll(async () => {
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    standIn = await startMollieStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
    if (previous === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previous;
  });
  return () => {
    if (!standIn) throw new Error('Mollie stand-in used outside a test');
    return standIn;
  };
}
