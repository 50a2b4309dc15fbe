/**
 * The landers' only script (bundled and inlined by Astro, well under 2 KB):
 * keeps the URL's tracking record (docs/product.md §3) in the first-party cookie and local
 * storage for 30 days, carries it on every CTA into /signup (links
 * `a[data-cta]`, and GET forms `form[data-cta]` as hidden fields),
 * and stores a language picked in the footer (`a[data-locale]`) in the
 * `i18n_redirected` cookie (365 days). Without JavaScript the server-set cookie
 * and plain links still work.
 *
 * On a site that asks for consent (its footer has the consent panel, docs/product.md §3 Consent)
 * the record is kept only after the visitor accepted; before that it travels only in the CTAs'
 * URLs. The script opens the panel while no choice is made, stores the choice (`amora_consent`,
 * 180 days), keeps the record on accept and removes what consent allowed on decline.
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
/** `src/shared/consent.ts` CONSENT_COOKIE and CONSENT_MAX_AGE_S, repeated: this script imports nothing an island does. */
export const LANDER_CONSENT_COOKIE = 'amora_consent';
export const LANDER_CONSENT_MAX_AGE_S = 15_552_000;

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
  const setCookie = (value: string, maxAge: number) =>
    (doc.cookie = `${value};max-age=${maxAge};path=/;samesite=lax${secure}`);
  const panel = doc.querySelector<HTMLElement>('[data-consent-panel]');
  const opener = doc.querySelector<HTMLElement>('[data-consent-open]');
  let choice = /(?:^|; )amora_consent=(granted|denied)/.exec(doc.cookie)?.[1];
  const allowed = !panel || choice === 'granted';
  const fromUrl = trackingFromSearchParams(new URLSearchParams(loc.search));
  const record = mergeTracking(fromUrl, allowed ? storedRecord(storage, now) : null);
  const keep = () => {
    if (!record) return;
    try {
      setCookie(`${TRACKING_COOKIE}=${encodeURIComponent(trackingCookieValue(record))}`, TRACKING_MAX_AGE_S);
      storage.setItem(STORAGE_KEY, JSON.stringify({ record, expires: now + TRACKING_MAX_AGE_S * 1000 }));
    } catch {
      // Storage blocked: the cookie (set here or by the server) and the links still carry the record.
    }
  };
  // Only a new click is stored: a URL with just the entry link's lander and variant leaves the
  // cookie to the server, which merged them into the record it holds (local storage may not have it).
  if (allowed && fromUrl && record === fromUrl) keep();
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
    link.onclick = () => setCookie(`i18n_redirected=${link.dataset.locale}`, LANGUAGE_MAX_AGE_S);
  }
  if (panel && opener) {
    // Handlers as properties, the choice in the buttons' `value` (the panel's only buttons): every
    // byte counts in this script.
    const buttons = panel.querySelectorAll('button');
    const show = (open: boolean) => {
      panel.hidden = !open;
      opener.hidden = open;
      for (const button of buttons) button.setAttribute('aria-pressed', `${button.value === choice}`);
    };
    show(!choice);
    opener.onclick = () => {
      show(true);
      buttons[0]!.focus();
    };
    for (const button of buttons)
      button.onclick = () => {
        choice = button.value;
        setCookie(`${LANDER_CONSENT_COOKIE}=${choice}`, LANDER_CONSENT_MAX_AGE_S);
        if (choice === 'granted') keep();
        else {
          // Declined: nothing that needed consent stays (the tracking record and the experiment variant).
          for (const name of [TRACKING_COOKIE, 'amora_ab']) setCookie(`${name}=`, 0);
          storage.removeItem(STORAGE_KEY);
        }
        show(false);
        opener.focus();
      };
  }
  return record;
}
