/**
 * The production HTTP server around the Astro app (docs/architecture.md §3 Serving and
 * compression). Each request goes, in order, through:
 * 1. the method guard (method-guard.mjs: a TRACE is a 405, not the adapter's 500) and a check
 *    that the path decodes (else 400, as the adapter's own server did);
 * 2. `X-Content-Type-Options: nosniff` on every answer;
 * 3. the build's static files (sirv, GET and HEAD only), sending the `.br`/`.gz` copy the build
 *    wrote (precompress.mjs) when the client accepts it, with `Vary: Accept-Encoding`; hashed
 *    `/_astro/` files are cached for a year, the others revalidate (`/sw.js` must never be stale);
 *    a `/_astro/` file that is not in the build is a plain 404 here (the app never sees it);
 *    `/sites/…` (the pre-rendered files' static copies) go to the app instead, which serves a
 *    site's copy only on its hosts and with the pages' security headers;
 * 4. compression of what the app answers (the `compression` middleware: brotli, else gzip, by
 *    `Accept-Encoding`, for compressible types over 1 KB), except event streams, which must
 *    reach the browser event by event;
 * 5. the Astro app (the node adapter's handler in middleware mode).
 * Every request but `/metrics` is counted and timed by route name (metrics-http.mjs).
 */
import http from 'node:http';
import zlib from 'node:zlib';
import compression from 'compression';
import sirv from 'sirv';
import { guardRequestMethods } from './method-guard.mjs';
import { measureRequest, ROUTE_INVALID, ROUTE_UNMATCHED } from './metrics-http.mjs';

/** Cache-Control of content-hashed build files. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of other static files: the browser may keep them but asks first. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Brotli quality for answers compressed at request time: fast, still ~15 % smaller than gzip. */
const DYNAMIC_BROTLI_QUALITY = 5;

/**
 * Whether the app's answer should be compressed: never an event stream (the browser must get
 * each event as it is written), otherwise the middleware's own rule (compressible types).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function shouldCompress(req, res) {
  const type = String(res.getHeader('content-type') ?? '');
  if (/^text\/event-stream\b/i.test(type)) return false;
  return compression.filter(req, res);
}

/** True when `url`'s path can be decoded (a malformed escape such as `/%E0%A4%A` cannot). */
function decodable(url) {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

/** `/_astro/…` holds only the build's own files: one that is not there is a plain 404, not a page. */
function isBuildAsset(url = '/') {
  return url.startsWith('/_astro/');
}

/**
 * `/sites/{site}/…`, the pre-rendered files' static copies: the app serves them (only on the
 * site's own hosts, with the pages' security headers), never the static server.
 */
function isSiteCopy(url = '/') {
  return url.startsWith('/sites/');
}

/** A plain 404 without running the app (nothing to log: an old or mistyped asset URL). */
function notFound(res) {
  const body = 'Not Found';
  res.writeHead(404, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** Idle keep-alive connections stay open this long (ms): above load balancers' 60 s idle timeout. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * The server (not listening yet).
 * @param {{ clientDir: string, app: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next?: () => void) => unknown, health?: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean }} options
 *   `clientDir`: the build's static folder; `app`: the adapter's request handler; `health`: the
 *   `/healthz` and `/readyz` responder (health.mjs `healthResponder`), true when it answered.
 * @returns {import('node:http').Server}
 */
export function createAppServer({ clientDir, app, health }) {
  const statics = sirv(clientDir, {
    etag: true,
    brotli: true,
    gzip: true,
    dotfiles: false,
    setHeaders: (res, pathname) =>
      res.setHeader('Cache-Control', pathname.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE),
  });
  const compress = compression({
    filter: shouldCompress,
    threshold: 1024,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
  // Metrics (docs/architecture.md §5): the locals carry the route's name from the app's middleware.
  const toApp = (req, res, locals) => {
    locals.metricsRoute = ROUTE_UNMATCHED;
    compress(req, res, () => app(req, res, undefined, locals));
  };
  const server = http.createServer((req, res) => {
    if (health?.(req, res)) return;
    const locals = measureRequest(req, res);
    if (!decodable(req.url ?? '/')) {
      locals.metricsRoute = ROUTE_INVALID;
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
      res.end('Bad request.');
      return;
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if ((req.method === 'GET' || req.method === 'HEAD') && !isSiteCopy(req.url))
      statics(req, res, () => (isBuildAsset(req.url) ? notFound(res) : toApp(req, res, locals)));
    else toApp(req, res, locals);
  });
  // A load balancer (or any keep-alive client) reuses an idle connection until its own idle
  // timeout; if the server closes it first, a request sent in that instant is reset. Node's
  // default of 5 s is below the usual balancer timeout (60 s), so the server waits longer.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  guardRequestMethods(server);
  return server;
}
