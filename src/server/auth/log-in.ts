import { eq } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { profiles } from '../db/schema';
import { accountRestriction } from '../platform/accounts/member-restriction';
import { findAccount } from '../platform/accounts/find-account';
import { issueDeviceToken, isKnownDevice } from './known-device';
import { admitUnknownDevice, forgetAdmission, memberPaceKey } from '../platform/rate-limit/login-pace';
import { verifyPassword } from '../platform/passwords/passwords';
import { hitRateLimit, rateLimited, refundRateLimit } from '../platform/rate-limit/rate-limit';

/**
 * One log-in attempt on a site (docs/product.md §10 Log-in limits). Only failed attempts count:
 * each attempt is counted first (so parallel guesses cannot pass a limit together) and given back
 * when the password is right, so members sharing an address never hold each other back. First
 * the limit per client address (fixed window). Then the account: a device known for it (the
 * signed device cookie of an earlier log-in, `deviceToken`) is never held back by the
 * account's attempts, so strangers guessing its password cannot lock its owner out; any other
 * device is slowed down with a growing wait once the account had too many attempts from
 * unknown devices, but never locked. Unknown e-mail, deleted account and wrong password all
 * give the same `invalid_credentials` answer, in the same time.
 * @param input.email as the login contract normalises it (trimmed, lower case).
 * A suspended or banned member (docs/product.md §13 Member actions) gets `account_suspended` /
 * `account_banned`, only after the right password, so strangers learn nothing about the account.
 * @returns the user id and a fresh device token to remember this device by;
 *   `rate_limited` (with `retryAfterS`) when a limit holds the attempt back.
 */
export async function logIn(
  ctx: AppContext,
  input: { site: string; email: string; password: string; clientAddress: string; deviceToken?: string },
): Promise<
  Result<
    { userId: number; deviceToken: string },
    'invalid_credentials' | 'rate_limited' | 'account_suspended' | 'account_banned'
  >
> {
  const addressKey = `ip:${input.clientAddress}`;
  const byAddress = await hitRateLimit(ctx, 'login', addressKey);
  if (!byAddress.allowed) return rateLimited(byAddress.retryAfterS);
  const account = await findAccount(ctx, input.site, input.email);
  const usable = account && account.status !== 'deleted' ? account : null;
  const paceKey = memberPaceKey(input.site, input.email);
  let admittedAt: Date | null = null;
  if (!usable || !isKnownDevice(ctx, input.deviceToken, input.site, usable.id)) {
    const pace = await admitUnknownDevice(ctx, paceKey);
    if (!pace.allowed) return rateLimited(pace.retryAfterS);
    admittedAt = pace.admittedAt;
  }
  const valid = await verifyPassword(usable?.passwordHash ?? null, input.password);
  if (!usable || !valid) return fail('invalid_credentials');
  await refundRateLimit(ctx, 'login', addressKey, byAddress.windowStart);
  if (admittedAt) await forgetAdmission(ctx, paceKey, admittedAt);
  const restriction = await accountRestriction(ctx, usable.id);
  if (restriction) return fail(restriction);
  await ctx.db.update(profiles).set({ lastActiveAt: ctx.clock.now() }).where(eq(profiles.id, usable.id));
  return ok({ userId: usable.id, deviceToken: issueDeviceToken(ctx, input.site, usable.id) });
}
