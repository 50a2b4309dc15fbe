/**
 * `GET /healthz` and `GET /readyz` (docs/architecture.md §3 Starting, health and restarts), answered
 * by app-server.mjs before the static files and the app: no page context, no session, no log line,
 * no rate limit.
 * - `/healthz`: 200 while the process runs (a process manager's liveness check);
 * - `/readyz`: 200 when the process should get traffic, else 503 (starting, draining, database not
 *   answering, jobs stopped), with the report as JSON: `{ ready, state, database, migrations, jobs }`.
 */

/** The paths this module answers. */
export const HEALTH_PATHS = ['/healthz', '/readyz'];

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

/**
 * A request handler for the two paths.
 * @param {() => Promise<{ ready: boolean }>} readiness the process's readiness report
 *   (dist/server/lifecycle.mjs `readiness()`); a rejection counts as not ready.
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean}
 *   true when it answered the request (the caller does nothing more with it).
 */
export function healthResponder(readiness) {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!HEALTH_PATHS.includes(path)) return false;
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      sendJson(res, 405, { error: { code: 'method_not_allowed', message: 'errors.method_not_allowed' } });
    } else if (path === '/healthz') sendJson(res, 200, { status: 'ok' });
    else
      readiness().then(
        (report) => sendJson(res, report.ready ? 200 : 503, report),
        () => sendJson(res, 503, { ready: false }),
      );
    return true;
  };
}
