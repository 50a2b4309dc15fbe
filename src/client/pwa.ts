import { Workbox } from 'workbox-window';

/** What the service worker lifecycle reports to the PWA store (docs/product.md §4). */
export interface ServiceWorkerCallbacks {
  onRegistered(): void;
  onInstalled(): void;
  /** An updated worker is installed and waiting (need-refresh). */
  onWaiting(): void;
  /** First install finished: the app works offline. */
  onOfflineReady(): void;
  onActivated(): void;
  /** An updated worker took control of this page. */
  onControlling(): void;
  onError(error: unknown): void;
}

let workbox: Workbox | null = null;
let registering = false;

/**
 * Registers /sw.js (scope /) once and forwards its lifecycle to `callbacks`; the caller checks
 * that the browser has service workers. This module and workbox-window load only on pages that
 * register (stores/pwa.ts, isServiceWorkerDue), never with a page's first JavaScript.
 */
export function registerServiceWorker(callbacks: ServiceWorkerCallbacks): void {
  if (registering) return;
  registering = true;
  follow(new Workbox('/sw.js', { scope: '/' }), callbacks);
}

function follow(registered: Workbox, callbacks: ServiceWorkerCallbacks): void {
  workbox = registered;
  workbox.addEventListener('installed', (event) => {
    callbacks.onInstalled();
    if (!event.isUpdate) callbacks.onOfflineReady();
  });
  workbox.addEventListener('waiting', () => callbacks.onWaiting());
  workbox.addEventListener('activated', () => callbacks.onActivated());
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) callbacks.onControlling();
  });
  workbox
    .register()
    .then((registration) => {
      if (registration) callbacks.onRegistered();
      // A worker already waiting from an earlier visit still needs the member's go.
      if (registration?.waiting && navigator.serviceWorker.controller) callbacks.onWaiting();
    })
    .catch((error: unknown) => callbacks.onError(error));
}

/** Tells the waiting worker to take over; the page reloads on `controlling`. */
export function activateWaitingWorker(): void {
  workbox?.messageSkipWaiting();
}

/** Asks the browser to check /sw.js for an update now. */
export async function checkForServiceWorkerUpdate(): Promise<void> {
  await workbox?.update();
}

/** The build id the server runs now (`/build-id.json`), or null when unreachable. */
export async function fetchLatestBuildId(): Promise<string | null> {
  try {
    const response = await fetch('/build-id.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as { buildId?: unknown };
    return typeof body.buildId === 'string' ? body.buildId : null;
  } catch {
    return null;
  }
}

/**
 * Listens to messages the service worker posts to this page (`{ type, payload }`,
 * e.g. `push-received` from public/sw-push.js). Returns an unsubscribe function;
 * without service workers it listens to nothing.
 */
export function onServiceWorkerMessage(listener: (data: unknown) => void): () => void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  const onMessage = (event: MessageEvent) => listener(event.data);
  container?.addEventListener('message', onMessage);
  return () => container?.removeEventListener('message', onMessage);
}
