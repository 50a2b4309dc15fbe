import type { TrackingRecordValue } from '~/shared/tracking';
import type { SiteConfig } from '../platform/sites/site-config';
import { isLanderDesign } from '~/shared/landers/lander-slug';
import { isKnownVariant } from './experiments';

/**
 * The tracking record an account keeps (docs/product.md §3, §12): as the visitor brought it, but
 * `lander` only when it names a lander design and `variant` only when it names a variant of one of
 * the site's experiments, so a made-up value cannot enter the lander report or a postback.
 * @returns the record, or null when nothing is left.
 */
export function attributionOf(site: SiteConfig, tracking: TrackingRecordValue | null): TrackingRecordValue | null {
  if (!tracking) return null;
  const { lander, variant, ...rest } = tracking;
  const kept: TrackingRecordValue = {
    ...rest,
    ...(lander && isLanderDesign(lander) ? { lander } : {}),
    ...(variant && isKnownVariant(site, variant) ? { variant } : {}),
  };
  return Object.keys(kept).length > 0 ? kept : null;
}
