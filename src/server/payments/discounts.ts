import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { DiscountsConfig } from '~/shared/payments';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { discountRedemptions, paymentTransactions, users } from '../db/schema';

/**
 * docs/product.md §11 Discounts: which discount a member may use on a credit package — a code
 * from the site's config, the welcome discount (first purchase within N hours of signup) or the
 * stay offer accepted when deleting the account (`delete_reason = discount_accepted:N`) — each
 * once per member, and the time bonus of the moment.
 */

/** Codes of the discounts that are not typed in (stored on transactions and redemptions). */
export const WELCOME_CODE = '@welcome';
export const STAY_CODE = '@stay';

export interface Discount {
  /** The upper-case code, `@welcome` or `@stay`. */
  code: string;
  /** Percent off, or cents off per currency (exactly one is set). */
  percent: number | null;
  amountCents: Record<string, number> | null;
  /** Until when it can be used (the welcome countdown), null when open-ended. */
  validUntil: Date | null;
}

export type DiscountFailure = 'discount_not_found' | 'discount_expired' | 'discount_used';

/**
 * The discount `code` (case-insensitive) for a member now.
 * Failures: `discount_not_found` (no such code on this site), `discount_expired` (outside its
 * window), `discount_used` (this member paid with it before).
 */
export async function findCodeDiscount(
  ctx: AppContext,
  config: DiscountsConfig,
  userId: number,
  code: string,
): Promise<Result<Discount, DiscountFailure>> {
  const wanted = code.trim().toUpperCase();
  const found = config.codes.find((candidate) => candidate.code === wanted);
  if (!found) return fail('discount_not_found');
  const now = ctx.clock.now().getTime();
  if (found.valid_from && now < Date.parse(found.valid_from)) return fail('discount_not_found');
  if (found.valid_until && now >= Date.parse(found.valid_until)) return fail('discount_expired');
  if (await redeemed(ctx.db, userId, found.code)) return fail('discount_used');
  return ok({
    code: found.code,
    percent: found.percent ?? null,
    amountCents: found.amount_cents ?? null,
    validUntil: found.valid_until ? new Date(found.valid_until) : null,
  });
}

/**
 * The discount a member gets without a code, if any: the accepted stay offer first, else the
 * welcome discount while it runs (first purchase, within `welcome.hours` of signup).
 * Failures as `findCodeDiscount` (`discount_not_found` when none applies).
 */
export async function findAutomaticDiscount(
  ctx: AppContext,
  config: DiscountsConfig,
  userId: number,
): Promise<Result<Discount, DiscountFailure>> {
  const [user] = await ctx.db
    .select({ createdAt: users.createdAt, deleteReason: users.deleteReason })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return fail('discount_not_found');
  const stay = /^discount_accepted:(\d{1,2})$/.exec(user.deleteReason ?? '');
  if (stay && !(await redeemed(ctx.db, userId, STAY_CODE)))
    return ok({ code: STAY_CODE, percent: Number(stay[1]), amountCents: null, validUntil: null });
  if (!config.welcome) return fail('discount_not_found');
  const validUntil = new Date(user.createdAt.getTime() + config.welcome.hours * 3_600_000);
  if (ctx.clock.now() >= validUntil) return fail('discount_expired');
  if ((await redeemed(ctx.db, userId, WELCOME_CODE)) || (await hasPaid(ctx.db, userId))) return fail('discount_used');
  return ok({ code: WELCOME_CODE, percent: config.welcome.percent, amountCents: null, validUntil });
}

/** The time bonus running now (percent of extra credits and its end), or null. */
export function currentTimeBonus(config: DiscountsConfig, now: Date): { percent: number; until: Date } | null {
  const at = now.getTime();
  const running = config.time_bonus.find((bonus) => Date.parse(bonus.from) <= at && at < Date.parse(bonus.until));
  return running ? { percent: running.percent, until: new Date(running.until) } : null;
}

/** Cents a discount takes off for a currency (`offCents` 0 for a fixed code without that currency). */
export function discountTerms(discount: Discount, currency: string): { percent: number } | { offCents: number } {
  return discount.percent !== null
    ? { percent: discount.percent }
    : { offCents: discount.amountCents?.[currency] ?? 0 };
}

type Executor = Pick<Db, 'insert' | 'update' | 'delete' | 'select'>;

/**
 * Holds a discount for the transaction being created (inside its database transaction): a
 * discount held by an unpaid earlier checkout moves to this one.
 * @returns false when the member has already paid with it (the caller rolls back).
 */
export async function reserveDiscount(
  tx: Executor,
  userId: number,
  code: string,
  transactionId: number,
): Promise<boolean> {
  const rows = await tx
    .insert(discountRedemptions)
    .values({ userId, code, transactionId })
    .onConflictDoUpdate({
      target: [discountRedemptions.userId, discountRedemptions.code],
      set: { transactionId },
      setWhere: isNull(discountRedemptions.redeemedAt),
    })
    .returning({ code: discountRedemptions.code });
  return rows.length > 0;
}

/**
 * docs/product.md §11 Discounts: marks the discount of a transaction that has just been paid as
 * used by it (inside the grant's database transaction). One statement on the member's one row
 * per code, guarded by `redeemed_at IS NULL`, so of several checkouts paid with the same discount
 * — one after another or at once, in any process — exactly one claims it.
 * @returns false when another transaction has used it already.
 */
export async function redeemDiscount(
  tx: Executor,
  userId: number,
  code: string,
  transactionId: number,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(discountRedemptions)
    .values({ userId, code, transactionId, redeemedAt: at })
    .onConflictDoUpdate({
      target: [discountRedemptions.userId, discountRedemptions.code],
      set: { transactionId, redeemedAt: at },
      setWhere: isNull(discountRedemptions.redeemedAt),
    })
    .returning({ code: discountRedemptions.code });
  return rows.length > 0;
}

/** Frees the discount a transaction held when it ended unpaid, so the member can use it again. */
export async function releaseDiscount(tx: Executor, transactionId: number): Promise<void> {
  await tx
    .delete(discountRedemptions)
    .where(and(eq(discountRedemptions.transactionId, transactionId), isNull(discountRedemptions.redeemedAt)));
}

async function redeemed(db: Db, userId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ at: discountRedemptions.redeemedAt })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.userId, userId), eq(discountRedemptions.code, code)));
  return Boolean(row?.at);
}

async function hasPaid(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.userId, userId), isNotNull(paymentTransactions.paidAt)))
    .limit(1);
  return Boolean(row);
}
