import { NICHE_PREFIX } from '../constants';
import { isLocale, LOCALES, type Locale } from '../locales';

/** The eight lander designs (docs/product.md §2, docs/product.md Visual direction: Landers). */
export const LANDER_DESIGNS = [
  'video',
  'gallery',
  'maplanding',
  'alonetonight',
  'iconslanding',
  'socialnetwork',
  'collagelanding',
  'transitionsvideolanding',
] as const;
export type LanderDesign = (typeof LANDER_DESIGNS)[number];

/** Niche numbers 1–7 (docs/product.md §4). */
export const NICHES = [1, 2, 3, 4, 5, 6, 7] as const;
export type Niche = (typeof NICHES)[number];

/**
 * A lander's slug from the locale and the niche (docs/product.md §2, §4): the locale for
 * niche 1 ("de"), else the niche prefix, a dash and the locale ("milf-de").
 */
export function landerSlug(locale: Locale, niche: Niche): string {
  const prefix = NICHE_PREFIX[niche];
  return prefix ? `${prefix}-${locale}` : locale;
}

/** The locale and niche of a slug made by landerSlug, or null for any other text. */
export function parseLanderSlug(slug: string): { locale: Locale; niche: Niche } | null {
  const match = /^(?:([a-z]+)-)?([a-z]{2})$/.exec(slug);
  const locale = match?.[2];
  if (!match || !isLocale(locale)) return null;
  // Niche 1 has no prefix, so "none-de" or an unknown prefix is no slug.
  const niche = NICHES.find((n) => (NICHE_PREFIX[n] || undefined) === match[1]);
  return niche ? { locale, niche } : null;
}

/** Between a lander's slug and the name of an experiment's copy variant (`de--direct`, `milf-de--direct`). */
export const COPY_SEPARATOR = '--';

/**
 * A lander path's last segment: the slug, or the slug and a copy variant's name (docs/product.md §12
 * Lander experiments) joined by `--`.
 */
export function landerPageSlug(slug: string, copy: string | null | undefined): string {
  return copy ? `${slug}${COPY_SEPARATOR}${copy}` : slug;
}

/** The locale, niche and copy variant (null for the design's own copy) of a lander path's last segment, or null for any other text. */
export function parseLanderPageSlug(value: string): { locale: Locale; niche: Niche; copy: string | null } | null {
  const [slug = '', copy, ...rest] = value.split(COPY_SEPARATOR);
  if (rest.length > 0 || (copy !== undefined && !/^[a-z0-9][a-z0-9-]{0,39}$/.test(copy))) return null;
  const parsed = parseLanderSlug(slug);
  return parsed && { ...parsed, copy: copy ?? null };
}

/** Whether `value` names a lander design. */
export function isLanderDesign(value: unknown): value is LanderDesign {
  return typeof value === 'string' && (LANDER_DESIGNS as readonly string[]).includes(value);
}

/** Every pre-rendered lander: design × niche × locale (8 × 7 × 7 = 392). */
export function allLanderPages(): { design: LanderDesign; niche: Niche; locale: Locale; slug: string }[] {
  return LANDER_DESIGNS.flatMap((design) =>
    NICHES.flatMap((niche) => LOCALES.map((locale) => ({ design, niche, locale, slug: landerSlug(locale, niche) }))),
  );
}
