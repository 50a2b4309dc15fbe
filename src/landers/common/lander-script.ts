/**
 * The landers' only script (bundled and inlined by Astro, well under 2 KB):
 * keeps the URL's tracking record (docs/product.md §3) in the first-party cookie and local
 * storage for 30 days, carries it on every CTA into /signup (links
 * `a[data-cta]`, and GET forms `form[data-cta]` as hidden fields),
 * and stores a language picked in the footer (`a[data-locale]`) in the
 * `i18n_redirected` cookie (365 days). Without JavaScript the server-set cookie
 * and plain links still work.
 *
 * Astro inlines this script only while its bundle is one chunk: a module it
 * imports must not also be imported by an island, or Vite splits it into a
 * shared file and the lander gets an extra request (the build-output test
 * catches that).
 */
import {
  TRACKING_COOKIE,
  TRACKING_MAX_AGE_S,
  mergeTracking,
  trackingCookieValue,
  trackingFromSearchParams,
  withTracking,
  type TrackingRecordValue,
} from '~/shared/tracking';

/** The language cookie's lifetime (365 days, in seconds). */
const LANGUAGE_MAX_AGE_S = 31_536_000;
const STORAGE_KEY = TRACKING_COOKIE;

/** Reads the stored copy of the tracking record, or null when absent or older than its lifetime. */
function storedRecord(storage: Storage, now: number): TrackingRecordValue | null {
  try {
    const kept = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as {
      record: TrackingRecordValue;
      expires: number;
    } | null;
    return kept && kept.expires > now ? kept.record : null;
  } catch {
    return null;
  }
}

/** Runs the lander behaviour on a document (parameters make it testable). */
export function runLanderScript(
  doc: Document,
  loc: Location,
  storage: Storage,
  now = Date.now(),
): TrackingRecordValue | null {
  const secure = loc.protocol === 'https:' ? ';secure' : '';
  const fromUrl = trackingFromSearchParams(new URLSearchParams(loc.search));
  const record = mergeTracking(fromUrl, storedRecord(storage, now));
  // Only a new click is stored: a URL with just the entry link's lander and variant leaves the
  // cookie to the server, which merged them into the record it holds (local storage may not have it).
  if (fromUrl && record === fromUrl) {
    try {
      doc.cookie = `${TRACKING_COOKIE}=${encodeURIComponent(trackingCookieValue(record))};max-age=${TRACKING_MAX_AGE_S};path=/;samesite=lax${secure}`;
      storage.setItem(STORAGE_KEY, JSON.stringify({ record, expires: now + TRACKING_MAX_AGE_S * 1000 }));
    } catch {
      // Storage blocked: the cookie (set here or by the server) and the links still carry the record.
    }
  }
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-cta]'))
    link.setAttribute('href', withTracking(link.getAttribute('href') ?? '/signup', record));
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-cta]')) {
    for (const [name, value] of Object.entries(record ?? {})) {
      const input = doc.createElement('input');
      Object.assign(input, { type: 'hidden', name, value });
      form.append(input);
    }
  }
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-locale]')) {
    link.addEventListener('click', () => {
      doc.cookie = `i18n_redirected=${link.dataset.locale};max-age=${LANGUAGE_MAX_AGE_S};path=/;samesite=lax${secure}`;
    });
  }
  return record;
}
