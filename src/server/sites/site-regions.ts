import { fail, ok, type Result } from '~/shared/errors';
import type { Locale } from '~/shared/locales';
import { regionDataOf, type Region } from '../geo';
import type { SiteConfig } from '../platform/sites/site-config';

/**
 * `GET /api/regions.php` (docs/product.md §7): `{ region_data }`, the regions per country of the
 * site's `countries` named in `locale`, the same as in the public Settings (docs/product.md §3),
 * or only `country`'s when given. A country the site does not serve fails `validation_failed`
 * with the issue `country: validation.country`.
 */
export function siteRegions(
  site: SiteConfig,
  locale: Locale,
  country?: string,
): Result<{ region_data: Record<string, Region[]> }, 'validation_failed'> {
  if (country !== undefined && !site.countries.includes(country)) {
    return fail('validation_failed', undefined, [{ path: 'country', message: 'validation.country' }]);
  }
  return ok({ region_data: regionDataOf(country === undefined ? site.countries : [country], locale) });
}
