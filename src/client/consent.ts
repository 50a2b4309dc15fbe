import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_S,
  CONSENTED_COOKIES,
  mayPersist,
  parseConsent,
  SIGNUP_DRAFT_KEY_PREFIX,
  type ConsentChoice,
} from '~/shared/consent';
import { readBoot } from './boot';

/**
 * The visitor's consent in the app's pages (docs/product.md §3 Consent): reading and making the
 * choice, and what follows from it in this browser. The landers do the same in their own script.
 */

/** The choice kept in the `amora_consent` cookie, or null when none was made. */
export function consentChoice(): ConsentChoice | null {
  if (typeof document === 'undefined') return null;
  const match = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)`).exec(document.cookie);
  return parseConsent(match?.[1]);
}

/** Whether this page's site lets the browser keep non-essential entries now (no boot data: no). */
export function mayPersistHere(): boolean {
  try {
    return mayPersist(readBoot().consentRequired, consentChoice());
  } catch {
    return false;
  }
}

/** Moves the entries whose key starts with `prefix` from one storage to the other. */
function moveEntries(from: Storage, to: Storage, prefix: string): void {
  for (const key of Object.keys(from).filter((name) => name.startsWith(prefix))) {
    to.setItem(key, from.getItem(key) ?? '');
    from.removeItem(key);
  }
}

/**
 * Stores `choice` (essential: it is what keeps us from asking again) for 180 days. Declining
 * removes what only consent allowed — the tracking cookie and its local copy, the experiment
 * variant — and moves a signup draft to this tab's session storage, where it lasts for the
 * visit; accepting moves it back, so it again survives 7 days.
 */
export function chooseConsent(choice: ConsentChoice): void {
  const secure = location.protocol === 'https:' ? ';secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${choice};max-age=${CONSENT_MAX_AGE_S};path=/;samesite=lax${secure}`;
  try {
    if (choice === 'denied') {
      for (const name of CONSENTED_COOKIES) document.cookie = `${name}=;max-age=0;path=/`;
      localStorage.removeItem(CONSENTED_COOKIES[0]);
      moveEntries(localStorage, sessionStorage, SIGNUP_DRAFT_KEY_PREFIX);
    } else {
      moveEntries(sessionStorage, localStorage, SIGNUP_DRAFT_KEY_PREFIX);
    }
  } catch {
    // Storage blocked: nothing was kept in it either.
  }
}
