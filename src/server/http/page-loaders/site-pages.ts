import type { SearchResponse } from '~/shared/contracts/search';
import type { ProfileImage } from '~/shared/contracts/profile';
import { getAppContext } from '~/server/app';
import { listOutbox } from '~/server/platform/mail/mailer';
import { homeFaces } from '~/server/members';
import { searchMembers } from '~/server/members';
import { plainErrorForBot } from '../bots';
import type { PageLoad, PageLocals, PageRequest } from './page-request';

/** The member cards of the error page (docs/product.md §2, §8): empty for visitors. */
export type ErrorPageMembers = SearchResponse['profiles'];

/** The props ErrorPage and NotFound take from their page's loader. */
export interface ErrorPageData {
  members: ErrorPageMembers;
}

/**
 * The error page's member cards: for a logged-in member, 8 members of the site's countries
 * (never the viewer); none for a visitor, or when loading them fails (the error page must render
 * even when the database is the problem).
 */
export async function loadErrorPageData(locals: Partial<PageLocals>): Promise<ErrorPageData> {
  const { user, site } = locals;
  if (!user || !site) return { members: [] };
  try {
    const ctx = await getAppContext();
    const found = await searchMembers(ctx, {
      filters: {},
      page: 1,
      pp: 8,
      viewerId: user.profile.id,
      countries: site.countries,
    });
    return { members: found.profiles };
  } catch {
    return { members: [] };
  }
}

/** A plain-text 404 for requests the middleware gave no page context (messages, media, assets). */
function plainNotFound(): Response {
  return new Response('404 Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * `/404`, every unknown path and `Astro.rewrite('/404')` (docs/product.md §2): bots get plain text,
 * requests without a page context a plain 404, everyone else the error page's data.
 */
export async function loadNotFoundPage(
  page: Pick<PageRequest, 'request' | 'locals'>,
): Promise<PageLoad<ErrorPageData>> {
  const botAnswer = plainErrorForBot(page.request.headers.get('user-agent'), 404, 'Not Found');
  if (botAnswer) return botAnswer;
  // The error page needs a site to render.
  if (!(page.locals as Partial<PageLocals>).site) return plainNotFound();
  return loadErrorPageData(page.locals);
}

/** `/500` (docs/product.md §2): bots get plain text; the middleware may not have run when the failure happened early. */
export async function loadServerErrorPage(
  page: Pick<PageRequest, 'request' | 'locals'>,
): Promise<PageLoad<ErrorPageData>> {
  const botAnswer = plainErrorForBot(page.request.headers.get('user-agent'), 500, 'Internal Server Error');
  if (botAnswer) return botAnswer;
  return loadErrorPageData(page.locals);
}

/** The home page (docs/product.md §2 /): the first members of the site's countries and the hero's faces. */
export async function loadHomePage(
  page: Pick<PageRequest, 'locals'>,
): Promise<{ preview: SearchResponse; faces: ProfileImage[] }> {
  const ctx = await getAppContext();
  const { countries } = page.locals.site;
  const preview = await searchMembers(ctx, { filters: {}, page: 1, pp: 12, viewerId: null, countries });
  return { preview, faces: await homeFaces(ctx, countries) };
}

/**
 * `/_dev/:tool` (development server only, docs/architecture.md §3 Pages): `exists` when the tool
 * is one of `tools` (else the page is a 404 with the error page's data); the mail tool's outbox.
 */
export async function loadDevToolPage(
  page: Pick<PageRequest, 'request' | 'locals'>,
  tool: { exists: boolean; name: string | undefined },
): Promise<PageLoad<ErrorPageData & { outbox: { name: string; raw: string }[] }>> {
  if (!tool.exists) {
    // Paths the middleware leaves without a page context (`/_astro/x`, `/media/x`): as /404.
    if (!(page.locals as Partial<PageLocals>).site) return plainNotFound();
    return { ...(await loadErrorPageData(page.locals)), outbox: [] };
  }
  const outbox = tool.name === 'mail' ? await listOutbox((await getAppContext()).config.dataDir) : [];
  return { members: [], outbox };
}
