import { z } from 'zod';
import type { AppContext } from '../context';
import { SANDBOX_OUTCOMES, sandboxOf } from '../payments';
import { PAYMENT_WEBHOOK_PATH } from '../payments';
import { readLimitedBytes } from './parse';

/** What the sandbox checkout page renders, or a response to send instead. */
export type SandboxCheckoutOutcome =
  | { kind: 'page'; payment: { amountCents: number; currency: string; description: string; status: string } }
  | { kind: 'response'; response: Response };

const outcomeField = z.enum(SANDBOX_OUTCOMES);
/** What a sandbox payment id can look like (`tr_sb_…`); anything else is unknown without a query. */
const SANDBOX_PAYMENT_ID = /^[\w-]{1,100}$/;

/**
 * `GET|POST /payments/sandbox/:paymentId` (docs/product.md §11 sandbox provider): the sandbox's
 * hosted checkout. GET shows the payment; POST (`outcome` = paid, failed, canceled, expired, or
 * refunded: paid now and refunded by the "bank" a few seconds later) completes it, delivers the provider's webhook to this server in the background, as a real
 * provider would, and sends the payer back to the shop (303). 404 when the sandbox is not this
 * server's provider or the payment is unknown (also an id no payment can have, e.g. with a NUL).
 */
export async function sandboxCheckout(
  ctx: AppContext,
  request: Request,
  paymentId: string,
): Promise<SandboxCheckoutOutcome> {
  const notFound = { kind: 'response', response: new Response('Not Found', { status: 404 }) } as const;
  const sandbox = sandboxOf(ctx.payments);
  if (!sandbox || !SANDBOX_PAYMENT_ID.test(paymentId)) return notFound;
  if (request.method === 'POST') {
    const bytes = await readLimitedBytes(request, 1024);
    const outcome = outcomeField.safeParse(bytes && new URLSearchParams(bytes.toString('utf8')).get('outcome'));
    if (!outcome.success) return { kind: 'response', response: new Response('Bad Request', { status: 400 }) };
    const completed = await sandbox.complete(paymentId, outcome.data);
    if (completed) deliverWebhook(ctx, paymentId, completed.webhookUrl, SANDBOX_WEBHOOK_DELAY_MS);
    if (completed && outcome.data === 'refunded') refundLater(ctx, paymentId, completed.webhookUrl);
    const back = completed?.redirectUrl ?? null;
    if (back) return { kind: 'response', response: new Response(null, { status: 303, headers: { location: back } }) };
  }
  const payment = await sandbox.checkout(paymentId);
  return payment ? { kind: 'page', payment } : notFound;
}

/** How long after the payer's choice the sandbox reports it, and refunds a `refunded` payment (ms). */
export const SANDBOX_WEBHOOK_DELAY_MS = 1_000;
export const SANDBOX_REFUND_DELAY_MS = 5_000;

/**
 * The sandbox's "later refunded" test outcome: refunds the payment in full after
 * `SANDBOX_REFUND_DELAY_MS` and reports it. A restart in between loses the refund (test mode only).
 */
function refundLater(ctx: AppContext, paymentId: string, webhookUrl: string): void {
  setTimeout(() => {
    void (async () => {
      const sandbox = sandboxOf(ctx.payments);
      const payment = await sandbox?.getPayment(paymentId);
      if (!sandbox || !payment) return;
      await sandbox.refundPayment(paymentId, payment.amountCents, payment.currency);
      deliverWebhook(ctx, paymentId, webhookUrl, 0);
    })().catch((error: unknown) => ctx.log.warn('sandbox refund failed', { error }));
  }, SANDBOX_REFUND_DELAY_MS).unref();
}

/**
 * Posts `id=<payment id>` to this server's own webhook, over loopback (never to an address a
 * request named), `delayMs` after the payer's choice, like a provider's asynchronous notification.
 * The payment's webhook URL only names the site (its host goes in `original-host`).
 */
function deliverWebhook(ctx: AppContext, paymentId: string, webhookUrl: string, delayMs: number): void {
  const url = `http://localhost:${ctx.config.port}${PAYMENT_WEBHOOK_PATH}`;
  const host = URL.parse(webhookUrl)?.host ?? '';
  setTimeout(() => {
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'original-host': host },
      body: new URLSearchParams({ id: paymentId }),
    }).catch((error: unknown) => ctx.log.warn('sandbox webhook delivery failed', { error }));
  }, delayMs).unref();
}
