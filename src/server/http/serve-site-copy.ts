import type { SiteConfig } from '../platform/sites/site-config';
import type { PrerenderedStore } from '../static/prerendered-store';
import { htmlResponse } from './serve-prerendered';

/**
 * `GET /sites/{site}/…` (docs/architecture.md §3 Serving and compression): the build's static copy
 * of a pre-rendered lander or page as a plain static host would serve it (no tracking cookie; the
 * lander's script carries the record). It still names the app's own paths (fonts, media, /signup):
 * the root a CDN serves is made from it by `npm run landers:build` (§3 Landers on a CDN). Served by the app, not as a plain
 * file, so it gets every page's security headers (the middleware adds them: frame-ancestors,
 * Referrer-Policy, Permissions-Policy, HSTS behind a trusted proxy), and only to the site it
 * belongs to: `site` is the request's site (by host), and another site's copy is unknown here.
 * `path` is what follows `/sites/` (`amora/landers/gallery/pl`, a trailing `/` or `/index.html`
 * allowed). Null when it is not one of the site's files (the route answers 404).
 */
export async function serveSiteCopy(
  store: PrerenderedStore,
  input: { site: SiteConfig; path: string; request: Request },
): Promise<Response | null> {
  const segments = input.path
    .replace(/\/index\.html$/, '')
    .split('/')
    .filter(Boolean);
  if (segments.length < 2 || segments[0] !== input.site.package_name) return null;
  // The store refuses anything but a plain path of the pre-rendered tree (no `..`).
  const file = await store.read(`sites/${segments.join('/')}/index.html`);
  if (!file) return null;
  return htmlResponse(file, input.request, { 'cache-control': 'public, max-age=300' }, null);
}
