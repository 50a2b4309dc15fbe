import { map } from 'nanostores';
import {
  activateWaitingWorker,
  checkForServiceWorkerUpdate,
  fetchLatestBuildId,
  isServiceWorkerSupported,
  registerServiceWorker,
} from '../client/pwa';
import { guardedReload } from '../client/reload-guard';
import { BUILD_ID_POLL_MS } from '~/shared/constants-shell';

/**
 * PWA state (docs/product.md §4 service worker: registered → installed → waiting
 * (need-refresh) → activated; offline-ready on first install; registration
 * error), standalone display mode and the one-time install / iOS guides.
 */
export type ServiceWorkerState =
  'unsupported' | 'registering' | 'registered' | 'installed' | 'waiting' | 'activated' | 'error';

export interface PwaState {
  serviceWorker: ServiceWorkerState;
  needRefresh: boolean;
  offlineReady: boolean;
  isStandalone: boolean;
  canInstall: boolean;
  showIosGuide: boolean;
}

export const $pwa = map<PwaState>({
  serviceWorker: 'unsupported',
  needRefresh: false,
  offlineReady: false,
  isStandalone: false,
  canInstall: false,
  showIosGuide: false,
});

const INSTALL_DISMISSED = 'amora_install_dismissed';
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}
let installEvent: InstallPromptEvent | null = null;
let started = false;

/** docs/product.md §9: standalone display mode means the PWA is installed. */
export function detectStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

function isIos(): boolean {
  return (
    /iphone|ipad|ipod/i.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

/**
 * Starts the PWA plumbing once per page: registers the service worker, polls
 * the build id (a new build triggers an update check), reloads (guarded) on
 * chunk-load errors and when an update takes control, and offers installation.
 */
export function startPwa(buildId: string): void {
  if (started) return;
  started = true;
  const isStandalone = detectStandalone();
  const dismissed = localStorage.getItem(INSTALL_DISMISSED) === '1';
  $pwa.set({ ...$pwa.get(), isStandalone, showIosGuide: isIos() && !isStandalone && !dismissed });

  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installEvent = event as InstallPromptEvent;
    if (!dismissed && !detectStandalone()) $pwa.setKey('canInstall', true);
  });
  window.addEventListener('appinstalled', () => $pwa.set({ ...$pwa.get(), canInstall: false, isStandalone: true }));
  // Vite fires this when a lazily loaded chunk of an older build is gone.
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    guardedReload();
  });

  // The dev server has no built /sw.js; the PWA is exercised against production builds.
  if (!isServiceWorkerSupported() || import.meta.env.DEV) return;
  $pwa.setKey('serviceWorker', 'registering');
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

/**
 * Whether "The app is ready to work offline" means something to the member:
 * only in the installed app (standalone), where it tells them the app now
 * opens without a connection. In a browser tab, and so on a first visit, it
 * would be an announcement about plumbing, so it stays silent.
 */
export function shouldAnnounceOfflineReady(state: Pick<PwaState, 'offlineReady' | 'isStandalone'>): boolean {
  return state.offlineReady && state.isStandalone;
}

/** The member accepted "Reload to update": the waiting worker takes over, then the page reloads. */
export function acceptUpdate(): void {
  $pwa.setKey('needRefresh', false);
  activateWaitingWorker();
}

/** Shows the browser's install dialog (from `beforeinstallprompt`). */
export async function promptInstall(): Promise<void> {
  if (!installEvent) return;
  await installEvent.prompt();
  await installEvent.userChoice.catch(() => undefined);
  installEvent = null;
  $pwa.setKey('canInstall', false);
}

/**
 * docs/product.md, prompts: the install offer (or the iOS guide) shows only where the browser
 * offers installation, outside the installed app, and only after a sign of interest in this
 * session (a like, a message sent: `interested` of the prompt memory in ./push-prompt.ts),
 * so never on a first visit.
 */
export function isInstallOfferDue(
  pwa: Pick<PwaState, 'isStandalone' | 'canInstall' | 'showIosGuide'>,
  interested: boolean,
): boolean {
  return interested && !pwa.isStandalone && (pwa.canInstall || pwa.showIosGuide);
}

/** Hides the install offer and the iOS guide for good on this device. */
export function dismissInstall(): void {
  localStorage.setItem(INSTALL_DISMISSED, '1');
  $pwa.set({ ...$pwa.get(), canInstall: false, showIosGuide: false });
}
