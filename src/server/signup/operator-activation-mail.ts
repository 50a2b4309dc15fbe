import { fail, ok, type Result } from '~/shared/errors';
import { memberMailInfo } from '../platform/accounts/member-mail-info';
import type { AppContext } from '../context';
import { siteMailFrom, siteOrigin } from '../outbox';
import { recordAudit, type OperatorActor } from '../platform/audit/audit-log';
import { resendActivationMail } from './activation';

/**
 * docs/product.md §13 Members, resend activation: the member's own "send the link again"
 * (docs/product.md §2 activate-reminder) on an operator's behalf — a new activation mail now, its
 * link on the member's site, under the same limits (once a minute, 5 a day per member). The audit
 * row is written once the mail server accepted the mail (a mail cannot share a database transaction).
 * Failures: `not_found`; `conflict` with `admin.not_awaiting_confirmation` (confirmed or deleted)
 * or `admin.site_not_served` (the member's site is no longer configured); `rate_limited`.
 * @throws the transport's error when the mail was not accepted (nothing is audited).
 */
export async function resendActivationAsOperator(
  ctx: AppContext,
  actor: OperatorActor,
  userId: number,
): Promise<Result<{ sent: true }, 'not_found' | 'conflict' | 'rate_limited'>> {
  const member = await memberMailInfo(ctx, userId);
  if (!member) return fail('not_found');
  if (member.status !== 'not_confirmed') return fail('conflict', 'admin.not_awaiting_confirmation');
  const site = ctx.sites.byPackageName.get(member.site);
  if (!site) return fail('conflict', 'admin.site_not_served');
  const sent = await resendActivationMail(ctx, {
    userId,
    siteName: site.name,
    origin: siteOrigin(ctx, site),
    from: siteMailFrom(ctx, site.name),
  });
  if (!sent.ok) return sent;
  if (sent.value.status !== 'sent') return fail('conflict', 'admin.not_awaiting_confirmation');
  await recordAudit(
    ctx.db,
    actor,
    { action: 'member.resend_activation', objectType: 'member', objectId: userId },
    ctx.clock.now(),
  );
  return ok({ sent: true });
}
