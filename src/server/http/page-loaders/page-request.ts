import type { User } from '~/shared/contracts/profile';
import type { Locale } from '~/shared/locales';
import type { SiteConfig } from '~/server/platform/sites/site-config';
import type { VisitorAccess } from '~/server/platform/sites/visitor-access';

/** What the middleware put in `Astro.locals` for a page request (src/env.d.ts App.Locals). */
export interface PageLocals {
  site: SiteConfig;
  locale: Locale;
  user: User | null;
  access: VisitorAccess;
  secureCookies: boolean;
}

/**
 * The part of Astro's page context (`Astro`) a page loader reads, without importing Astro: a page
 * passes `Astro` itself (docs/architecture.md §3 Pages: one loader per page).
 */
export interface PageRequest {
  request: Request;
  url: URL;
  params: Record<string, string | undefined>;
  locals: PageLocals;
  /** The socket's peer; read through clientAddressOf (trusted proxies). */
  clientAddress: string;
  redirect(path: string, status?: 301 | 302 | 303 | 307 | 308): Response;
}

/**
 * What a page loader returns: the page's props, or a Response the page returns as it is (a
 * redirect, a plain 404) instead of rendering.
 */
export type PageLoad<Props> = Props | Response;
