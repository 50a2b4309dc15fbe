/**
 * The production server's request series (docs/architecture.md §5 Metrics), recorded by
 * app-server.mjs for every request but `/metrics` itself:
 * - `amora_http_requests_total{route, method, status}`: requests answered (a rate in Prometheus);
 * - `amora_http_request_duration_seconds{route, method}`: time from the request's arrival to the
 *   last byte of the answer, or to the client going away. Event streams are counted but not
 *   timed (their duration is the visitor's stay, not latency).
 * `route` is a route NAME, never a URL: the Astro middleware writes the matched route's name
 * (src/server/metrics/route-name.ts) into the locals this module hands to the app; `static` is a
 * file the static server answered (or a missing `/_astro/` file), `unmatched` a request the app
 * matched to no route, `invalid` a path that does not decode.
 *
 * The series go to prom-client's default registry, the same one the app's series use (the build
 * imports prom-client from node_modules, so both share the module).
 */
import client from 'prom-client';

/** The path of the scrape endpoint (src/pages/metrics.ts): never measured itself. */
export const METRICS_PATH = '/metrics';
/** Methods kept as label values; anything else is `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Latency buckets (s): sub-10 ms static files up to slow pages. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Route names this module assigns itself. */
const ROUTE_STATIC = 'static';
export const ROUTE_UNMATCHED = 'unmatched';
export const ROUTE_INVALID = 'invalid';

const { register } = client;
const requests =
  register.getSingleMetric('amora_http_requests_total') ??
  new client.Counter({
    name: 'amora_http_requests_total',
    help: 'HTTP requests answered, by route name, method and status.',
    labelNames: ['route', 'method', 'status'],
  });
const duration =
  register.getSingleMetric('amora_http_request_duration_seconds') ??
  new client.Histogram({
    name: 'amora_http_request_duration_seconds',
    help: 'HTTP request duration by route name and method (event streams excluded).',
    labelNames: ['route', 'method'],
    buckets: BUCKETS,
  });

/**
 * Starts measuring one request; the measurement is recorded when `res` closes.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @returns {{ metricsRoute: string }} the locals to hand to the Astro app (its middleware names
 *   the route there); set `metricsRoute` for answers the app does not give. Starts as `static`.
 */
export function measureRequest(req, res) {
  const locals = { metricsRoute: ROUTE_STATIC };
  const path = (req.url ?? '/').split('?', 1)[0];
  if (path === METRICS_PATH) return locals;
  const end = duration.startTimer();
  res.once('close', () => {
    const route = locals.metricsRoute;
    const method = METHODS.has(req.method ?? '') ? req.method : 'other';
    requests.inc({ route, method, status: String(res.statusCode) });
    if (/^text\/event-stream\b/i.test(String(res.getHeader('content-type') ?? ''))) return;
    end({ route, method });
  });
  return locals;
}
