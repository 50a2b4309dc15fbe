/// <reference lib="webworker" />
/**
 * The service worker at /sw.js, scope / (docs/product.md §2): precaches the app shell's
 * static assets (hashed /_astro files, icons, the offline page), never touches
 * /api/* (member data stays network-only), answers navigations from the network
 * and falls back to /offline.html without one. Push handling lives in /sw-push.js.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

importScripts('/sw-push.js');

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('/offline.html')) ?? Response.error();
    }
  }),
);

// The page asks the waiting worker to take over when the member accepts "Reload to update".
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
