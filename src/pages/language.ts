import type { APIRoute } from 'astro';
import { switchLanguage } from '~/server/http/switch-language';

/** `GET /language?locale=fr&next=/pages/terms`: the language switcher (docs/product.md §1); sets `i18n_redirected` and goes back. */
export const GET: APIRoute = ({ request, locals }) => switchLanguage(request, locals.secureCookies);
