import { eq } from 'drizzle-orm';
import type { ReportReason } from '~/shared/contracts/safety';
import { fail, ok, type Result } from '~/shared/errors';
import { hitRateLimit, rateLimited } from '../platform/rate-limit/rate-limit';
import type { AppContext } from '../context';
import { profiles, reports } from '../db/schema';
import { conversationFor } from './conversations';

/**
 * Stores a member's report of a profile for moderation (the
 * /complaints page explains what happens next). A conversation may be
 * attached only if it is the reporter's own conversation with that member.
 * docs/product.md §9: every attempt counts against the member's reports per hour
 * (`config.rateLimits.reportsPerHour`); past it → `rate_limited` (`safety.report_limit`, Retry-After).
 */
export async function reportProfile(
  ctx: AppContext,
  reporterId: number,
  input: { profile: number; conversation?: number; reason: ReportReason; details?: string },
): Promise<Result<{ reported: true }, 'not_found' | 'validation_failed' | 'rate_limited'>> {
  const limit = await hitRateLimit(ctx, 'report', `user:${reporterId}`);
  if (!limit.allowed) return { ...rateLimited(limit.retryAfterS), message: 'safety.report_limit' };
  if (input.profile === reporterId)
    return fail('validation_failed', undefined, [{ path: 'profile', message: 'safety.not_yourself' }]);
  const [target] = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, input.profile))
    .limit(1);
  if (!target) return fail('not_found');
  if (input.conversation !== undefined) {
    const view = await conversationFor(ctx, reporterId, input.conversation);
    if (!view || view.otherId !== input.profile) return fail('not_found');
  }
  await ctx.db.insert(reports).values({
    reporterId,
    profileId: input.profile,
    conversationId: input.conversation ?? null,
    reason: input.reason,
    details: input.details || null,
    createdAt: ctx.clock.now(),
  });
  ctx.log.info('profile reported', { reporterId, profileId: input.profile, reason: input.reason });
  return ok({ reported: true });
}
