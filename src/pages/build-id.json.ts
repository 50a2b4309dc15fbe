import type { APIRoute } from 'astro';

/** `GET /build-id.json` → `{ buildId }` of the server's build; never cached (docs/product.md §7 latest build id). */
export const GET: APIRoute = () =>
  new Response(JSON.stringify({ buildId: __AMORA_BUILD_ID__ }), {
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
