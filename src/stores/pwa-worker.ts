/**
 * The service worker's side of the PWA store (docs/product.md §4, service worker): registers it,
 * follows its lifecycle into `$pwa`, polls the build id (a new build triggers an update check)
 * and reloads (guarded) when an update takes control. Loaded by import() from ./pwa.ts on the
 * pages that register the worker (isServiceWorkerDue), with workbox-window: never part of a
 * visitor's first page.
 */
import {
  activateWaitingWorker,
  checkForServiceWorkerUpdate,
  fetchLatestBuildId,
  registerServiceWorker,
} from '../client/pwa';
import { guardedReload } from '../client/reload-guard';
import { BUILD_ID_POLL_MS } from '~/shared/constants-shell';
import { $pwa } from './pwa';

/** Registers /sw.js for a page of build `buildId` and starts the build-id polling (once per page). */
export function startServiceWorker(buildId: string): void {
  registerServiceWorker({
    onRegistered: () => $pwa.get().serviceWorker === 'registering' && $pwa.setKey('serviceWorker', 'registered'),
    onInstalled: () => $pwa.setKey('serviceWorker', 'installed'),
    onWaiting: () => $pwa.set({ ...$pwa.get(), serviceWorker: 'waiting', needRefresh: true }),
    onOfflineReady: () => $pwa.setKey('offlineReady', true),
    onActivated: () => $pwa.setKey('serviceWorker', 'activated'),
    onControlling: () => guardedReload(),
    onError: (error) => {
      console.warn('service worker registration failed', error);
      $pwa.setKey('serviceWorker', 'error');
    },
  });

  const checkBuild = async () => {
    const latest = await fetchLatestBuildId();
    if (latest && latest !== buildId) await checkForServiceWorkerUpdate().catch(() => undefined);
  };
  setInterval(() => void checkBuild(), BUILD_ID_POLL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkBuild();
  });
}

/** Tells the waiting worker to take over; the page reloads when it does. */
export { activateWaitingWorker };
