import pTimeout, { TimeoutError } from 'p-timeout';
import {
  createMollieClient,
  MollieApiError,
  PaymentMethod as MollieMethod,
  SequenceType as MollieSequenceType,
  SubscriptionStatus,
  type Payment,
} from '@mollie/api-client';
import type { PaymentMethod } from '~/shared/payments';
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPaymentStatus,
} from './payment-provider';

/**
 * docs/product.md §11 Payments: Mollie as the payment provider, through Mollie's official client
 * (`@mollie/api-client`). Amounts are integer cents (hundredths of the currency unit, as everywhere
 * in the app) on our side and Mollie's decimal strings on theirs (`{ currency: 'EUR', value: '12.34' }`;
 * JPY and ISK have no decimals at Mollie, so only whole units of those can be charged). Every failure
 * (refused call, unreachable API, no answer within `timeoutMs`) becomes a PaymentProviderError that
 * keeps the client's error as `cause`; the API key never appears in a message.
 */

export interface MollieProviderOptions {
  /** `test_…` or `live_…` (config `MOLLIE_API_KEY`). */
  apiKey: string;
  /** Root of the API, default Mollie's own; an HTTPS URL (the client refuses plain HTTP). */
  apiEndpoint?: string;
  /**
   * Longest wait for one call, the client's own retries of 5xx answers included (ms, default
   * 10 000). The client cannot abort a request, so a late answer is only ignored.
   */
  timeoutMs?: number;
}

const METHODS: Record<PaymentMethod, MollieMethod> = {
  creditcard: MollieMethod.creditcard,
  paypal: MollieMethod.paypal,
  ideal: MollieMethod.ideal,
  bancontact: MollieMethod.bancontact,
  przelewy24: MollieMethod.przelewy24,
  blik: MollieMethod.blik,
};

/** Mollie's payment statuses in ours: `pending` and `authorized` are not final yet, so `open`. */
const STATUSES: Record<string, ProviderPaymentStatus> = {
  open: 'open',
  pending: 'open',
  authorized: 'open',
  paid: 'paid',
  failed: 'failed',
  canceled: 'canceled',
  expired: 'expired',
};

/** Currencies Mollie takes without decimals (docs.mollie.com, multicurrency). */
const WHOLE_UNIT_CURRENCIES = new Set(['JPY', 'ISK']);

/**
 * Integer cents as Mollie's amount object: 1234 EUR → `{ currency: 'EUR', value: '12.34' }`,
 * 150000 JPY → `'1500'`.
 * @throws PaymentProviderError for a negative or fractional amount, or cents of a whole-unit currency.
 */
export function toMollieAmount(cents: number, currency: string): { currency: string; value: string } {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new PaymentProviderError(`Invalid amount: ${cents} cents`);
  const units = Math.floor(cents / 100);
  const rest = cents % 100;
  if (!WHOLE_UNIT_CURRENCIES.has(currency)) return { currency, value: `${units}.${String(rest).padStart(2, '0')}` };
  if (rest !== 0) throw new PaymentProviderError(`Mollie charges whole ${currency} only, not ${cents} cents`);
  return { currency, value: String(units) };
}

/**
 * Mollie's amount object as integer cents (`'12.34'` → 1234, `'1500'` → 150000); 0 when absent.
 * @throws PaymentProviderError when the value is not a plain decimal with at most two decimals.
 */
