import { eq } from 'drizzle-orm';
import { isLocale, LOCALE_TAGS } from '~/shared/locales';
import type { AppContext } from '../context';
import { paymentTransactions, profiles, users } from '../db/schema';
import { siteMailFrom, siteOrigin } from '../outbox';
import { queueMail } from '../outbox';
import { memberMail, type MailRecipient } from '../platform/mail/mail-layout';
import type { SiteConfig } from '../platform/sites/site-config';
import type { TransactionRow } from './grant-purchase';

/** A transaction with whom and from which site to mail about it. */
export interface TransactionMailee {
  transaction: TransactionRow;
  recipient: MailRecipient;
  site: SiteConfig;
  /** The member's premium end now (null when never premium). */
  premiumUntil: Date | null;
}

/**
 * The member a mail about transaction `transactionId` goes to, in their language and from their
 * site, or null when the account is deleted or its site is no longer configured (nothing is sent).
 */
export async function transactionMailee(ctx: AppContext, transactionId: number): Promise<TransactionMailee | null> {
  const [row] = await ctx.db
    .select({
      transaction: paymentTransactions,
      email: users.email,
      status: users.status,
      premiumUntil: users.premiumUntil,
      name: profiles.name,
      language: profiles.language,
    })
    .from(paymentTransactions)
    .innerJoin(users, eq(users.id, paymentTransactions.userId))
    .innerJoin(profiles, eq(profiles.id, paymentTransactions.userId))
    .where(eq(paymentTransactions.id, transactionId));
  const site = row && ctx.sites.byPackageName.get(row.transaction.site);
  if (!row || !site || row.status === 'deleted') return null;
  return {
    transaction: row.transaction,
    site,
    premiumUntil: row.premiumUntil,
    recipient: {
      to: row.email,
      name: row.name,
      locale: isLocale(row.language) ? row.language : site.domain_language,
      from: siteMailFrom(ctx, site.name),
      siteName: site.name,
    },
  };
}

/**
 * docs/product.md §11 Premium renewals: queues the mail telling the member a renewal could not be
 * charged (premium ends at its end date unless they buy again) in the outbox, in the transaction
 * that recorded the failure (`ctx.db`). Not to deleted accounts.
 */
export async function queueFailedRenewalMail(ctx: AppContext, transactionId: number): Promise<void> {
  const mailee = await transactionMailee(ctx, transactionId);
  if (!mailee) return;
  {
    const { recipient, site } = mailee;
    const until = mailee.premiumUntil ?? ctx.clock.now();
    const message = memberMail(recipient, (t) => ({
      subject: t('premium.renewal_failed_subject', { site: site.name }),
      paragraphs: [
        t('premium.renewal_failed_body', {
          date: new Intl.DateTimeFormat(LOCALE_TAGS[recipient.locale].tag, { dateStyle: 'long' }).format(until),
        }),
      ],
      button: { label: t('premium.renewal_failed_button'), link: `${siteOrigin(ctx, site)}/premium` },
    }));
    await queueMail(ctx, ctx.db, { purpose: 'premium_renewal_failed', userId: mailee.transaction.userId, message });
  }
}
