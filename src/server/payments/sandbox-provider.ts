import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sandboxPayments } from '../db/schema';
import type { PaymentProvider, ProviderPayment, ProviderPaymentStatus } from './payment-provider';

/** The outcomes a payer can pick on the sandbox checkout, like a real provider's test mode. */
export const SANDBOX_OUTCOMES = ['paid', 'failed', 'canceled', 'expired'] as const satisfies ProviderPaymentStatus[];
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** Path of the sandbox's hosted checkout page for a payment. */
export const sandboxCheckoutPath = (id: string) => `/payments/sandbox/${id}`;

export interface SandboxProvider extends PaymentProvider {
  /** What the sandbox checkout page shows of a payment, or null when unknown. */
  checkout(id: string): Promise<{ amountCents: number; currency: string; description: string; status: string } | null>;
  /**
   * The payer's choice on the sandbox checkout: moves an `open` payment to `outcome` (a final
   * state never changes again).
   * @returns the payment's webhook URL to notify, or null when the payment is unknown or was final already.
   */
  complete(id: string, outcome: SandboxOutcome): Promise<{ webhookUrl: string; redirectUrl: string } | null>;
}

/**
 * docs/product.md §11 sandbox provider: a payment provider of our own so `npm start` can sell
 * without network or accounts. Its records live in `sandbox_payments` (its "own side"); the
 * checkout is a page of this app where the payer picks the outcome. Ids look like `tr_sb_…`.
 */
export function createSandboxProvider(db: Db): SandboxProvider {
  const read = async (id: string): Promise<ProviderPayment | null> => {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
    return row
      ? {
          id: row.id,
          status: row.status,
          amountCents: row.amountCents,
          currency: row.currency,
          metadata: row.metadata,
        }
      : null;
  };
  return {
    name: 'sandbox',
    async createPayment(input) {
      const id = `tr_sb_${randomBytes(12).toString('base64url')}`;
      await db.insert(sandboxPayments).values({
        id,
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        method: input.method,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        metadata: input.metadata,
      });
      return { id, checkoutUrl: sandboxCheckoutPath(id) };
    },
    getPayment: read,
    async checkout(id) {
      const [row] = await db
        .select({
          amountCents: sandboxPayments.amountCents,
          currency: sandboxPayments.currency,
          description: sandboxPayments.description,
          status: sandboxPayments.status,
        })
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, id))
        .limit(1);
      return row ?? null;
    },
    async complete(id, outcome) {
      const [row] = await db
        .update(sandboxPayments)
        .set({ status: outcome })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'open')))
        .returning({ webhookUrl: sandboxPayments.webhookUrl, redirectUrl: sandboxPayments.redirectUrl });
      return row ? { webhookUrl: row.webhookUrl, redirectUrl: row.redirectUrl } : null;
    },
  };
}

/** The sandbox when it is this server's provider (its checkout page exists only then). */
export function sandboxOf(provider: PaymentProvider): SandboxProvider | null {
  return provider.name === 'sandbox' && 'complete' in provider ? (provider as SandboxProvider) : null;
}
