import { z } from 'zod';
import { GENDERS } from '../constants';
import { ALLOWED_VALUES } from '../profile-fields';
import { cityRule } from '../rules/profile-rules';
import { emailRule, nameRule } from '../rules/signup-rules';
import { defineContract, noParams } from './define';
import { textField } from './fields';
import { userSchema } from './profile';
import * as routes from './routes';
import { PERSONAL_MAX_LENGTH } from './values';

export { PERSONAL_MAX_LENGTH };

/**
 * `PUT /api/user.php` (docs/product.md §7): country, countryregion, city; or the whole
 * profile with lastSignupStep; `name` from /profile (docs/product.md §10). Every field is
 * optional; null clears it (the name cannot be cleared).
 */
export const profileUpdateSchema = z.strictObject({
  name: nameRule.optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'validation.country' })
    .nullable()
    .optional(),
  countryregion: textField().max(16).nullable().optional(),
  city: cityRule.nullable().optional(),
  gender: z.enum(GENDERS).nullable().optional(),
  date_of_birth: textField().max(10).nullable().optional(),
  /** Field name → allowed value; null removes the answer. Fields left out keep theirs. */
  fields: z.record(textField().max(40), textField().max(40).nullable()).optional(),
  personal: textField().max(PERSONAL_MAX_LENGTH, { error: 'validation.max_length' }).nullable().optional(),
  lastSignupStep: z.number().int().min(0).max(7).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profileUpdateContract = defineContract({
  ...routes.profileUpdate,
  auth: 'member',
  query: noParams,
  body: profileUpdateSchema,
  response: z.object({ user: userSchema }),
  errors: ['validation_failed', 'not_logged_in'],
});

/**
 * `PUT /api/user.php?email=1`: the signup wizard's "wrong address" step — a new address for an
 * account not confirmed yet (confirmed by a new activation mail). A confirmed account gets 409
 * `conflict` (`email_change.confirmed_use_profile`): it changes its address through
 * `/api/mailchange.php` (docs/product.md §10 E-mail change).
 */
export const emailChangeContract = defineContract({
  ...routes.emailChange,
  auth: 'member',
  query: z.strictObject({ email: z.literal('1') }),
  body: z.strictObject({ email: emailRule }),
  response: z.object({ user: userSchema }),
  errors: ['validation_failed', 'not_logged_in', 'account_exists', 'conflict'],
});

/** `GET /api/profile_fields.php` (docs/product.md §7): allowed values per field. */
export const profileFieldsContract = defineContract({
  ...routes.profileFields,
  auth: 'visitor',
  query: noParams,
  body: z.undefined(),
  response: z.object({ allowed_values: z.record(z.string(), z.array(z.string())) }),
  errors: [],
});

export { ALLOWED_VALUES };
