import type { APIRoute } from 'astro';
import { getAppContext } from '~/server/app';
import { paymentWebhookResponse } from '~/server/http/payment-webhook';

export const ALL: APIRoute = async ({ request }) => paymentWebhookResponse(await getAppContext(), request);
