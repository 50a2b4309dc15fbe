import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { siteOrigin } from '../outbox';
import { recordAudit, type OperatorActor } from '../platform/audit/audit-log';
import { memberMailInfo } from '../platform/accounts/member-mail-info';
import { requestPasswordReset } from './password-reset';
import { hitRateLimit, rateLimited } from '../platform/rate-limit/rate-limit';

/**
 * docs/product.md §13 Members, password-reset link: the member receives the normal reset mail
 * (docs/product.md §10, a 60-minute single-use link on the member's site; a new link voids the
 * previous one), at most 5 an hour per member from the console — an allowance of its own, so
 * strangers' requests for the address never block it. The operator never sees the link. The audit row is written as the mail is queued.
 * Failures: `not_found`; `conflict` with `admin.member_deleted` or `admin.site_not_served`; `rate_limited`.
 */
export async function sendResetLinkAsOperator(
  ctx: AppContext,
  actor: OperatorActor,
  userId: number,
): Promise<Result<{ sent: true }, 'not_found' | 'conflict' | 'rate_limited'>> {
  const member = await memberMailInfo(ctx, userId);
  if (!member) return fail('not_found');
  if (member.status === 'deleted') return fail('conflict', 'admin.member_deleted');
  const site = ctx.sites.byPackageName.get(member.site);
  if (!site) return fail('conflict', 'admin.site_not_served');
  const limit = await hitRateLimit(ctx, 'passwordResetAccount', `${site.package_name}:${member.email}:operator`);
  if (!limit.allowed) return rateLimited(limit.retryAfterS);
  await recordAudit(
    ctx.db,
    actor,
    { action: 'member.password_reset_link', objectType: 'member', objectId: userId },
    ctx.clock.now(),
  );
  requestPasswordReset(ctx, { site, email: member.email, origin: siteOrigin(ctx, site) });
  return ok({ sent: true });
}
