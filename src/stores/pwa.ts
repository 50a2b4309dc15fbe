import { map } from 'nanostores';
import { guardedReload } from '../client/reload-guard';
import { $user } from './session';

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

/** localStorage: this browser has shown a page of the site before (the service worker's rule). */
const PAGE_SEEN_KEY = 'amora_page_seen';

/** What decides whether a page registers the service worker. */
export interface ServiceWorkerContext {
  isLoggedIn: boolean;
  /** This browser showed a page of the site before this one. */
  seenBefore: boolean;
  /** A service worker of the site already controls this page. */
  controlled: boolean;
}

/**
 * docs/product.md §4, service worker: members' pages register it, and visitors' pages from their
 * second page view on. A visitor's first page leaves it out: installing it downloads every
 * script and style of the app into its cache (~200 KB), which a visitor who reads one page and
 * leaves never uses, and its code would sit among the first visit's scripts. A page a worker
 * already controls registers too, so updates are noticed.
 */
export function isServiceWorkerDue(context: ServiceWorkerContext): boolean {
  return context.isLoggedIn || context.seenBefore || context.controlled;
}

/** Reads and sets the page-seen mark; blocked storage counts as seen (nothing can be remembered). */
function notePageView(): boolean {
  try {
    const seen = localStorage.getItem(PAGE_SEEN_KEY) === '1';
    if (!seen) localStorage.setItem(PAGE_SEEN_KEY, '1');
    return seen;
  } catch {
    return true;
  }
}

let serviceWorker: Promise<typeof import('./pwa-worker')> | null = null;

/**
 * Starts the PWA plumbing once per page: offers installation, reloads (guarded) on chunk-load
 * errors, and when isServiceWorkerDue, or once a visitor logs in or signs up on this page (`$user`
 * set): registers the service worker (its code loads only then), polls the build id (a new build
 * triggers an update check) and reloads when an update takes control.
 */
export function startPwa(buildId: string, isLoggedIn: boolean): void {
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

  const seenBefore = notePageView();
  // The dev server has no built /sw.js; the PWA is exercised against production builds.
  if (!('serviceWorker' in navigator) || !window.isSecureContext || import.meta.env.DEV) return;
  if (isServiceWorkerDue({ isLoggedIn, seenBefore, controlled: navigator.serviceWorker.controller !== null })) {
    registerOnce(buildId);
    return;
  }
  // A visitor who signs up or logs in on this page (the signup wizard) is a member from then on.
  const unlisten = $user.listen((user) => {
    if (!user) return;
    unlisten();
    registerOnce(buildId);
  });
}

/** Loads the service worker's code and registers it (once per page). */
function registerOnce(buildId: string): void {
  if (serviceWorker) return;
  $pwa.setKey('serviceWorker', 'registering');
  serviceWorker = import('./pwa-worker');
  serviceWorker
    .then((worker) => worker.startServiceWorker(buildId))
    .catch((error: unknown) => {
      console.warn('service worker registration failed', error);
      $pwa.setKey('serviceWorker', 'error');
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
  void serviceWorker?.then((worker) => worker.activateWaitingWorker());
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
