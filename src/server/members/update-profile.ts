import { eq } from 'drizzle-orm';
import countries from 'i18n-iso-countries';
import type { ProfileUpdate } from '~/shared/contracts/profile-update';
import { fail, ok, type ApiIssue, type Result } from '~/shared/errors';
import { isAllowedFieldValue } from '~/shared/profile-fields';
import { checkDateOfBirth } from '~/shared/rules/profile-rules';
import { isNameEqualToEmail } from '~/shared/rules/signup-rules';
import { nextStepValue } from '~/shared/rules/signup-steps';
import type { AppContext } from '../context';
import { profiles, users } from '../db/schema';
import { isRegionOf } from '../geo';

/** The stored answers with `changes` applied; a null answer is removed. */
function mergeFields(stored: Record<string, string>, changes: Record<string, string | null>): Record<string, string> {
  const merged = { ...stored };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null) delete merged[field];
    else merged[field] = value;
  }
  return merged;
}

/**
 * docs/product.md §7 `PUT /api/user.php`: updates the member's own profile. Checks the
 * country code, that the region belongs to the country (docs/product.md §5), the date of
 * birth rule, allowed field values, a name that is not the e-mail address (docs/product.md
 * §5, §10); `lastSignupStep` only moves forward.
 * Nothing is written when any field is wrong.
 */
export async function updateProfile(
  ctx: AppContext,
  userId: number,
  update: ProfileUpdate,
): Promise<Result<void, 'validation_failed'>> {
  const [current] = await ctx.db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  if (!current) return fail('validation_failed', undefined, [{ path: '', message: 'errors.not_found' }]);
  const issues: ApiIssue[] = [];
  const country = update.country === undefined ? current.country : update.country;
  if (update.country && !countries.isValid(update.country))
    issues.push({ path: 'country', message: 'validation.country' });
  const region =
    update.countryregion === undefined
      ? update.country !== undefined
        ? null
        : current.countryregion
      : update.countryregion;
  if (region && (!country || !isRegionOf(country, region)))
    issues.push({ path: 'countryregion', message: 'search.region_needs_country' });
  if (update.date_of_birth && checkDateOfBirth(update.date_of_birth, ctx.clock.now())) {
    issues.push({ path: 'date_of_birth', message: 'profile.date_of_birth_error' });
  }
  if (update.name !== undefined) {
    const [account] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (account && isNameEqualToEmail(update.name, account.email))
      issues.push({ path: 'name', message: 'signup.name_equal_to_email' });
  }
  for (const [field, value] of Object.entries(update.fields ?? {})) {
    if (value !== null && !isAllowedFieldValue(field, value))
      issues.push({ path: `fields.${field}`, message: 'validation.not_allowed' });
  }
  if (issues.length > 0) return fail('validation_failed', undefined, issues);

  await ctx.db
    .update(profiles)
    .set({
      country,
      countryregion: region,
      ...(update.city !== undefined || update.country !== undefined ? { city: update.city?.trim() || null } : {}),
      ...(update.name !== undefined ? { name: update.name } : {}),
      ...(update.gender !== undefined ? { gender: update.gender } : {}),
      ...(update.date_of_birth !== undefined ? { dateOfBirth: update.date_of_birth } : {}),
      ...(update.fields !== undefined ? { fields: mergeFields(current.fields, update.fields) } : {}),
      ...(update.personal !== undefined ? { personal: update.personal?.trim() || null } : {}),
      ...(update.lastSignupStep !== undefined
        ? { lastSignupStep: nextStepValue(current.lastSignupStep, update.lastSignupStep) }
        : {}),
      lastActiveAt: ctx.clock.now(),
    })
    .where(eq(profiles.id, userId));
  return ok(undefined);
}
