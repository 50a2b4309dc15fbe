import type { User } from '~/shared/contracts/profile';
import type { Locale } from '~/shared/locales';
import { readSession, SESSION_COOKIE } from '../platform/accounts/sessions';
import type { AppContext } from '../context';
import { getMemberView } from '../members';
import { resolveSiteForPage } from '../sites';
import type { SiteConfig } from '../platform/sites/site-config';
import type { VisitorAccess } from '../platform/sites/visitor-access';
import { readCookies } from './cookies';
import { detectRequestLocale } from './request-locale';
import { requestAccess } from './visitor-access';

/** What every rendered page knows about its request. */
export interface PageContext {
  site: SiteConfig;
  locale: Locale;
  /** The logged-in member, or null for visitors. */
  user: User | null;
  userId: number | null;
  /** Whether this visitor may sign up (join buttons show) and search, traffic source included. */
  access: VisitorAccess;
  /** The member's e-mail address waits for its confirmation (the activate-reminder, docs/product.md §2); false for visitors. */
  awaitingConfirmation: boolean;
  /** The VAPID public key push subscriptions use (docs/product.md §10 Push), for the page's boot data. */
  pushPublicKey: string;
}

/**
 * Resolves site (original-host / Host), locale (docs/product.md §1), the session's user (a
 * session of another site is none: docs/product.md §10 Sessions)
 * and what the visitor may do (sign up, search) for a page request: the data every page shares,
 * loaded once per request (docs/architecture.md §3 Pages).
 */
export async function resolvePageContext(ctx: AppContext, request: Request): Promise<PageContext> {
  const site = resolveSiteForPage(ctx.sites, request.headers);
  const cookies = readCookies(request);
  const locale = detectRequestLocale(request, site.domain_language);
  const session = await readSession(ctx, cookies[SESSION_COOKIE], site.package_name);
  const member = session ? await getMemberView(ctx, session.userId) : null;
  const user = member?.user ?? null;
  const access = requestAccess(site, request, user !== null);
  return {
    site,
    locale,
    user,
    userId: user && session ? session.userId : null,
    access,
    awaitingConfirmation: member?.awaitingConfirmation ?? false,
    pushPublicKey: ctx.push.publicKey,
  };
}
