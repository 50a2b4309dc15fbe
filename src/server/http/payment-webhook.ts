import { z } from 'zod';
import { hitRateLimit } from '../platform/rate-limit/rate-limit';
import type { AppContext } from '../context';
import { PaymentProviderError } from '../payments';
import { settleTransaction } from '../payments';
import { resolveSiteForPage } from '../sites';
import { readLimitedBytes } from './parse';
import { errorResponse } from './responses';

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
const webhookId = z.string().regex(/^[\w-]{1,100}$/);

/**
 * `POST /api/payment_webhook.php` (docs/product.md §11 Exactly once): the provider says a
 * payment changed, posting `id=<payment id>` (form-encoded, as Mollie does). The body is only
 * used to know which payment to ask the provider about. Answers 200 for a known and an unknown
 * payment alike (nothing to learn from it), 400 for a malformed body, and 503 when the provider
 * cannot be reached, so the provider delivers again later. Anonymous, so limited per client
 * address (docs/product.md §11 Limits: 120 a minute, every request counts): beyond it 429
 * `rate_limited` (`errors.rate_limited`) with Retry-After, which a provider retries later.
 */
export async function paymentWebhookResponse(
  ctx: AppContext,
  request: Request,
  clientAddress: string,
): Promise<Response> {
  if (request.method !== 'POST') return plain(405, 'Method Not Allowed');
  const limit = await hitRateLimit(ctx, 'paymentWebhook', `ip:${clientAddress}`);
  if (!limit.allowed)
    return errorResponse('rate_limited', 'errors.rate_limited', undefined, {
      'retry-after': String(limit.retryAfterS),
    });
  const bytes = await readLimitedBytes(request, 4096);
  if (!bytes) return plain(413, 'Payload Too Large');
  const id = webhookId.safeParse(new URLSearchParams(bytes.toString('utf8')).get('id'));
  if (!id.success) return plain(400, 'Bad Request');
  try {
    await settleTransaction(ctx, id.data, { site: resolveSiteForPage(ctx.sites, request.headers).package_name });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.log.warn('payment webhook: provider unreachable', { error });
    return plain(503, 'Service Unavailable');
  }
  return plain(200, 'OK');
}
