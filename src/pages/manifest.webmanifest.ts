import type { APIRoute } from 'astro';
import { getAppContext } from '~/server/app';
import { buildWebManifest } from '~/server/sites/web-manifest';
import { resolveSiteForPage } from '~/server/sites/resolve-site';
import { detectRequestLocale } from '~/server/http/request-locale';

/** `GET /manifest.webmanifest` (docs/product.md §2): the requesting site's web app manifest. */
export const GET: APIRoute = async ({ request }) => {
  const ctx = await getAppContext();
  const site = resolveSiteForPage(ctx.sites, request.headers);
  const locale = detectRequestLocale(request, site.domain_language);
  return new Response(JSON.stringify(buildWebManifest(site, locale)), {
    headers: {
      'content-type': 'application/manifest+json',
      'cache-control': 'public, max-age=3600',
      vary: 'Host, Accept-Language',
    },
  });
};
