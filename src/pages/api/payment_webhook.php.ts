import type { APIRoute } from 'astro';
import { getAppContext } from '~/server/app';
import { clientAddressOf } from '~/server/http/client-address';
import { paymentWebhookResponse } from '~/server/http/payment-webhook';

export const ALL: APIRoute = async (route) => {
  const ctx = await getAppContext();
  return paymentWebhookResponse(ctx, route.request, clientAddressOf(route, ctx.config.trustedProxies));
};
