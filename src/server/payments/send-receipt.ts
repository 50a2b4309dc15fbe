import type { AppContext } from '../context';
import { siteOrigin } from '../outbox';
import { queueMail } from '../outbox';
import { receiptMail } from '../platform/mail/receipt-mail';
import { transactionMailee } from './transaction-mail';

/**
 * docs/product.md §11 Receipts: queues the receipt of a paid transaction in the outbox, in the
 * grant's own transaction (`ctx.db` is that transaction), so a granted purchase always gets its
 * receipt; it is sent after the commit (the grant never waits for it). Not to deleted accounts; a
 * site that is no longer configured sends nothing.
 */
export async function queueReceipt(ctx: AppContext, transactionId: number): Promise<void> {
  const mailee = await transactionMailee(ctx, transactionId);
  if (!mailee || mailee.transaction.status !== 'paid') return;
  {
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
    await queueMail(ctx, ctx.db, { purpose: 'receipt', userId: transaction.userId, message });
  }
}
