import type { SignupPayload } from '~/shared/contracts/auth';
import { fail, ok, type Result } from '~/shared/errors';
import { isNameEqualToEmail } from '~/shared/rules/signup-rules';
import type { TrackingRecordValue } from '~/shared/tracking';
import { recordConversion } from '../affiliates';
import { attributionOf } from '../affiliates';
import { hashPassword } from '../platform/passwords/passwords';
import type { AppContext } from '../context';
import { grantCredits } from '../credits';
import { profiles, users } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { findAccount, mailproviderOf } from '../platform/accounts/find-account';
import type { SiteConfig } from '../platform/sites/site-config';
import { accessFor } from '../platform/sites/visitor-access';

export interface CreateAccountInput {
  site: SiteConfig;
  payload: SignupPayload;
  /** The tracking record the visitor came with (the lander's cookie), docs/product.md §3. */
  tracking: TrackingRecordValue | null;
}

/**
 * docs/product.md §2 Signup step 0: creates the account and its profile in one transaction.
 * Failures: `signups_closed` (docs/product.md §5 rule), `validation_failed` (name equals e-mail),
 * `account_exists` for the address of a live (active or unconfirmed) account on this site. The
 * address of a deleted account may sign up again (docs/product.md §10 Account deletion): a new,
 * empty account — nothing of the deleted one comes back.
 * @returns the new user id.
 */
export async function createAccount(
  ctx: AppContext,
  { site, payload, tracking }: CreateAccountInput,
): Promise<Result<{ userId: number }, 'signups_closed' | 'validation_failed' | 'account_exists'>> {
  if (!accessFor(site, false, tracking?.network ?? payload.trafficsource).canSignUp) return fail('signups_closed');
  if (isNameEqualToEmail(payload.name, payload.email)) {
    return fail('validation_failed', undefined, [{ path: 'name', message: 'signup.name_equal_to_email' }]);
  }
  const existing = await findAccount(ctx, site.package_name, payload.email);
  if (existing && existing.status !== 'deleted') return fail('account_exists');

  const passwordHash = await hashPassword(payload.password);
  const now = ctx.clock.now();
  try {
    const userId = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          site: site.package_name,
          email: payload.email,
          passwordHash,
          mailprovider: mailproviderOf(payload.email),
          trafficsource: payload.trafficsource,
          timezone: payload.timezone,
          referrer: payload.referrer,
          formPath: payload.form_path,
          userAgent: payload.n,
          originatingProfileId: payload.profile,
          tracking: attributionOf(site, tracking),
          createdAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('insert returned no row');
      await tx.insert(profiles).values({
        id: user.id,
        name: payload.name,
        country: payload.country,
        language: payload.language,
        lastSignupStep: 1,
        lastActiveAt: now,
      });
      if (site.welcome_credits > 0) await grantCredits(tx, user.id, site.welcome_credits, 'welcome');
      await recordConversion(tx, ctx.sites, { userId: user.id, event: 'signup', now });
      return user.id;
    });
    return ok({ userId });
  } catch (error) {
    // Two signups racing for one address: the unique index decides.
    if (isUniqueViolation(error)) return fail('account_exists');
    throw error;
  }
}
