import { atom } from 'nanostores';
import { callApi } from '../client/api';
import type { PublicSettings } from '~/shared/contracts/settings';
import * as routes from '~/shared/contracts/routes';

/** Site settings from `GET /api/settings.php` (docs/product.md §3), loaded once on demand. */
export const $settings = atom<PublicSettings | null>(null);
let loading: Promise<PublicSettings> | null = null;

/** Loads the settings once; later calls share the first request. @throws ApiError */
export function loadSettings(): Promise<PublicSettings> {
  const current = $settings.get();
  if (current) return Promise.resolve(current);
  loading ??= callApi(routes.settings)
    .then((settings) => {
      $settings.set(settings);
      return settings;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}
