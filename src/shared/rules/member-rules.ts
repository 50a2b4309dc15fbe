import { MAX_AGE, MIN_AGE } from '../constants';

/** docs/product.md §9 neighbour countries, both ways. */
export const NEIGHBOUR_COUNTRIES: Record<string, string> = {
  AU: 'NZ',
  NZ: 'AU',
  NL: 'BE',
  BE: 'NL',
  US: 'CA',
  CA: 'US',
  GB: 'IE',
  IE: 'GB',
  DE: 'AT',
  AT: 'DE',
};

/** The country and its neighbour (docs/product.md §9), for searches that widen. */
export function withNeighbour(country: string): string[] {
  const neighbour = NEIGHBOUR_COUNTRIES[country];
  return neighbour ? [country, neighbour] : [country];
}

/** docs/product.md §9 similar results: the age range widened by 5 years each way (within 18–100). */
export function similarAgeRange(
  minAge: number | undefined,
  maxAge: number | undefined,
): { min_age?: number; max_age?: number } {
  return {
    ...(minAge !== undefined ? { min_age: Math.max(MIN_AGE, minAge - 5) } : {}),
    ...(maxAge !== undefined ? { max_age: Math.min(MAX_AGE, maxAge + 5) } : {}),
  };
}

/** Countries where members speak several languages: their cards always show the language (docs/product.md §9). */
const MULTILINGUAL_COUNTRIES = new Set(['CA', 'BE', 'CH', 'FI']);

/** docs/product.md §9 language badge: the profile's language differs from the locale, or the member lives in CA, BE, CH or FI. */
export function showsLanguageBadge(profile: { language: string; country: string | null }, locale: string): boolean {
  return profile.language !== locale || (profile.country !== null && MULTILINGUAL_COUNTRIES.has(profile.country));
}

/** docs/product.md §6: webcam cards only 4 days (345,600,000 ms) after signup. */
export const WEBCAM_DELAY_MS = 345_600_000;

/**
 * docs/product.md §6 webcam eligibility: a logged-in, non-paid member whose signup is more
 * than 4 days old, on a site whose settings allow resell cams or camads.
 */
export function isWebcamEligible(input: {
  isLoggedIn: boolean;
  paidUser: boolean;
  signupDate: string | null;
  now: number;
  allowsResellCams: boolean;
  allowsCamads: boolean;
}): boolean {
  if (!input.isLoggedIn || input.paidUser || !input.signupDate) return false;
  if (!input.allowsResellCams && !input.allowsCamads) return false;
  return input.now - Date.parse(input.signupDate) > WEBCAM_DELAY_MS;
}

/** How recently a member must have been active to count as online (ms). */
export const ONLINE_WINDOW_MS = 10 * 60_000;

/**
 * docs/product.md §3 Profile `presence`: how recently a member was active, as other members
 * see it — online now, within the last 24 hours, the last 7 days, or longer ago. The time
 * itself is only the member's own.
 */
export const PRESENCES = ['online', 'today', 'this_week', 'longer'] as const;
export type Presence = (typeof PRESENCES)[number];

const DAY_MS = 24 * 3600_000;

/** The presence of a member last active at `lastActiveAt`, seen at `now`. */
export function presenceOf(lastActiveAt: Date, now: Date): Presence {
  const ago = now.getTime() - lastActiveAt.getTime();
  if (ago < ONLINE_WINDOW_MS) return 'online';
  if (ago < DAY_MS) return 'today';
  if (ago < 7 * DAY_MS) return 'this_week';
  return 'longer';
}
