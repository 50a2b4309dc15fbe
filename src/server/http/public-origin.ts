import { siteOrigin } from '../platform/sites/site-origin';
import type { ApiRequest } from './api';

/**
 * The origin to put in links an API call sends out (activation, password and e-mail-change
 * mails, the payment provider's redirect and webhook URLs): the calling site's configured public
 * origin (siteOrigin(), docs/product.md §3 Settings). The request's `Host`, `original-host` and
 * `X-Forwarded-Host` are never read: a caller could name any host and have a genuine token mailed
 * in a link to it.
 */
export function publicOrigin(req: Pick<ApiRequest, 'ctx' | 'site'>): string {
  return siteOrigin(req.ctx, req.site);
}
