import {
  CONSENT_COOKIE,
  CONSENTED_COOKIES,
  mayPersist,
  parseConsent,
  SIGNUP_DRAFT_KEY_PREFIX,
  type ConsentChoice,
} from '~/shared/consent';
import { readBoot } from './boot';

/**
 * The visitor's consent in the app's pages (docs/product.md §3 Consent): what the choice (made in
 * the footer's form, `POST /consent`) means for this browser's storage.
 */

/** The choice kept in the `amora_consent` cookie, or null when none was made. */
export function consentChoice(): ConsentChoice | null {
  if (typeof document === 'undefined') return null;
  return parseConsent(new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)`).exec(document.cookie)?.[1]);
}

/** Moves the entries whose key starts with `prefix` from one storage to the other. */
function moveEntries(from: Storage, to: Storage, prefix: string): void {
  for (const key of Object.keys(from).filter((name) => name.startsWith(prefix))) {
    to.setItem(key, from.getItem(key) ?? '');
    from.removeItem(key);
  }
}

/**
 * The storage signup drafts live in now: local storage (7 days) where the site does not ask or
 * the visitor accepted, else this tab's session storage (the visit). Entries kept under the other
 * rule move over, and without consent the lander's former local copy of the tracking record
 * goes. Null without storage or boot data.
 */
export function draftStorage(): Storage | null {
  let persist: boolean;
  let keep: Storage;
  try {
    if (typeof localStorage === 'undefined') return null;
    persist = mayPersist(readBoot().consentRequired, consentChoice());
    keep = persist ? localStorage : sessionStorage;
  } catch {
    return null;
  }
  try {
    moveEntries(persist ? sessionStorage : localStorage, keep, SIGNUP_DRAFT_KEY_PREFIX);
    if (!persist) localStorage.removeItem(CONSENTED_COOKIES[0]);
  } catch {
    // The other storage is blocked: it holds nothing to move either.
  }
  return keep;
}
