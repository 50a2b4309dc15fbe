import { and, eq, sql } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import { isPremium } from '~/shared/rules/message-costs';
import type { AppContext } from '../context';
import { subscriptions, users } from '../db/schema';
import { recordAudit, type OperatorActor } from '../platform/audit/audit-log';
import { PaymentProviderError } from './payment-provider';
import { cancelSubscription } from './renewals';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The member's premium end and status, the row locked for the caller's transaction. */
async function lockedMember(tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0], userId: number) {
  const [member] = await tx
    .select({ status: users.status, premiumUntil: users.premiumUntil })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return member;
}

/**
 * docs/product.md §13 Members, premium grant: `days` of premium added to the later of now and
 * the current end (as a purchase adds months, docs/product.md §11 Premium), with the audit row,
 * in one database transaction. A renewing plan keeps renewing on its own schedule.
 * @returns the new end. Failures: `not_found`; `conflict` (`admin.member_deleted`) for a deleted account.
 */
export async function grantPremium(
  ctx: AppContext,
  actor: OperatorActor,
  input: { userId: number; days: number },
): Promise<Result<{ premiumUntil: Date }, 'not_found' | 'conflict'>> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const member = await lockedMember(tx, input.userId);
    if (!member) return fail('not_found');
    if (member.status === 'deleted') return fail('conflict', 'admin.member_deleted');
    const [updated] = await tx
      .update(users)
      .set({
        premiumUntil: sql`greatest(coalesce(${users.premiumUntil}, ${now}), ${now}) + make_interval(days => ${input.days})`,
      })
      .where(eq(users.id, input.userId))
      .returning({ premiumUntil: users.premiumUntil });
    const premiumUntil = updated!.premiumUntil!;
    await recordAudit(
      tx,
      actor,
      {
        action: 'premium.grant',
        objectType: 'member',
        objectId: input.userId,
        before: { premiumUntil: iso(member.premiumUntil) },
        after: { premiumUntil: premiumUntil.toISOString(), days: input.days },
      },
      now,
    );
    return ok({ premiumUntil });
  });
}

/**
 * docs/product.md §13 Members, premium revoke: premium ends now, and first the member's
 * renewing plan is cancelled at the provider (as the member's own Cancel does), so the member
 * is never charged for premium they no longer have. The end and the audit row are one
 * database transaction.
 * @returns the new end (null when there was none) and whether a renewing plan was cancelled.
 * Failures: `not_found`; `conflict` with `admin.member_deleted` or `admin.not_premium` (neither
 * premium now nor a renewing plan); `payment_provider_unavailable` (the provider could not cancel
 * the renewals: nothing changed).
 */
export async function revokePremium(
  ctx: AppContext,
  actor: OperatorActor,
  userId: number,
): Promise<
  Result<
    { premiumUntil: Date | null; cancelledRenewal: boolean },
    'not_found' | 'conflict' | 'payment_provider_unavailable'
  >
> {
  const [member] = await ctx.db
    .select({ status: users.status, premiumUntil: users.premiumUntil })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) return fail('not_found');
  if (member.status === 'deleted') return fail('conflict', 'admin.member_deleted');
  const renewing = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
  if (renewing.length === 0 && !isPremium(member.premiumUntil, ctx.clock.now())) {
    return fail('conflict', 'admin.not_premium');
  }
  let cancelledRenewal = false;
  try {
    cancelledRenewal = await cancelSubscription(ctx, userId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return fail('payment_provider_unavailable');
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const locked = (await lockedMember(tx, userId))!;
    const premiumUntil = isPremium(locked.premiumUntil, now) ? now : locked.premiumUntil;
    if (premiumUntil !== locked.premiumUntil) await tx.update(users).set({ premiumUntil }).where(eq(users.id, userId));
    await recordAudit(
      tx,
      actor,
      {
        action: 'premium.revoke',
        objectType: 'member',
        objectId: userId,
        before: { premiumUntil: iso(locked.premiumUntil), renewing: cancelledRenewal },
        after: { premiumUntil: iso(premiumUntil), renewing: false },
      },
      now,
    );
    return ok({ premiumUntil, cancelledRenewal });
  });
}
