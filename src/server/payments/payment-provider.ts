import type { PaymentMethod } from '~/shared/payments';

/**
 * A payment service provider as the product uses it (docs/product.md §11 Payments): create a
 * payment and send the payer to its checkout, then ask for the payment's state whenever its
 * webhook says "something changed" (a webhook body is never trusted). A paid `first` payment
 * leaves a mandate on the provider's customer, which later `recurring` payments (repeat orders)
 * and subscriptions (premium renewals) charge without the payer. Implementations: the sandbox
 * (default, offline) and Mollie (`MOLLIE_API_KEY`).
 */

/** A payment's state at the provider (Mollie's names). */
export type ProviderPaymentStatus = 'open' | 'paid' | 'failed' | 'canceled' | 'expired';

/** `first` creates a mandate when paid; `recurring` charges one without the payer. */
export type SequenceType = 'oneoff' | 'first' | 'recurring';

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  /** What the provider will collect or has collected (cents) in `currency` (ISO 4217). */
  amountCents: number;
  currency: string;
  /** Refunded to the payer so far (cents, same currency). */
  amountRefundedCents: number;
  /** Taken back by the payer's bank so far (cents, same currency). */
  amountChargedBackCents: number;
  /** The provider's customer, the mandate the payment created or used, and its subscription. */
  customerId: string | null;
  mandateId: string | null;
  subscriptionId: string | null;
  metadata: Record<string, string>;
}

export interface CreatePaymentInput {
  amountCents: number;
  currency: string;
  /** Shown to the payer on the checkout and their statement. */
  description: string;
  /** The method the payer chose (left out for `recurring`: the mandate's method is used). */
  method?: PaymentMethod;
  /** Where the payer's browser returns after the checkout (absolute URL). */
  redirectUrl: string;
  /** Where the provider reports changes (absolute URL; it posts `id=<payment id>`). */
  webhookUrl: string;
  /** Our own references (e.g. the transaction's public id), echoed back by `getPayment`. */
  metadata: Record<string, string>;
  /** Default `oneoff`; `first` and `recurring` need `customerId`, `recurring` also `mandateId`. */
  sequenceType?: SequenceType;
  customerId?: string;
  mandateId?: string;
}

export interface CreateSubscriptionInput {
  customerId: string;
  mandateId: string;
  /** Charged every `intervalMonths` months from `startDate` (YYYY-MM-DD), cents in `currency`. */
  amountCents: number;
  currency: string;
  intervalMonths: number;
  startDate: string;
  description: string;
  /** Each renewal payment is reported here like any other payment. */
  webhookUrl: string;
  metadata: Record<string, string>;
}

export interface PaymentProvider {
  /** Stored on each transaction, so a payment is only ever looked up at the provider that made it. */
  readonly name: string;
  /**
   * Creates a payment.
   * @returns the provider's payment id and the checkout URL to send the payer to (null for a
   * `recurring` payment, which is charged without the payer).
   * @throws PaymentProviderError when the provider refuses or cannot be reached.
   */
  createPayment(input: CreatePaymentInput): Promise<{ id: string; checkoutUrl: string | null }>;
  /**
   * The payment's current state, or null when the provider does not know the id.
   * @throws PaymentProviderError when the provider cannot be reached.
   */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /**
   * Creates a customer (holder of mandates); `metadata` carries our references only, never personal data.
   * @returns the customer id. @throws PaymentProviderError
   */
  createCustomer(metadata: Record<string, string>): Promise<string>;
  /** Starts a subscription on a customer's mandate. @returns its id. @throws PaymentProviderError */
  createSubscription(input: CreateSubscriptionInput): Promise<string>;
  /** Stops a subscription (no further charges); an already cancelled one is not an error. @throws PaymentProviderError */
  cancelSubscription(customerId: string, subscriptionId: string): Promise<void>;
  /** Refunds `amountCents` of a paid payment to the payer. @throws PaymentProviderError */
  refundPayment(paymentId: string, amountCents: number, currency: string): Promise<void>;
}

/** The provider refused a call or could not be reached; the transaction stays as it was. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
