import type { ClientDirective } from 'astro';

/**
 * `client:paint`: hydrates an island right after the page's first paint, instead of as soon as its
 * element is parsed (`client:load`). The scripts are then fetched once the server-rendered page is
 * on screen rather than competing with the document, its styles and the first images for a slow
 * phone's bandwidth and main thread before anything is shown (docs/architecture.md §3, the first
 * visit's JavaScript). A frame callback runs just before the first frame; the timeout after it runs
 * once that frame is painted. A page loading in a background tab paints no frames until it is
 * shown, and its islands (the unread count in the title, the event stream) must run there too:
 * it hydrates at once.
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
  if (document.visibilityState === 'hidden') hydrate();
  else requestAnimationFrame(() => setTimeout(hydrate, 0));
};

export default paintDirective;
