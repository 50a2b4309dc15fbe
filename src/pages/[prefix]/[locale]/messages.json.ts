import type { APIRoute } from 'astro';
import { MESSAGES } from '~/server/i18n/messages';
import { MESSAGE_CACHE_MS } from '~/shared/constants';
import { isLocale } from '~/shared/locales';

/**
 * `GET /_i18n/{locale}/messages.json` → `{ "<locale>": {…} }` (docs/product.md §7), cached 24 h.
 * Astro does not route folders starting with `_`, hence the `[prefix]` segment.
 */
export const GET: APIRoute = ({ params }) => {
  const { prefix, locale } = params;
  if (prefix !== '_i18n') return new Response('Not found', { status: 404 });
  if (!isLocale(locale)) {
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'errors.not_found' } }), {
      status: 404,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' },
    });
  }
  return new Response(JSON.stringify({ [locale]: MESSAGES[locale] }), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': `public, max-age=${MESSAGE_CACHE_MS / 1000}`,
    },
  });
};
