import { ALLOWED_VALUES, profileFieldsContract } from '~/shared/contracts/profile-update';
import { ok } from '~/shared/errors';
import { defineOperation } from '../api';

/** `GET /api/profile_fields.php` (docs/product.md §7): `allowed_values` per profile field. */
export const profileFieldsEndpoint = [
  defineOperation(profileFieldsContract, async () =>
    ok({
      allowed_values: Object.fromEntries(Object.entries(ALLOWED_VALUES).map(([field, values]) => [field, [...values]])),
    }),
  ),
];
