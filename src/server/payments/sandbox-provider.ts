import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sandboxPayments, sandboxRevokedMandates, sandboxSubscriptions } from '../db/schema';
import type { PaymentProvider, ProviderPayment, ProviderPaymentStatus } from './payment-provider';

/**
 * The outcomes a payer can pick on the sandbox checkout, like a real provider's test mode;
 * `refunded` pays now and is refunded by the "bank" a few seconds later.
 */
export const SANDBOX_OUTCOMES = ['paid', 'failed', 'canceled', 'expired', 'refunded'] as const satisfies (
  ProviderPaymentStatus | 'refunded'
)[];
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** Path of the sandbox's hosted checkout page for a payment. */
export const sandboxCheckoutPath = (id: string) => `/payments/sandbox/${id}`;

const newId = (prefix: string) => `${prefix}_sb_${randomBytes(12).toString('base64url')}`;

export interface SandboxProvider extends PaymentProvider {
  /** What the sandbox checkout page shows of a payment, or null when unknown. */
  checkout(id: string): Promise<{ amountCents: number; currency: string; description: string; status: string } | null>;
  /**
   * The payer's choice on the sandbox checkout: moves an `open` payment to `outcome` (`refunded`
   * = paid; call `chargeBack` later). A paid `first` payment gets a mandate. A final state never
   * changes again.
   * @returns the payment's redirect and webhook URLs, or null when the payment is unknown or was final already.
   */
  complete(id: string, outcome: SandboxOutcome): Promise<{ redirectUrl: string; webhookUrl: string } | null>;
  /** The payer's bank takes a paid payment back in full (a chargeback). */
  chargeBack(id: string): Promise<void>;
  /** The payer's bank revokes a mandate: charging it fails from now on. */
  revokeMandate(mandateId: string): Promise<void>;
  /**
   * The sandbox's subscription scheduler: charges every active subscription due at `now` (one
   * renewal payment each, `paid` unless its mandate was revoked) and moves it to the next interval.
   * Safe in several processes at once (each due renewal is claimed by one conditional UPDATE).
   * @returns the ids of the renewal payments made (to report to the webhook).
   */
  chargeDueSubscriptions(now: Date): Promise<string[]>;
}

/**
 * docs/product.md §11 sandbox provider: a payment provider of our own so `npm start` can sell
 * without network or accounts. Its records live in the `sandbox_*` tables (its "own side"); the
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
          amountRefundedCents: row.amountRefundedCents,
          amountChargedBackCents: row.amountChargedBackCents,
          customerId: row.customerId,
          mandateId: row.mandateId,
          subscriptionId: row.subscriptionId,
          metadata: row.metadata,
        }
      : null;
  };
  const chargeMandate = async (mandateId: string) => {
    const [revoked] = await db
      .select()
      .from(sandboxRevokedMandates)
      .where(eq(sandboxRevokedMandates.mandateId, mandateId));
    return revoked ? 'failed' : 'paid';
  };
  return {
    name: 'sandbox',
    async createPayment(input) {
      const id = newId('tr');
      const recurring = input.sequenceType === 'recurring';
      await db.insert(sandboxPayments).values({
        id,
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        method: input.method ?? 'mandate',
        sequenceType: input.sequenceType ?? 'oneoff',
        customerId: input.customerId ?? null,
        mandateId: recurring ? input.mandateId! : null,
        // A recurring payment is charged at once, without the payer.
        status: recurring ? await chargeMandate(input.mandateId!) : 'open',
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        metadata: input.metadata,
      });
      return { id, checkoutUrl: recurring ? null : sandboxCheckoutPath(id) };
    },
    getPayment: read,
    async createCustomer() {
      return newId('cst');
    },
    async createSubscription(input) {
      const id = newId('sub');
      await db.insert(sandboxSubscriptions).values({
        id,
        customerId: input.customerId,
        mandateId: input.mandateId,
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        intervalMonths: input.intervalMonths,
        nextPaymentAt: new Date(`${input.startDate}T00:00:00Z`),
        webhookUrl: input.webhookUrl,
        metadata: input.metadata,
      });
      return id;
    },
    async cancelSubscription(customerId, subscriptionId) {
      await db
        .update(sandboxSubscriptions)
        .set({ status: 'canceled' })
        .where(and(eq(sandboxSubscriptions.id, subscriptionId), eq(sandboxSubscriptions.customerId, customerId)));
    },
    async refundPayment(paymentId, amountCents) {
      await db
        .update(sandboxPayments)
        .set({
          amountRefundedCents: sql`least(${sandboxPayments.amountCents}, ${sandboxPayments.amountRefundedCents} + ${amountCents})`,
        })
        .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.status, 'paid')));
    },
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
      const status = outcome === 'refunded' ? 'paid' : outcome;
      const [row] = await db
        .update(sandboxPayments)
        .set({
          status,
          mandateId: sql`CASE WHEN ${status} = 'paid' AND ${sandboxPayments.sequenceType} = 'first' THEN 'mdt_' || ${sandboxPayments.id} END`,
        })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'open')))
        .returning({ redirectUrl: sandboxPayments.redirectUrl, webhookUrl: sandboxPayments.webhookUrl });
      return row ?? null;
    },
    async chargeBack(id) {
      await db
        .update(sandboxPayments)
        .set({ amountChargedBackCents: sandboxPayments.amountCents })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'paid')));
    },
    async revokeMandate(mandateId) {
      await db.insert(sandboxRevokedMandates).values({ mandateId }).onConflictDoNothing();
    },
    async chargeDueSubscriptions(now) {
      const due = await db
        .select()
        .from(sandboxSubscriptions)
        .where(and(eq(sandboxSubscriptions.status, 'active'), sql`${sandboxSubscriptions.nextPaymentAt} <= ${now}`));
      const made: string[] = [];
      for (const subscription of due) {
        const [claimed] = await db
          .update(sandboxSubscriptions)
          .set({
            nextPaymentAt: sql`${sandboxSubscriptions.nextPaymentAt} + make_interval(months => ${subscription.intervalMonths})`,
          })
          .where(
            and(
              eq(sandboxSubscriptions.id, subscription.id),
              eq(sandboxSubscriptions.nextPaymentAt, subscription.nextPaymentAt),
            ),
          )
          .returning({ id: sandboxSubscriptions.id });
        if (!claimed) continue;
        const id = newId('tr');
        await db.insert(sandboxPayments).values({
          id,
          amountCents: subscription.amountCents,
          currency: subscription.currency,
          description: subscription.description,
          method: 'mandate',
          sequenceType: 'recurring',
          customerId: subscription.customerId,
          mandateId: subscription.mandateId,
          subscriptionId: subscription.id,
          status: await chargeMandate(subscription.mandateId),
          redirectUrl: '',
          webhookUrl: subscription.webhookUrl,
          metadata: subscription.metadata,
        });
        made.push(id);
      }
      return made;
    },
  };
}

/** The sandbox when it is this server's provider (its checkout page exists only then). */
export function sandboxOf(provider: PaymentProvider): SandboxProvider | null {
  return provider.name === 'sandbox' && 'complete' in provider ? (provider as SandboxProvider) : null;
}
