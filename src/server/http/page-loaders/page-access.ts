import type { User } from '~/shared/contracts/profile';
import type { PageRequest } from './page-request';

/**
 * The log-in rule of every page (docs/architecture.md §3 Pages, docs/product.md §2): the one
 * place that says where a visitor without the needed session goes.
 *
 * - member pages: `/login?next=<path>` (302), back to the page after logging in;
 * - pages a visitor must join for first: `/signup?next=<path>` (302), optionally with the member
 *   (`profile`) the visitor came for;
 * - console pages: `/admin/login?next=<path and query>` (302).
 */

/**
 * Where the log-in leads back to: this page's path (default), with its query (`keepQuery`), or
 * a fixed path (`next`).
 */
export interface LoginNext {
  keepQuery?: boolean;
  next?: string;
}

function nextOf(page: Pick<PageRequest, 'url'>, options: LoginNext): string {
  return options.next ?? (options.keepQuery ? page.url.pathname + page.url.search : page.url.pathname);
}

/** The redirect of a visitor to the member log-in, coming back to this page (see LoginNext). */
export function memberLoginRedirect(page: Pick<PageRequest, 'url' | 'redirect'>, options: LoginNext = {}): Response {
  return page.redirect(`/login?next=${encodeURIComponent(nextOf(page, options))}`);
}

/**
 * The logged-in member of a member page, or the redirect to the log-in for a visitor.
 * @returns the member's User, or a Response the page returns as it is.
 */
export function requireMember(
  page: Pick<PageRequest, 'url' | 'redirect' | 'locals'>,
  options: LoginNext = {},
): User | Response {
  return page.locals.user ?? memberLoginRedirect(page, options);
}

/**
 * The redirect of a visitor to the signup, coming back to `next` (default: this page's path and
 * query); `profile` is the member the visitor came for (docs/product.md §2 /signup).
 */
export function signupRedirect(
  page: Pick<PageRequest, 'url' | 'redirect'>,
  options: { next?: string; profile?: string } = {},
): Response {
  const next = encodeURIComponent(nextOf(page, { keepQuery: true, ...options }));
  return page.redirect(options.profile ? `/signup?profile=${options.profile}&next=${next}` : `/signup?next=${next}`);
}

/** The redirect of a console page without a logged-in operator to the console log-in (docs/product.md §13 Access). */
export function operatorLoginRedirect(page: Pick<PageRequest, 'url' | 'redirect'>): Response {
  return page.redirect(`/admin/login?next=${encodeURIComponent(nextOf(page, { keepQuery: true }))}`);
}
