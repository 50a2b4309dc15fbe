import { and, desc, eq } from 'drizzle-orm';
import type { PaymentMethod } from '~/shared/payments';
import type { AppContext } from '../context';
import { paymentTransactions } from '../db/schema';
import type { SiteConfig } from '../platform/sites/site-config';
import { creditOffer, type OfferedPackage } from './credit-offer';

/**
 * docs/product.md §11 Repeat order: the member's last paid credit package on this site with the
 * method they paid with, as offered to them now (today's price in their country's currency), or
 * null when they bought nothing yet, or that package or method is no longer offered.
 */
export async function lastPurchase(
  ctx: AppContext,
  site: SiteConfig,
  userId: number,
  country: string | null,
): Promise<{ package: OfferedPackage; method: PaymentMethod; currency: string } | null> {
  const offer = creditOffer(site, country);
  if (!offer) return null;
  const [last] = await ctx.db
    .select({ productId: paymentTransactions.productId, method: paymentTransactions.method })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.userId, userId),
        eq(paymentTransactions.site, site.package_name),
        eq(paymentTransactions.status, 'paid'),
      ),
    )
    .orderBy(desc(paymentTransactions.paidAt))
    .limit(1);
  const pack = last && offer.packages.find((candidate) => candidate.id === last.productId);
  const method = last && offer.methods.find((candidate) => candidate === last.method);
  return pack && method ? { package: pack, method, currency: offer.currency } : null;
}
