import type { ApiRequest } from './api';

/**
 * The origin to put in links we send out (activation mail): the `original-host`
 * the browser reported when it is one of the site's own hosts, else the
 * request's own origin — never a host a caller made up.
 */
export function publicOrigin(req: Pick<ApiRequest, 'request' | 'url' | 'site'>): string {
  const reported = req.request.headers.get('original-host')?.trim().toLowerCase();
  const hostname = reported?.split(':')[0];
  if (reported && hostname && req.site.hosts.includes(hostname)) return `${req.url.protocol}//${reported}`;
  return req.url.origin;
}
