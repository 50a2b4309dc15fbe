/**
 * `GET /metrics` (docs/architecture.md §5 Metrics): the Prometheus text of the server, for a
 * scraper allowed by METRICS_TOKEN (Bearer) or METRICS_ALLOWED_IPS (metrics-access.ts). The
 * answers: 200 with the series; 404 when neither is configured; 401 (with `WWW-Authenticate`)
 * for a missing or wrong token; 403 for an address outside the list when no token is configured;
 * 503 when the cluster primary does not answer. Never cached; no request log, no rate limit.
 */
import type { AppContext } from '../context';
import { metricsAccess } from '../metrics';
import { METRICS_CONTENT_TYPE, scrapeMetrics } from '../metrics';
import { clientAddressOf, type AddressedRoute } from './client-address';

function plain(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** Answers one scrape of `/metrics` as the route gets it. */
export async function metricsResponse(
  ctx: Pick<AppContext, 'config' | 'log'>,
  route: AddressedRoute,
): Promise<Response> {
  const access = metricsAccess(ctx.config.metrics, {
    clientAddress: clientAddressOf(route, ctx.config.trustedProxies),
    authorization: route.request.headers.get('authorization'),
  });
  if (access === 'not_configured') return plain(404, 'Not Found');
  if (access === 'unauthorized') return plain(401, 'Unauthorized', { 'www-authenticate': 'Bearer realm="metrics"' });
  if (access === 'forbidden') return plain(403, 'Forbidden');
  try {
    return new Response(await scrapeMetrics(), {
      headers: { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' },
    });
  } catch (error) {
    ctx.log.error('metrics: scrape failed', { error });
    return plain(503, 'Metrics unavailable');
  }
}
