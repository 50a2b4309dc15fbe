import { safeNextPath } from '~/shared/rules/safe-next';

/** Where login and signup continue when the URL names nowhere (or nowhere allowed). */
export const DEFAULT_CONTINUE_PATH = '/members';

/**
 * The `next` of a `/login` or `/signup` URL (docs/product.md §5 Redirect targets): the page a
 * logged-in visitor is redirected to and the login form continues to; a path of this site
 * (`safeNextPath()`), else the members area.
 */
export function continuePath(params: URLSearchParams): string {
  return safeNextPath(params.get('next'), DEFAULT_CONTINUE_PATH);
}
