import { z } from 'zod';
import { defineContract, noParams } from './define';
import * as routes from './routes';
import { companySchema, publicSettingsSchema } from './settings';

/**
 * `GET /api/regions.php?country=` (docs/product.md §7): `{ region_data }`, per country of the site
 * its regions (`id`, `name` in the request's locale), the same as in the Settings (docs/product.md §3);
 * `country` narrows it to that one, which must be one of the site's countries (else 422,
 * `validation.country`).
 */
export const regionsContract = defineContract({
  ...routes.regions,
  auth: 'visitor',
  query: z.strictObject({
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: 'validation.country' })
      .optional(),
  }),
  body: z.undefined(),
  response: z.object({ region_data: publicSettingsSchema.shape.region_data }),
  errors: ['validation_failed'],
});

/** One allowed value of a profile field with its label in the request's locale. */
export const fieldChoiceSchema = z.object({ value: z.string(), label: z.string() });

/**
 * `GET /api/interests.php` (docs/product.md §7): `{ fields }`, per profile field (gender and the
 * optional fields, the `allowed_values` of `GET /api/profile_fields.php`) its allowed values with
 * their labels in the request's locale.
 */
export const interestsContract = defineContract({
  ...routes.interests,
  auth: 'visitor',
  query: noParams,
  body: z.undefined(),
  response: z.object({ fields: z.record(z.string(), z.array(fieldChoiceSchema)) }),
  errors: [],
});

/**
 * `GET /api/companyinfo.php` (docs/product.md §7): `{ company }`, the site's company fields of
 * docs/product.md §3 Settings, `support_email` always filled in.
 */
export const companyInfoContract = defineContract({
  ...routes.companyInfo,
  auth: 'visitor',
  query: noParams,
  body: z.undefined(),
  response: z.object({ company: companySchema.required({ support_email: true }) }),
  errors: [],
});
