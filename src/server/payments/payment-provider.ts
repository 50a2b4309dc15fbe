import type { PaymentMethod } from '~/shared/payments';

/**
 * A payment service provider as the product uses it (docs/product.md §11 Payments): create a
 * payment and send the payer to its checkout, then ask for the payment's state whenever its
 * webhook says "something changed" (a webhook body is never trusted). Implementations: the
 * sandbox (default, offline) and, later, Mollie.
 */

/** A payment's state at the provider (Mollie's names). */
export type ProviderPaymentStatus = 'open' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  /** What the provider will collect or has collected (cents) in `currency` (ISO 4217). */
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
}

export interface CreatePaymentInput {
  amountCents: number;
  currency: string;
  /** Shown to the payer on the checkout and their statement. */
  description: string;
  method: PaymentMethod;
  /** Where the payer's browser returns after the checkout (absolute URL). */
  redirectUrl: string;
  /** Where the provider reports changes (absolute URL; it posts `id=<payment id>`). */
  webhookUrl: string;
  /** Our own references (e.g. the transaction's public id), echoed back by `getPayment`. */
  metadata: Record<string, string>;
}

export interface PaymentProvider {
  /** Stored on each transaction, so a payment is only ever looked up at the provider that made it. */
  readonly name: string;
  /**
   * Creates a payment.
   * @returns the provider's payment id and the checkout URL to send the payer to.
   * @throws PaymentProviderError when the provider refuses or cannot be reached.
   */
  createPayment(input: CreatePaymentInput): Promise<{ id: string; checkoutUrl: string }>;
  /**
   * The payment's current state, or null when the provider does not know the id.
   * @throws PaymentProviderError when the provider cannot be reached.
   */
  getPayment(id: string): Promise<ProviderPayment | null>;
}

/** The provider refused a call or could not be reached; the transaction stays as it was. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
