import type { AppContext } from '../context';
import { sendMailInBackground, siteOrigin } from '../mail/background-mail';
import { receiptMail } from '../mail/receipt-mail';
import { transactionMailee } from './transaction-mail';

/**
 * docs/product.md §11 Receipts: mails the receipt of a paid transaction in the background (the
 * grant never waits for or fails by it). Not to deleted accounts; a site that is no longer
 * configured sends nothing.
 */
export function sendReceipt(ctx: AppContext, transactionId: number): void {
  sendMailInBackground(ctx, 'receipt', async () => {
    const mailee = await transactionMailee(ctx, transactionId);
    if (!mailee || mailee.transaction.status !== 'paid') return null;
    const { transaction, site } = mailee;
    const message = receiptMail(mailee.recipient, {
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
    });
    return { message, userId: transaction.userId };
  });
}
