/**
 * Request methods the HTTP server parses but a WHATWG `Request` refuses (`TRACE`; Node
 * answers `TRACK` and unknown tokens with 400 itself and never hands `CONNECT` to a request
 * handler). The Astro node adapter builds a `Request` for every call, so it would answer
 * such a method with a logged 500 before the app runs; the server answers it here instead
 * with 405 and `Allow` (docs/product.md §8 `method_not_allowed`), and nothing else runs.
 */

/** The methods the app serves somewhere (pages, the API), for the `Allow` header. */
export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS';

/** Whether `fetch`'s `Request` (and so the app) can take `method`. */
export function isRequestMethod(method) {
  try {
    new Request('http://localhost/', { method });
    return true;
  } catch {
    return false;
  }
}

/** The API's error body (`/api/*` answers JSON everywhere), else plain text. */
function refusal(url) {
  if (url.startsWith('/api/')) {
    const error = { code: 'method_not_allowed', message: 'errors.method_not_allowed' };
    return { type: 'application/json; charset=utf-8', body: JSON.stringify({ error }) };
  }
  return { type: 'text/plain; charset=utf-8', body: '405 Method Not Allowed' };
}

/**
 * Puts a method check in front of `server`'s request listeners (the adapter's handler):
 * a method `Request` refuses gets a 405 and never reaches them.
 * @param {import('node:http').Server} server
 */
export function guardRequestMethods(server) {
  const listeners = server.listeners('request');
  server.removeAllListeners('request');
  server.on('request', (req, res) => {
    if (isRequestMethod(req.method ?? 'GET')) {
      for (const listener of listeners) listener.call(server, req, res);
      return;
    }
    req.resume();
    const { type, body } = refusal(req.url ?? '/');
    res.writeHead(405, {
      allow: ALLOWED_METHODS,
      'content-type': type,
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(body);
  });
}
