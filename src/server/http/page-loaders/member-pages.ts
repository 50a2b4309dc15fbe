import type { SearchCams } from '~/shared/cam-query';
import type { PublicProfile } from '~/shared/contracts/profile';
import type { SearchResponse } from '~/shared/contracts/search';
import { likesTabFromPath, type LikesTab } from '~/shared/rules/likes-rules';
import type { FirstSearchPage } from '~/shared/search-url';
import { getAppContext } from '~/server/app';
import { searchDefaultCountry } from '~/server/geo';
import { searchMembers } from '~/server/members';
import { openMemberLander, type MemberLander } from '~/server/pages/member-lander';
import { openBlockedMemberPage, openMemberPage } from '~/server/pages/open-member-page';
import { openSearchCams, openSearchPage } from '~/server/pages/open-search-page';
import { signupMatchFilters } from '~/server/pages/signup-journey';
import { canSeeWebcams } from '~/server/xcams';
import { plainErrorForBot } from '../bots';
import { clientAddressOf } from '../client-address';
import { trackingFromUrl } from '../tracking-cookie';
import { requireMember, signupRedirect } from './page-access';
import type { PageLoad, PageRequest } from './page-request';
import { loadErrorPageData, type ErrorPageData } from './site-pages';

/** What a profile URL shows: the member, the blocked member (to the blocker), or the 404 page's data. */
export type MemberPageData =
  | { kind: 'profile'; profile: PublicProfile }
  | { kind: 'blocked'; blocked: { id: number; name: string } }
  | ({ kind: 'not-found' } & ErrorPageData);

/**
 * `/members/:memberId` (docs/product.md §2, §10 Blocked members; optional login): the member,
 * else for the blocker the blocked member's name with Unblock, else a 404 (bots: plain text).
 */
export async function loadMemberPage(page: PageRequest): Promise<PageLoad<MemberPageData>> {
  const ctx = await getAppContext();
  const viewerId = page.locals.user?.profile.id ?? null;
  const profile = await openMemberPage(ctx, page.params.memberId, viewerId);
  if (profile) return { kind: 'profile', profile };
  const blocked = await openBlockedMemberPage(ctx, page.params.memberId, viewerId);
  if (blocked) return { kind: 'blocked', blocked };
  const botAnswer = plainErrorForBot(page.request.headers.get('user-agent'), 404, 'Not Found');
  if (botAnswer) return botAnswer;
  return { kind: 'not-found', ...(await loadErrorPageData(page.locals)) };
}

/**
 * `/likes/m/:memberId` (docs/product.md §2, optional login): the profile page's alias from the
 * likes list; null profile (with the 404 page's data) for a member it cannot show.
 */
export async function loadLikedMemberPage(
  page: PageRequest,
): Promise<{ profile: PublicProfile } | ({ profile: null } & ErrorPageData)> {
  const viewerId = page.locals.user?.profile.id ?? null;
  const profile = await openMemberPage(await getAppContext(), page.params.memberId, viewerId);
  return profile ? { profile } : { profile: null, ...(await loadErrorPageData(page.locals)) };
}

/**
 * The member of a member lander (`/members/:memberId/landing`, `/signup`, `/:landing/:slug`;
 * docs/product.md §2, §4); null: the page answers 404. `slug` only for the slug variants.
 */
export async function loadMemberLanderPage(page: PageRequest, slug?: string): Promise<MemberLander | null> {
  return openMemberLander(await getAppContext(), page.params.memberId, slug, page.locals.user?.profile.id ?? null);
}

/** The props of the `/members` search page: its first page of cards and cams in the HTML. */
export interface SearchPageData {
  webcamsEligible: boolean;
  first: FirstSearchPage | null;
  firstCams: SearchCams | null;
  /** The tracking cookie of a traffic source in the URL, for the page's answer (null: none). */
  setCookie: string | null;
}

/**
 * `/members` (docs/product.md §2, §5): visitors who may not search go to the signup; the island's
 * first search (and its cams) runs here, so the first page of cards is in the HTML.
 */
export async function loadSearchPage(page: PageRequest): Promise<PageLoad<SearchPageData>> {
  const { site, user, access, secureCookies } = page.locals;
  if (!access.canSearch) return signupRedirect(page);
  // A traffic source in the URL is kept in the tracking cookie, so the page's own search calls carry it.
  const fromUrl = trackingFromUrl(page.url, page.request, site, secureCookies);
  const ctx = await getAppContext();
  const viewerId = user?.profile.id ?? null;
  const [webcamsEligible, first] = await Promise.all([
    viewerId === null ? false : canSeeWebcams(ctx, site, viewerId),
    openSearchPage(ctx, {
      url: page.url,
      viewerId,
      countries: site.countries,
      defaultCountry: searchDefaultCountry(site, clientAddressOf(page, ctx.config.trustedProxies)),
    }),
  ]);
  // The cams of that first page too, so their cards do not push the grid's cards aside later.
  const firstCams = await openSearchCams(ctx, site, webcamsEligible, first);
  return { webcamsEligible, first, firstCams, setCookie: fromUrl?.setCookie ?? null };
}

/**
 * `/signup-matches` (docs/product.md §2, login required): the matches of the signup's answers
 * (the query) and the search link with the same filters.
 */
export async function loadSignupMatchesPage(
  page: PageRequest,
): Promise<PageLoad<{ result: SearchResponse; searchHref: string }>> {
  const user = requireMember(page, { keepQuery: true });
  if (user instanceof Response) return user;
  const { filters, searchHref } = signupMatchFilters(page.url.searchParams);
  const result = await searchMembers(await getAppContext(), {
    filters,
    page: 1,
    pp: 12,
    viewerId: user.profile.id,
    countries: page.locals.site.countries,
  });
  return { result, searchHref };
}

/**
 * `/likes/:type` (docs/product.md §2, login required): the tab; an unknown tab is an unknown path
 * for everyone (visitors too, before any login): null tab with the 404 page's data.
 */
export async function loadLikesTabPage(
  page: PageRequest,
): Promise<PageLoad<{ tab: LikesTab } | ({ tab: null } & ErrorPageData)>> {
  const tab = likesTabFromPath(page.params.type);
  if (!tab) return { tab: null, ...(await loadErrorPageData(page.locals)) };
  const user = requireMember(page);
  return user instanceof Response ? user : { tab };
}
