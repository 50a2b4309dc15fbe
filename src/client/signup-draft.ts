import { SIGNUP_DRAFT_KEY_PREFIX } from '~/shared/consent';
import { readBoot } from './boot';
import { draftStorage } from './consent';

/**
 * Where this browser keeps the signup form drafts (docs/product.md §3 Signup form drafts): one
 * localStorage entry per site, `amora_signup_draft:{package name}`, so white-label sites that
 * share an origin never see each other's draft. This module only reads, writes and removes the
 * entry; what may be in it, and for how long, is src/stores/signup-draft.ts. Every storage
 * failure is swallowed: no storage (server, Safari's private mode, blocked cookies), a full
 * quota, a page without boot data. Without storage the forms simply start empty. On a site that
 * asks for consent and without it, the entry is kept in this tab's session storage instead: it
 * survives a reload, not the visit (docs/product.md §3 Consent).
 */
export { SIGNUP_DRAFT_KEY_PREFIX };

/** The entry's key for the page's site; null without boot data. */
function draftKey(): string | null {
  try {
    return SIGNUP_DRAFT_KEY_PREFIX + readBoot().packageName;
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return draftStorage();
  } catch {
    return null;
  }
}

/**
 * The stored draft of the page's site as parsed JSON (any value, not checked: the store does
 * that), or undefined when there is none or storage is unavailable. An entry that is not JSON is
 * removed (and reads as none).
 */
export function readStoredSignupDraft(): unknown {
  const key = draftKey();
  if (!key) return undefined;
  let text: string | null;
  try {
    text = storage()?.getItem(key) ?? null;
  } catch {
    return undefined;
  }
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    removeStoredSignupDraft();
    return undefined;
  }
}

/** Stores `draft` (JSON) as the page's site's draft; does nothing when storage is unavailable or full. */
export function storeSignupDraft(draft: object): void {
  const key = draftKey();
  if (!key) return;
  try {
    storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // Full or blocked storage: the form keeps working, only the draft is not kept.
  }
}

/** Removes the page's site's draft from local and session storage (nothing to do without storage). */
export function removeStoredSignupDraft(): void {
  const key = draftKey();
  if (!key) return;
  try {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  } catch {
    // Blocked storage holds no draft either.
  }
}
