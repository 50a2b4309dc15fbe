import type { AdminSection } from '~/shared/contracts/admin/roles';
import { getAppContext } from '~/server/app';
import { isAdminAddressAllowed } from '../admin-api';
import { adminPageAccess, type AdminPageAccess } from '../admin-page';
import { clientAddressOf } from '../client-address';
import { consoleLocaleOf } from '../console-locale';
import type { ConsoleLocale } from '~/shared/console-i18n';
import { operatorLoginRedirect } from './page-access';
import type { PageLoad, PageRequest } from './page-request';

/** A console page's access once the guard let it through: `ok`, or `forbidden` (AdminLayout's 403). */
export type ConsoleAccess = Exclude<AdminPageAccess, { kind: 'hidden' } | { kind: 'login' }>;

/** A site in the console's site pickers: package name and display name. */
export interface ConsoleSite {
  value: string;
  label: string;
}

/** What every console page gets: the operator's language (docs/product.md §13 Console language). */
export interface ConsoleLocaleData {
  locale: ConsoleLocale;
}

/** What every guarded console page gets: its access, the sites for its pickers and the operator's language. */
export interface ConsolePageData extends ConsoleLocaleData {
  access: ConsoleAccess;
  sites: ConsoleSite[];
}

function notFound(): Response {
  return new Response('Not found', { status: 404 });
}

/**
 * The start of every console page (docs/product.md §13 Access): a plain 404 outside
 * ADMIN_ALLOWED_IPS, the console log-in (coming back here after it) without a fully logged-in
 * operator, else the access for AdminLayout (which answers 403 for a section the role may not
 * open; `section` null: any role) and the sites.
 */
export async function loadConsolePage(
  page: PageRequest,
  section: AdminSection | null,
): Promise<PageLoad<ConsolePageData>> {
  const ctx = await getAppContext();
  const access = await adminPageAccess(ctx, page.request, clientAddressOf(page, ctx.config.trustedProxies), section);
  if (access.kind === 'hidden') return notFound();
  if (access.kind === 'login') return operatorLoginRedirect(page);
  return {
    access,
    sites: ctx.sites.all.map((site) => ({ value: site.package_name, label: site.name })),
    locale: consoleLocaleOf(page.request),
  };
}

/** `/admin/affiliates` (docs/product.md §13 Affiliates): the guarded page with the affiliate networks of all sites. */
export async function loadAffiliatesConsolePage(
  page: PageRequest,
): Promise<PageLoad<ConsolePageData & { networks: string[] }>> {
  const loaded = await loadConsolePage(page, 'affiliates');
  if (loaded instanceof Response) return loaded;
  const all = (await getAppContext()).sites.all;
  return { ...loaded, networks: [...new Set(all.flatMap((site) => Object.keys(site.affiliates.networks)))].sort() };
}

/**
 * `/admin/members` (docs/product.md §13 Members): the guarded page and the search the URL asks
 * for (`q` up to 254 characters, a known `site`, `page` 1–1000).
 */
export async function loadMembersConsolePage(page: PageRequest): Promise<
  PageLoad<{
    access: ConsoleAccess;
    locale: ConsoleLocale;
    sites: { packageName: string; name: string }[];
    initial: { q: string; site: string; page: number };
  }>
> {
  const loaded = await loadConsolePage(page, 'members');
  if (loaded instanceof Response) return loaded;
  const params = page.url.searchParams;
  const wantedSite = params.get('site');
  const pageNumber = Number(params.get('page'));
  const initial = {
    q: (params.get('q') ?? '').slice(0, 254),
    site: wantedSite !== null && loaded.sites.some((site) => site.value === wantedSite) ? wantedSite : '',
    page: Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 1000 ? pageNumber : 1,
  };
  const sites = loaded.sites.map((site) => ({ packageName: site.value, name: site.label }));
  return { access: loaded.access, locale: loaded.locale, sites, initial };
}

/** `/admin/members/:id` (docs/product.md §13 Members): the guarded page; a 404 for an id that is not 1–10 digits. */
export async function loadConsoleMemberPage(page: PageRequest): Promise<PageLoad<ConsolePageData & { id: string }>> {
  const loaded = await loadConsolePage(page, 'members');
  if (loaded instanceof Response) return loaded;
  const id = page.params.id ?? '';
  return /^\d{1,10}$/.test(id) ? { ...loaded, id } : notFound();
}

/**
 * `/admin/login` (docs/product.md §13 Access): a plain 404 outside ADMIN_ALLOWED_IPS; an operator
 * already logged in goes on to `next` (a console page, never its API; else `/admin`).
 */
export async function loadConsoleLoginPage(page: PageRequest): Promise<PageLoad<ConsoleLocaleData & { next: string }>> {
  const ctx = await getAppContext();
  const access = await adminPageAccess(ctx, page.request, clientAddressOf(page, ctx.config.trustedProxies), null);
  if (access.kind === 'hidden') return notFound();
  const wanted = page.url.searchParams.get('next') ?? '/admin';
  const next =
    /^\/admin(\/[\w/-]*)?(\?[\w=&%.-]*)?$/.test(wanted) && !wanted.startsWith('/admin/api') ? wanted : '/admin';
  if (access.kind === 'ok') return page.redirect(next);
  return { next, locale: consoleLocaleOf(page.request) };
}

/** `/admin/setup?token=…` (docs/product.md §13 Access): a plain 404 outside ADMIN_ALLOWED_IPS, else the link's token. */
export async function loadConsoleSetupPage(
  page: PageRequest,
): Promise<PageLoad<ConsoleLocaleData & { token: string }>> {
  const ctx = await getAppContext();
  if (!isAdminAddressAllowed(ctx, clientAddressOf(page, ctx.config.trustedProxies))) return notFound();
  return { token: page.url.searchParams.get('token') ?? '', locale: consoleLocaleOf(page.request) };
}
