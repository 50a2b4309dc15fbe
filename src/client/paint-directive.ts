import type { ClientDirective } from 'astro';

/** How long an island waits for the first contentful paint before it hydrates anyway (ms). */
export const PAINT_WAIT_MS = 3000;

/**
 * `client:paint`: hydrates an island once the page's first contentful paint is on screen, instead
 * of as soon as its element is parsed (`client:load`). The scripts are then fetched once the
 * server-rendered page is shown rather than competing with the document, its styles and the
 * first images for a slow phone's bandwidth and main thread before anything is shown
 * (docs/architecture.md §3, the first visit's JavaScript).
 *
 * The browser reports the paint (a `first-contentful-paint` paint entry) once the frame is
 * presented; a frame callback alone ran before that, and the scripts were still requested before
 * the page was on screen. Where paint entries are not reported, a frame callback and a timeout
 * after it stand in. A page in a background tab paints nothing until it is shown, and its islands
 * (the unread count in the title, the event stream) must run there too: it hydrates at once, also
 * when the tab is hidden before the paint, and after PAINT_WAIT_MS in any case.
 */
const paintDirective: ClientDirective = (load) => {
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    void (async () => {
      const hydrateIsland = await load();
      await hydrateIsland();
    })();
  };
  if (document.visibilityState === 'hidden') return hydrate();
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && hydrate());
  setTimeout(hydrate, PAINT_WAIT_MS);
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(hydrate, 0));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(hydrate, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
};

export default paintDirective;
