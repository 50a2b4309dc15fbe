import type { User } from '~/shared/contracts/profile';
import type { PublicSettings } from '~/shared/contracts/settings';
import type { Locale } from '~/shared/locales';

/** Data the server renders into every page for the browser (`#amora-boot`). */
export interface BootData {
  packageName: string;
  locale: Locale;
  user: User | null;
  /** The visitor's traffic source found when the page was rendered (docs/product.md §5), sent with each search. */
  trafficSource: string | null;
  /** The site asks before non-essential storage (docs/product.md §3 Consent, `consent_required`). */
  consentRequired: boolean;
  /** What this visitor may do: join buttons show only when `canSignUp`. */
  access: { canSignUp: boolean; canSearch: boolean };
  settings: Pick<
    PublicSettings,
    | 'name'
    | 'template'
    | 'cdn_prefix'
    | 'signups'
    | 'countries'
    | 'logged_out_search'
    | 'logged_out_search_trafficsource'
    | 'push_pub'
  >;
}

export const BOOT_ELEMENT_ID = 'amora-boot';

let cached: BootData | null = null;

/** The page's boot data; throws outside the browser or when the page lacks it. */
export function readBoot(): BootData {
  if (cached) return cached;
  const element = typeof document === 'undefined' ? null : document.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) throw new Error('boot data missing');
  cached = JSON.parse(element.textContent) as BootData;
  return cached;
}
