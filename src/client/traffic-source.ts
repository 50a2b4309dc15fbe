import { parseTrackingCookie, TRACKING_COOKIE, trackingFromSearchParams, trafficSourceOf } from '~/shared/tracking';

/**
 * The visitor's traffic source in the browser (docs/product.md §5): the page URL's `network` /
 * `trafficsource`, else the network of the `amora_tracking` cookie a lander left; null when
 * neither has one, and outside the browser. The rule is `trafficSourceOf()`, as on the server.
 */
export function pageTrafficSource(): string | null {
  if (typeof window === 'undefined') return null;
  let fromUrl = null;
  try {
    fromUrl = trackingFromSearchParams(new URL(window.location.href).searchParams);
  } catch {
    // No usable address: only the cookie counts.
  }
  return trafficSourceOf(fromUrl, parseTrackingCookie(trackingCookieText()));
}

/** The decoded value of the tracking cookie, or undefined when absent or undecodable. */
function trackingCookieText(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${TRACKING_COOKIE}=`;
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  if (!entry) return undefined;
  try {
    return decodeURIComponent(entry.slice(prefix.length));
  } catch {
    return undefined;
  }
}
