import type { APIRoute } from 'astro';
import { serveSiteCopy } from '~/server/http/serve-site-copy';
import { getPrerenderedStore } from '~/server/static/store';

/**
 * `GET /sites/{site}/…`: the static copy of the request site's pre-rendered landers and pages
 * with the pages' security headers (src/server/http/serve-site-copy.ts); another site's copy or an
 * unknown file is the 404 page. (In `astro dev` the pre-rendered routes beside this one render
 * these paths themselves.)
 */
export const GET: APIRoute = async ({ params, request, locals, rewrite }) => {
  const response = await serveSiteCopy(getPrerenderedStore(), { site: locals.site, path: params.path ?? '', request });
  return response ?? rewrite('/404');
};
