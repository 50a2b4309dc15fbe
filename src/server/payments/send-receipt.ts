import { eq } from 'drizzle-orm';
import { isLocale } from '~/shared/locales';
import type { AppContext } from '../context';
import { paymentTransactions, profiles, users } from '../db/schema';
import { sendMailInBackground, siteMailFrom, siteOrigin } from '../mail/background-mail';
import { receiptMail } from '../mail/receipt-mail';

/**
 * docs/product.md §11 Receipts: mails the receipt of a paid transaction in the background (the
 * grant never waits for or fails by it). Not to deleted accounts; a site that is no longer
 * configured sends nothing.
 */
export function sendReceipt(ctx: AppContext, transactionId: number): void {
  sendMailInBackground(ctx, 'receipt', async () => {
    const [row] = await ctx.db
      .select({
        transaction: paymentTransactions,
        email: users.email,
        status: users.status,
        name: profiles.name,
        language: profiles.language,
      })
      .from(paymentTransactions)
      .innerJoin(users, eq(users.id, paymentTransactions.userId))
      .innerJoin(profiles, eq(profiles.id, paymentTransactions.userId))
      .where(eq(paymentTransactions.id, transactionId));
    const site = row && ctx.sites.byPackageName.get(row.transaction.site);
    if (!row || !site || row.status === 'deleted' || row.transaction.status !== 'paid') return null;
    const { transaction } = row;
    const message = receiptMail(
      {
        to: row.email,
        name: row.name,
        locale: isLocale(row.language) ? row.language : site.domain_language,
        from: siteMailFrom(ctx, site.name),
        siteName: site.name,
      },
      {
        credits: transaction.credits + transaction.bonusCredits,
        premiumMonths: transaction.premiumMonths,
        discountCents: transaction.discountCents,
        amountCents: transaction.amountCents,
        vatCents: transaction.vatCents,
        vatBp: transaction.vatBp,
        currency: transaction.currency,
        paidAt: transaction.paidAt ?? ctx.clock.now(),
        reference: transaction.publicId,
        seller: {
          name: site.company.name,
          address: site.company.address,
          city: site.company.city,
          vatNumber: site.company.vat_numbers[0] ?? null,
        },
        creditsLink: `${siteOrigin(ctx, site)}${transaction.product === 'premium' ? '/premium' : '/credits'}`,
      },
    );
    return { message, userId: transaction.userId };
  });
}
