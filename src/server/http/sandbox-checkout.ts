import { z } from 'zod';
import type { AppContext } from '../context';
import { SANDBOX_OUTCOMES, sandboxOf } from '../payments/sandbox-provider';
import { PAYMENT_WEBHOOK_PATH } from '../payments/start-purchase';
import { readLimitedBytes } from './parse';

/** What the sandbox checkout page renders, or a response to send instead. */
export type SandboxCheckoutOutcome =
  | { kind: 'page'; payment: { amountCents: number; currency: string; description: string; status: string } }
  | { kind: 'response'; response: Response };

const outcomeField = z.enum(SANDBOX_OUTCOMES);

/**
 * `GET|POST /payments/sandbox/:paymentId` (docs/product.md §11 sandbox provider): the sandbox's
 * hosted checkout. GET shows the payment; POST (`outcome` = paid, failed, canceled or expired)
 * completes it, delivers the provider's webhook to this server in the background, as a real
 * provider would, and sends the payer back to the shop (303). 404 when the sandbox is not this
 * server's provider or the payment is unknown.
 */
export async function sandboxCheckout(
  ctx: AppContext,
  request: Request,
  paymentId: string,
): Promise<SandboxCheckoutOutcome> {
  const notFound = { kind: 'response', response: new Response('Not Found', { status: 404 }) } as const;
  const sandbox = sandboxOf(ctx.payments);
  if (!sandbox) return notFound;
  if (request.method === 'POST') {
    const bytes = await readLimitedBytes(request, 1024);
    const outcome = outcomeField.safeParse(bytes && new URLSearchParams(bytes.toString('utf8')).get('outcome'));
    if (!outcome.success) return { kind: 'response', response: new Response('Bad Request', { status: 400 }) };
    const completed = await sandbox.complete(paymentId, outcome.data);
    if (completed) deliverWebhook(ctx, paymentId);
    const back = completed?.redirectUrl ?? null;
    if (back) return { kind: 'response', response: new Response(null, { status: 303, headers: { location: back } }) };
  }
  const payment = await sandbox.checkout(paymentId);
  return payment ? { kind: 'page', payment } : notFound;
}

/**
 * Posts `id=<payment id>` to this server's own webhook, over loopback (never to an address a
 * request named), shortly after the payer's choice, like a provider's asynchronous notification.
 */
function deliverWebhook(ctx: AppContext, paymentId: string): void {
  const url = `http://localhost:${ctx.config.port}${PAYMENT_WEBHOOK_PATH}`;
  setTimeout(() => {
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: paymentId }),
    }).catch((error: unknown) => ctx.log.warn('sandbox webhook delivery failed', { error }));
  }, 1_000).unref();
}
