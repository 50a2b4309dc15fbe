import { memberMailInfo } from '../platform/accounts/member-mail-info';
import type { AppContext } from '../context';
import { siteMailFrom, siteOrigin } from '../outbox';
import { memberMail, type MailRecipient } from '../platform/mail/mail-layout';
import type { MailMessage } from '../platform/mail/mailer';
import { queueMail } from '../outbox';
import type { SiteConfig } from '../platform/sites/site-config';

/**
 * docs/product.md §13 Member actions, warn: a neutral warning that the member's profile or
 * messages broke the site's rules, with a link to the rules (`rulesLink` = `<origin>/pages/terms`).
 * It names no report and no reporter.
 */
export function warningMail(input: MailRecipient & { rulesLink: string }): MailMessage {
  return memberMail(input, (t) => ({
    subject: t('moderation.warning_subject', { site: input.siteName }),
    paragraphs: [t('moderation.warning_body', { site: input.siteName }), t('moderation.warning_next')],
    button: { label: t('moderation.warning_button'), link: input.rulesLink },
  }));
}

/**
 * docs/product.md §13 Reports queue: tells a reporter that their report led to action, without
 * saying what was done or about whom beyond "the profile you reported".
 */
export function reportActedMail(input: MailRecipient): MailMessage {
  return memberMail(input, (t) => ({
    subject: t('moderation.report_acted_subject', { site: input.siteName }),
    paragraphs: [t('moderation.report_acted_body'), t('moderation.report_acted_thanks', { site: input.siteName })],
  }));
}

/**
 * Queues the warning to member `memberId` in the outbox (not to a deleted account). `tx` is the
 * context of the action's transaction, so the mail commits with the warning.
 */
export async function queueWarningMail(tx: AppContext, memberId: number): Promise<void> {
  const mailee = await recipientOf(tx, memberId);
  if (!mailee) return;
  const message = warningMail({ ...mailee.recipient, rulesLink: `${siteOrigin(tx, mailee.site)}/pages/terms` });
  await queueMail(tx, tx.db, { purpose: 'moderation_warning', userId: memberId, message });
}

/** Queues the "your report was acted on" mail to `reporterId` in the action's transaction `tx` (not to a deleted account). */
export async function queueReporterMail(tx: AppContext, reporterId: number): Promise<void> {
  const mailee = await recipientOf(tx, reporterId);
  if (!mailee) return;
  await queueMail(tx, tx.db, {
    purpose: 'report_outcome',
    userId: reporterId,
    message: reportActedMail(mailee.recipient),
  });
}

/** A member to mail, in their language and from their site; null for a deleted account or an unknown site. */
async function recipientOf(
  ctx: AppContext,
  userId: number,
): Promise<{ recipient: MailRecipient; site: SiteConfig } | null> {
  const member = await memberMailInfo(ctx, userId);
  const site = member && ctx.sites.byPackageName.get(member.site);
  if (!member || !site || member.status === 'deleted') return null;
  return {
    site,
    recipient: {
      to: member.email,
      name: member.name,
      locale: member.locale,
      from: siteMailFrom(ctx, site.name),
      siteName: site.name,
    },
  };
}