export function fromMollieAmount(amount: { value: string } | null | undefined): number {
  if (!amount) return 0;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(amount.value);
  if (!match) throw new PaymentProviderError(`Unexpected amount from Mollie: ${JSON.stringify(amount.value)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Mollie ids are a prefix and letters/digits; anything else is not sent (it would change the URL path). */
const isId = (prefix: string, id: string) => new RegExp(`^${prefix}_[A-Za-z0-9]+$`).test(id);

/** The HTTP status of a Mollie refusal behind a PaymentProviderError, if any. */
const statusOf = (error: unknown): number | undefined =>
  error instanceof PaymentProviderError && error.cause instanceof MollieApiError ? error.cause.statusCode : undefined;

const stringRecord = (value: unknown): Record<string, string> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).flatMap(([key, item]) =>
          ['string', 'number', 'boolean'].includes(typeof item) ? [[key, String(item)]] : [],
        ),
      )
    : {};

function toProviderPayment(payment: Payment): ProviderPayment {
  const status = STATUSES[payment.status];
  if (!status) throw new PaymentProviderError(`Unexpected status of Mollie payment ${payment.id}: ${payment.status}`);
  return {
    id: payment.id,
    status,
    amountCents: fromMollieAmount(payment.amount),
    currency: payment.amount.currency,
    amountRefundedCents: fromMollieAmount(payment.amountRefunded),
    amountChargedBackCents: fromMollieAmount(payment.amountChargedBack),
    customerId: payment.customerId ?? null,
    mandateId: payment.mandateId ?? null,
    subscriptionId: payment.subscriptionId ?? null,
    metadata: stringRecord(payment.metadata),
  };
}

/**
 * The Mollie payment provider (`name: 'mollie'`), see the module comment.
 * @throws TypeError when `apiKey` is empty (the client's own check).
 */
export function createMollieProvider(options: MollieProviderOptions): PaymentProvider {
  const { apiKey, timeoutMs = 10_000 } = options;
  const client = createMollieClient({ apiKey, ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}) });
  const redact = (text: string) => text.replaceAll(apiKey, '[api key]');

  /** Runs one client call under the timeout; any failure becomes a PaymentProviderError. */
  const call = async <T>(operation: string, request: () => Promise<T>): Promise<T> => {
    try {
      return await pTimeout(request(), { milliseconds: timeoutMs });
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      const detail = error instanceof Error ? error.message : String(error);
      const message =
        error instanceof TimeoutError
          ? `Mollie did not answer (${operation}) within ${timeoutMs} ms`
          : error instanceof MollieApiError && error.statusCode !== undefined
            ? `Mollie refused to ${operation} (HTTP ${error.statusCode}${error.field ? `, ${error.field}` : ''}): ${detail}`
            : `Mollie call failed (${operation}): ${detail}`;
      throw new PaymentProviderError(redact(message), { cause: error });
    }
  };
  const requireId = (prefix: string, id: string) => {
    if (!isId(prefix, id)) throw new PaymentProviderError(`Not a Mollie id (${prefix}_…): ${JSON.stringify(id)}`);
  };

  return {
    name: 'mollie',

    async createPayment(input) {
      const sequenceType = input.sequenceType ?? 'oneoff';
      const recurring = sequenceType === 'recurring';
      const payment = await call('create a payment', () =>
        client.payments.create({
          amount: toMollieAmount(input.amountCents, input.currency),
          description: input.description,
          ...(input.method ? { method: METHODS[input.method] } : {}),
          ...(recurring ? {} : { redirectUrl: input.redirectUrl }),
          webhookUrl: input.webhookUrl,
          metadata: input.metadata,
          sequenceType: MollieSequenceType[sequenceType],
          ...(input.customerId ? { customerId: input.customerId } : {}),
          ...(input.mandateId ? { mandateId: input.mandateId } : {}),
        }),
      );
      if (recurring) return { id: payment.id, checkoutUrl: null };
      const checkoutUrl = payment.getCheckoutUrl();
      if (!checkoutUrl) throw new PaymentProviderError(`Mollie gave payment ${payment.id} no checkout URL`);
      return { id: payment.id, checkoutUrl };
    },

    async getPayment(id) {
      if (!isId('tr', id)) return null;
      try {
        return toProviderPayment(await call('get a payment', () => client.payments.get(id)));
      } catch (error) {
        if (statusOf(error) === 404 || statusOf(error) === 410) return null;
        throw error;
      }
    },

    async createCustomer(metadata) {
      // Our references only: no name, no e-mail (docs/product.md §11).
      const customer = await call('create a customer', () => client.customers.create({ metadata }));
      return customer.id;
    },

    async createSubscription(input) {
      requireId('cst', input.customerId);
      requireId('mdt', input.mandateId);
      const months = input.intervalMonths;
      if (!Number.isInteger(months) || months < 1) throw new PaymentProviderError(`Invalid interval: ${months} months`);
      const subscription = await call('create a subscription', () =>
        client.customerSubscriptions.create({
          customerId: input.customerId,
          mandateId: input.mandateId,
          amount: toMollieAmount(input.amountCents, input.currency),
          interval: months === 1 ? '1 month' : `${months} months`,
          startDate: input.startDate,
          description: input.description,
          webhookUrl: input.webhookUrl,
          metadata: input.metadata,
        }),
      );
      return subscription.id;
    },

    async cancelSubscription(customerId, subscriptionId) {
      requireId('cst', customerId);
      requireId('sub', subscriptionId);
      try {
        await call('cancel a subscription', () => client.customerSubscriptions.cancel(subscriptionId, { customerId }));
      } catch (error) {
        const status = statusOf(error);
        if (status === 404 || status === 410) return;
        // Mollie answers 422 to cancelling a cancelled subscription: fine when it is indeed stopped.
        if (status !== 422) throw error;
        const stopped = await call('get a subscription', () =>
          client.customerSubscriptions.get(subscriptionId, { customerId }),
        ).then(
          (current) =>
            current.status === SubscriptionStatus.canceled || current.status === SubscriptionStatus.completed,
          (lookup: unknown) => statusOf(lookup) === 404 || statusOf(lookup) === 410,
        );
        if (!stopped) throw error;
      }
    },

    async refundPayment(paymentId, amountCents, currency) {
      requireId('tr', paymentId);
      const amount = toMollieAmount(amountCents, currency);
      await call('refund a payment', () => client.paymentRefunds.create({ paymentId, amount }));
    },
  };
}
