/**
 * Site-level permission rules of docs/product.md §5, used by pages, islands and the API.
 */

/** docs/product.md §5: signups are allowed when `signups` is `all`, or `with_trafficsource` and a network value exists. */
export function areSignupsAllowed(
  signups: 'all' | 'with_trafficsource' | 'none',
  network: string | null | undefined,
): boolean {
  if (signups === 'all') return true;
  return signups === 'with_trafficsource' && !!network && network.trim() !== '';
}

/**
 * docs/product.md §5: logged-out search is visible if `logged_out_search` is not `none`, or the
 * trafficsource variant is not `none` and the visitor has a traffic source.
 */
export function isLoggedOutSearchVisible(
  settings: { logged_out_search: string; logged_out_search_trafficsource: string },
  trafficsource: string | null | undefined,
): boolean {
  if (settings.logged_out_search !== 'none') return true;
  return settings.logged_out_search_trafficsource !== 'none' && !!trafficsource && trafficsource.trim() !== '';
}
