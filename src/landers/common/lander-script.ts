/**
 * The landers' only script (bundled and inlined by Astro, within 2 KB with the video design's):
 * keeps the URL's tracking record (docs/product.md §3) in the first-party cookie for 30 days
 * (no local-storage copy: the cookie is read back), carries it on every CTA into /signup (links
 * `a[data-cta]`, and GET forms `form[data-cta]` as hidden fields),
 * and stores a language picked in the footer (`a[data-locale]`) in the
 * `i18n_redirected` cookie (365 days). Without JavaScript the server-set cookie
 * and plain links still work.
 *
 * On a site that asks for consent (its footer has the consent choice, docs/product.md §3 Consent)
 * the record is kept only once `amora_consent` says `granted`; before, it travels only in the
 * CTAs' URLs. The choice itself is a plain form (`POST /consent`); this script only closes it
 * once a choice is known.
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

/** Runs the lander behaviour on a document (`loc` a parameter to make it testable). */
export function runLanderScript(doc: Document, loc: Location): TrackingRecordValue | null {
  const secure = loc.protocol === 'https:' ? ';secure' : '';
  const cookies = `; ${doc.cookie}`;
  const choice = doc.querySelector<HTMLDetailsElement>('[data-consent-panel]');
  const consent = /; amora_consent=(\w+)/.exec(cookies)?.[1];
  if (choice) choice.open = !consent;
  const allowed = !choice || consent == 'granted';
  const fromUrl = trackingFromSearchParams(new URLSearchParams(loc.search));
  // The record kept before (only our own code writes this cookie; the server checks it again).
  let stored: TrackingRecordValue | null = null;
  try {
    if (allowed) stored = JSON.parse(decodeURIComponent(/; amora_tracking=([^;]+)/.exec(cookies)![1]!));
  } catch {
    // None, or not ours to repair: the URL's record alone.
  }
  const record = mergeTracking(fromUrl, stored);
  // Only a new click is stored: a URL with just the entry link's lander and variant leaves the
  // cookie to the server, which merged them into the record it holds.
  if (allowed && fromUrl && record === fromUrl)
    doc.cookie = `${TRACKING_COOKIE}=${encodeURIComponent(trackingCookieValue(record))};max-age=${TRACKING_MAX_AGE_S};path=/;samesite=lax${secure}`;
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
