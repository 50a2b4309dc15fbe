/**
 * The common filter combinations of the search benchmark (query strings of
 * GET /api/search.php) and the two depths compared: page 1 and page 500.
 */
export const COMBINATIONS: { name: string; query: Record<string, string> }[] = [
  { name: 'default (site countries)', query: {} },
  { name: 'gender', query: { gender: 'female' } },
  { name: 'gender + age', query: { gender: 'male', min_age: '26', max_age: '35' } },
  { name: 'age only', query: { min_age: '46', max_age: '55' } },
  { name: 'country', query: { country: 'NL' } },
  { name: 'country + gender + age', query: { country: 'DE', gender: 'female', min_age: '36', max_age: '45' } },
  { name: 'country + region', query: { country: 'US', countryregion: 'CA' } },
];

export const PAGES = [1, 500] as const;

/** p-th percentile (0–100) of a sorted list of numbers. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function queryString(query: Record<string, string>, page: number): string {
  return new URLSearchParams({ ...query, page: String(page) }).toString();
}
