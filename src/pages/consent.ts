import type { APIRoute } from 'astro';
import { chooseConsent } from '~/server/http/consent-choice';

/** `POST /consent`: the footer's consent choice (docs/product.md §3 Consent); stores it and goes back. */
export const POST: APIRoute = ({ request, locals }) => chooseConsent(request, locals.site, locals.secureCookies);
