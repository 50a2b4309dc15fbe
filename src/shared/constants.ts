/**
 * Business constants and limits of docs/product.md §9. Durations are in milliseconds.
 */
export const USER_POLL_INTERVAL_MS = 60_000;
export const USER_POLL_INTERVAL_PUSH_MS = 300_000;
export const CHAT_POLL_DELAY_MS = 1_000;

export const SEARCH_PAGE_SIZE = 12;
export const MIN_AGE = 18;
export const MAX_AGE = 100;
export const NAME_MAX_LENGTH = 150;
export const CITY_MAX_LENGTH = 255;
/** Not fixed by the spec ("must not be empty"); a sensible floor documented in docs/api.md (Sessions and cookies). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;

/** Longest value of a tracking record field (docs/product.md §3), characters. */
export const TRACKING_VALUE_MAX = 200;

export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const MESSAGE_CACHE_MS = 24 * 60 * 60 * 1000;
/**
 * Cookie `{buildId}.{locale}` telling the server that this browser holds the
 * messages of that build and locale (cached 24 h), so pages leave them out.
 */
export const MESSAGES_COOKIE = 'amora_messages';

/** Largest JSON body any endpoint accepts (bytes). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Age buckets of the search filter (docs/product.md §9): [min_age, max_age], undefined = open. */
export const AGE_BUCKETS = [
  { id: 'all', min: undefined, max: undefined },
  { id: 'to25', min: 18, max: 25 },
  { id: '26-35', min: 26, max: 35 },
  { id: '36-45', min: 36, max: 45 },
  { id: '46-55', min: 46, max: 55 },
  { id: '56-65', min: 56, max: 65 },
  { id: 'over65', min: 66, max: 100 },
] as const;

/** Niche numbers (docs/product.md §4) and their lander slug prefixes. */
export const NICHE_PREFIX: Record<number, string> = {
  1: '',
  2: 'she',
  3: 'bdsm',
  4: 'bbw',
  5: 'gilf',
  6: 'milf',
  7: 'gay',
};

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** docs/product.md §3 User.mailprovider: 2 means Gmail. */
export const MAILPROVIDER_GMAIL = 2;
export const MAILPROVIDER_OTHER = 0;
