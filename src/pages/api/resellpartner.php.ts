import type { APIRoute } from 'astro';
import { getAppContext } from '~/server/app';
import { partnerRedirect } from '~/server/http/partner-redirect';

export const GET: APIRoute = async ({ request }) => partnerRedirect(await getAppContext(), request, 'resell');
