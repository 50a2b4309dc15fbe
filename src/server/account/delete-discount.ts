import { and, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { DeleteOfferState } from '~/shared/contracts/account-deletion';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import type { SiteConfig } from '../platform/sites/site-config';

/**
 * What an accepted offer leaves in `users.delete_reason` of an account that stays:
 * `discount_accepted:<percent>`. There is no payments module yet; when it comes it gives this
 * percent off the member's next purchase and then clears the value (docs/product.md §10).
 */
export const DISCOUNT_ACCEPTED_PREFIX = 'discount_accepted:';

/** The percent of an accepted offer stored in `delete_reason`, or null. */
export function acceptedPercentOf(deleteReason: string | null): number | null {
  if (!deleteReason?.startsWith(DISCOUNT_ACCEPTED_PREFIX)) return null;
  const percent = Number(deleteReason.slice(DISCOUNT_ACCEPTED_PREFIX.length));
  return Number.isInteger(percent) && percent > 0 && percent <= 100 ? percent : null;
}

/** The site's `delete_discount` when it is an offer (a percentage above 0), else null. */
function sitePercent(site: SiteConfig): number | null {
  const percent = site.company.delete_discount;
  return percent > 0 ? percent : null;
}

/** docs/product.md §10: whether the stay-discount can still be shown, and any accepted one. */
export async function deleteOfferState(ctx: AppContext, site: SiteConfig, userId: number): Promise<DeleteOfferState> {
  const [row] = await ctx.db
    .select({ offeredAt: users.deleteDiscountOfferedAt, reason: users.deleteReason })
    .from(users)
    .where(eq(users.id, userId));
  return {
    offer_percent: row && row.offeredAt === null ? sitePercent(site) : null,
    accepted_percent: acceptedPercentOf(row?.reason ?? null),
  };
}

/**
 * docs/product.md §10: shows the stay-discount at most once per account. The conditional
 * UPDATE claims the offer, so two tabs asking at once get it only once.
 * @returns the percent on the first call where the site has an offer, else null.
 */
export async function showDeleteOffer(ctx: AppContext, site: SiteConfig, userId: number): Promise<number | null> {
  const percent = sitePercent(site);
  if (percent === null) return null;
  const claimed = await ctx.db
    .update(users)
    .set({ deleteDiscountOfferedAt: ctx.clock.now() })
    .where(and(eq(users.id, userId), isNull(users.deleteDiscountOfferedAt), ne(users.status, 'deleted')))
    .returning({ id: users.id });
  return claimed.length > 0 ? percent : null;
}

/**
 * docs/product.md §10: the member stays and takes the offer that was shown to them; the
 * account keeps `discount_accepted:<percent>` for the payments. `not_found` when no offer
 * was shown, the site has none, or it was already accepted.
 */
export async function acceptDeleteOffer(
  ctx: AppContext,
  site: SiteConfig,
  userId: number,
): Promise<Result<{ percent: number }, 'not_found'>> {
  const percent = sitePercent(site);
  if (percent === null) return fail('not_found');
  const accepted = await ctx.db
    .update(users)
    .set({ deleteReason: `${DISCOUNT_ACCEPTED_PREFIX}${percent}` })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.deleteDiscountOfferedAt),
        ne(users.status, 'deleted'),
        or(isNull(users.deleteReason), sql`${users.deleteReason} NOT LIKE ${`${DISCOUNT_ACCEPTED_PREFIX}%`}`),
      ),
    )
    .returning({ id: users.id });
  return accepted.length > 0 ? ok({ percent }) : fail('not_found');
}
