import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import type { SiteConfig } from '../platform/sites/site-config';

/** Theme and background colours per template (match the tokens in src/styles). */
export const TEMPLATE_COLOURS = {
  classic: { theme: '#d6304f', background: '#fff7f5' },
  boxy: { theme: '#6d28d9', background: '#f1f1f3' },
  lavish: { theme: '#170b16', background: '#170b16' },
} as const;

const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
const MASKABLE_SIZES = [192, 512];

/**
 * The W3C web app manifest of a site: its name and template colours, standalone
 * display, scope and start URL `/`, icons in every generated size plus maskable ones.
 */
export function buildWebManifest(site: SiteConfig, locale: Locale) {
  const colours = TEMPLATE_COLOURS[site.template];
  return {
    id: '/',
    name: site.name,
    short_name: site.name.slice(0, 12),
    lang: LOCALE_TAGS[locale].tag,
    start_url: '/members',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: colours.theme,
    background_color: colours.background,
    categories: ['social', 'lifestyle'],
    icons: [
      ...ICON_SIZES.map((size) => ({
        src: `/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
      ...MASKABLE_SIZES.map((size) => ({
        src: `/icons/maskable-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable',
      })),
    ],
  };
}
