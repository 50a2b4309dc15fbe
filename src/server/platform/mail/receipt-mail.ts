import { formatMoney } from '~/shared/payments';
import { LOCALE_TAGS } from '~/shared/locales';
import { memberMail, type MailRecipient } from './mail-layout';
import type { MailMessage } from './mailer';

/** What a receipt states (docs/product.md §11 Receipts); amounts in cents. */
export interface ReceiptFacts {
  credits: number;
  /** Months of premium bought (0 for a credit package). */
  premiumMonths: number;
  /** What a discount took off the price (cents; 0 when none). */
  discountCents: number;
  amountCents: number;
  vatCents: number;
  /** VAT rate in basis points. */
  vatBp: number;
  currency: string;
  paidAt: Date;
  /** The transaction's public id. */
  reference: string;
  seller: { name: string; address: string; city: string; vatNumber: string | null };
  /** `<origin>/credits`. */
  creditsLink: string;
}

/**
 * docs/product.md §11 Receipts: the mail after a paid purchase, in the member's language: credits
 * or premium months bought, a discount, amount paid, the VAT in it with its rate, date, reference, and the seller's company name,
 * address and VAT number.
 */
export function receiptMail(recipient: MailRecipient, facts: ReceiptFacts): MailMessage {
  const tag = LOCALE_TAGS[recipient.locale].tag;
  const money = (cents: number) => formatMoney(cents, facts.currency, tag);
  const rate = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }).format(facts.vatBp / 10_000);
  return memberMail(recipient, (t) => ({
    subject: t('receipt.subject', { site: recipient.siteName }),
    paragraphs: [
      t('receipt.body', { site: recipient.siteName }),
      facts.premiumMonths > 0
        ? t('receipt.premium', { count: facts.premiumMonths })
        : t('receipt.credits', { credits: new Intl.NumberFormat(tag).format(facts.credits) }),
      ...(facts.discountCents > 0 ? [t('receipt.discount', { amount: money(facts.discountCents) })] : []),
      t('receipt.amount', { amount: money(facts.amountCents) }),
      t('receipt.vat', { rate, vat: money(facts.vatCents) }),
      t('receipt.date', { date: new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(facts.paidAt) }),
      t('receipt.reference', { reference: facts.reference }),
      [facts.seller.name, facts.seller.address, facts.seller.city, facts.seller.vatNumber]
        .filter((part): part is string => Boolean(part))
        .join(' · '),
    ],
    button: {
      label: t(facts.premiumMonths > 0 ? 'receipt.button_premium' : 'receipt.button'),
      link: facts.creditsLink,
    },
  }));
}
