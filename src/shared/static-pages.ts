import { z } from 'zod';

/** The public information pages of docs/product.md §2 (`/pages/{page}`), pre-rendered per site and locale. */
export const STATIC_PAGES = ['ban', 'faq', 'terms', 'cookies', 'privacy', 'service', 'return-policy'] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

/** Whether `value` names a static page. */
export function isStaticPage(value: unknown): value is StaticPage {
  return typeof value === 'string' && (STATIC_PAGES as readonly string[]).includes(value);
}

/** Front matter of `content/pages/{page}/{locale}.md`. */
export const staticPageSchema = z.strictObject({
  title: z.string().trim().min(1).max(70),
  description: z.string().trim().min(50).max(160),
  /** The date of this version, shown as "Last updated". */
  updated: z.coerce.date(),
});

/**
 * The placeholders a page's text may use, filled per site at build
 * (docs/product.md §3 Settings company fields).
 */
export const PAGE_PLACEHOLDERS = [
  'site',
  'company_name',
  'company_address',
  'company_city',
  'company_country',
  'company_kvk',
  'company_vat_numbers',
  'company_tradenames',
  'support_phone',
  'delete_discount',
] as const;
export type PagePlaceholder = (typeof PAGE_PLACEHOLDERS)[number];

/** Every `{{name}}` in a text that is not one of PAGE_PLACEHOLDERS. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)]
    .map((m) => m[1]!)
    .filter((name) => !(PAGE_PLACEHOLDERS as readonly string[]).includes(name));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Fills the placeholders of rendered page HTML with the site's values,
 * HTML-escaped (a company name with `&` or `<` stays text).
 * @throws Error naming an unknown placeholder, so a typo fails the build.
 */
export function fillPlaceholders(html: string, values: Record<PagePlaceholder, string>): string {
  return html.replace(/\{\{\s*([^}]*?)\s*\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`unknown placeholder {{${name}}}`);
    return values[name as PagePlaceholder].replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
  });
}
