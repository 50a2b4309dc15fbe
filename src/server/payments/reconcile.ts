import { and, eq, gt, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { paymentTransactions } from '../db/schema';
import type { PeriodicJob } from '../platform/jobs/periodic-job';
import { startMissingSubscriptions } from './renewals';
import { sandboxOf } from './sandbox-provider';
import { settleTransaction } from './settle-transaction';

/** Open transactions older than this are no longer asked about (the provider expired them) (ms). */
export const RECONCILE_UNTIL_MS = 7 * 24 * 60 * 60_000;

/**
 * docs/product.md §11 Reconciliation: asks the provider about every open transaction older than
 * `config.payments.reconcileAfterMs` (one minute unless PAYMENT_RECONCILE_AFTER_S says otherwise)
 * and younger than seven days, and settles it, so a payment whose webhook never arrived, or whose
 * grant was cut off by a crash, is granted exactly once on the next run.
 * @returns how many transactions were looked at.
 */
export async function reconcileOpenTransactions(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  const open = await ctx.db
    .select({ providerPaymentId: paymentTransactions.providerPaymentId })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.status, 'open'),
        eq(paymentTransactions.provider, ctx.payments.name),
        isNotNull(paymentTransactions.providerPaymentId),
        lt(paymentTransactions.createdAt, new Date(now - ctx.config.payments.reconcileAfterMs)),
        gt(paymentTransactions.createdAt, new Date(now - RECONCILE_UNTIL_MS)),
      ),
    )
    .limit(200);
  for (const row of open) {
    try {
      await settleTransaction(ctx, row.providerPaymentId!);
    } catch (error) {
      ctx.log.warn('reconciling a transaction failed', { error });
    }
  }
  return open.length;
}

/** The `payment-reconciliation` job (src/server/lifecycle/all-jobs.ts). */
export const paymentReconciliationJob: PeriodicJob = {
  name: 'payment-reconciliation',
  owns: 'open payment_transactions the webhook did not settle; paid premium plans without their subscription',
  everyMs: 2 * 60_000,
  run: async (ctx) => {
    await reconcileOpenTransactions(ctx);
    await startMissingSubscriptions(ctx);
  },
};

/**
 * docs/product.md §11 sandbox provider: the sandbox's subscription scheduler. Charges the due
 * renewals and reports each payment to the shop as its webhook would (settling it here, in
 * process), so premium renews offline. Does nothing with another provider.
 * @returns the renewal payments made.
 */
export async function runSandboxSubscriptions(ctx: AppContext): Promise<number> {
  const sandbox = sandboxOf(ctx.payments);
  if (!sandbox) return 0;
  const made = await sandbox.chargeDueSubscriptions(ctx.clock.now());
  for (const paymentId of made) await settleTransaction(ctx, paymentId);
  return made.length;
}

/** The `sandbox-subscriptions` job (src/server/lifecycle/all-jobs.ts). */
export const sandboxSubscriptionsJob: PeriodicJob = {
  name: 'sandbox-subscriptions',
  owns: "renewals of the built-in sandbox provider's subscriptions",
  everyMs: 60_000,
  run: async (ctx) => void (await runSandboxSubscriptions(ctx)),
};
