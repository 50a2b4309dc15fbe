import { readBoot } from './boot';

/**
 * The visitor's traffic source in the browser (docs/product.md §5): what the server found when it
 * rendered the page (the URL's `network` / `trafficsource`, else the network of the lander's
 * `amora_tracking` cookie, `requestTrafficSource()`), carried in the boot data; null when there is
 * none, and outside a page. Read from the boot data rather than parsed here again: the tracking
 * module stays the lander script's alone, so Astro can keep inlining that script.
 */
export function pageTrafficSource(): string | null {
  try {
    return readBoot().trafficSource;
  } catch {
    return null;
  }
}
