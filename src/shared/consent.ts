/**
 * The visitor's cookie consent (docs/product.md §3 Consent): the cookie that keeps the choice and
 * the rule of what it allows. The choice itself is essential storage (it is what lets us not ask
 * again); everything it gates is listed in docs/product.md §3 Consent. The lander script repeats
 * the cookie's name and values (it must import nothing an island imports); a unit test keeps them
 * equal.
 */

/** First-party cookie with the visitor's choice: `granted` or `denied` (docs/product.md §3 Consent). */
export const CONSENT_COOKIE = 'amora_consent';

/** How long a choice is kept before the visitor is asked again: 180 days (seconds). */
export const CONSENT_MAX_AGE_S = 180 * 24 * 60 * 60;

export const CONSENT_CHOICES = ['granted', 'denied'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** The choice a cookie value names, or null for none (absent or anything else). */
export function parseConsent(raw: string | undefined | null): ConsentChoice | null {
  return raw === 'granted' || raw === 'denied' ? raw : null;
}

/**
 * Whether non-essential cookies and storage (the 30-day tracking record, the experiment variant,
 * signup drafts kept across visits) may be written: always on a site without `consent_required`,
 * else only after the visitor accepted (docs/product.md §3 Consent).
 */
export function mayPersist(consentRequired: boolean, choice: ConsentChoice | null): boolean {
  return !consentRequired || choice === 'granted';
}

/**
 * The cookies only consent allows (docs/product.md §3 Consent): the tracking record
 * (`amora_tracking`, 30 days) and the experiment variants (`amora_ab`, 90 days). The tracking
 * record's local-storage copy has the cookie's name.
 */
export const CONSENTED_COOKIES = ['amora_tracking', 'amora_ab'] as const;

/** Local-storage key prefix of the signup form drafts (one entry per site), docs/product.md §3. */
export const SIGNUP_DRAFT_KEY_PREFIX = 'amora_signup_draft:';
