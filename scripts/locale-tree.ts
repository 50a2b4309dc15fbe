/**
 * Helpers of `npm run check:locales` (scripts/check-locales.ts, scripts/check-console-locales.ts):
 * message trees flattened to dotted keys, plural suffixes, {{variables}}.
 */
export type Tree = { [key: string]: string | Tree };

/** The CLDR plural suffix of a key (`_one`, `_other`, …). */
export const PLURAL = /_(zero|one|two|few|many|other)$/;

/** A message tree as dotted key → text. */
export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/** Whether a text has letters outside its {{variables}} (a text of only numbers and signs is the same everywhere). */
export const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));

/** The sorted, comma-joined {{variable}} names of a text. */
export const variables = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

/** The variables of a text without `count` (a plural form may leave it out: "every month"). */
export const variablesWithoutCount = (text: string) =>
  variables(text)
    .split(',')
    .filter((name) => name !== '' && name !== 'count')
    .join(',');
