import { atom } from 'nanostores';
import { callApi } from '../client/api';
import * as routes from '~/shared/contracts/routes';

/** Allowed values per profile field (`GET /api/profile_fields.php`, docs/product.md §5); empty until loaded. */
export const $profileFields = atom<Record<string, string[]>>({});

/** Loads the allowed values; a failure is logged and leaves the fields as they were (the step stays usable). */
export async function loadProfileFields(): Promise<void> {
  try {
    $profileFields.set((await callApi(routes.profileFields)).allowed_values);
  } catch (failure) {
    console.warn('profile fields failed', failure);
  }
}
