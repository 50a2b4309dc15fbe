import { STATUS_CODES } from 'node:http';
import { isbot } from 'isbot';

/** docs/product.md §2: bots do not get the error page; they get this plain answer. */
export function plainErrorForBot(userAgent: string | null, status: number, text: string): Response | null {
  if (!isbot(userAgent)) return null;
  return new Response(`${status} ${text}`, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * The plain answer that replaces an HTML error page (status ≥ 400) for a bot,
 * whichever route rendered it; null when the request is no bot's or the
 * response is no HTML error.
 */
export function botErrorResponse(userAgent: string | null, response: Response): Response | null {
  if (response.status < 400 || !response.headers.get('content-type')?.startsWith('text/html')) return null;
  return plainErrorForBot(userAgent, response.status, STATUS_CODES[response.status] ?? 'Error');
}
