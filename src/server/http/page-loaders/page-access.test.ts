import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { User } from '~/shared/contracts/profile';
import { loadSites } from '../../platform/sites/load-sites';
import { loadMemberChatPage } from './chat-pages';
import { loadLikesTabPage, loadSearchPage, loadSignupMatchesPage } from './member-pages';
import { memberLoginRedirect, operatorLoginRedirect, requireMember, signupRedirect } from './page-access';
import { loadCreditsPage, loadPremiumPage, loadRepeatOrderPage } from './payment-pages';
import type { PageRequest } from './page-request';

const site = loadSites(path.resolve(import.meta.dirname, '../../../../config/sites')).all[0]!;
const member = { profile: { id: 7 } } as User;

/** A page request as Astro passes it; `redirect` answers like Astro's (302 unless told). */
function pageRequest(
  address: string,
  options: { user?: User | null; canSearch?: boolean; params?: Record<string, string> } = {},
): PageRequest {
  const url = new URL(address, 'https://amora.test');
  return {
    request: new Request(url),
    url,
    params: options.params ?? {},
    clientAddress: '203.0.113.9',
    locals: {
      site,
      locale: 'en',
      user: options.user ?? null,
      access: { canSignUp: true, canSearch: options.canSearch ?? true },
      secureCookies: true,
    },
    redirect: (location, status = 302) => new Response(null, { status, headers: { location } }),
  };
}

function redirectOf(answer: unknown): { status: number; location: string | null } {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  return { status: response.status, location: response.headers.get('location') };
}

describe('the log-in rule of pages (docs/architecture.md §3 Pages)', () => {
  it('sends a visitor of a member page to /login, back to the path (not the query) by default', () => {
    const page = pageRequest('/credits/p1/card?return=/chats');
    expect(redirectOf(memberLoginRedirect(page))).toEqual({
      status: 302,
      location: '/login?next=%2Fcredits%2Fp1%2Fcard',
    });
    expect(redirectOf(requireMember(page, { keepQuery: true }))).toEqual({
      status: 302,
      location: '/login?next=%2Fcredits%2Fp1%2Fcard%3Freturn%3D%2Fchats',
    });
    expect(redirectOf(requireMember(page, { next: '/signup/change-email' })).location).toBe(
      '/login?next=%2Fsignup%2Fchange-email',
    );
  });

  it('lets a logged-in member through', () => {
    expect(requireMember(pageRequest('/premium', { user: member }))).toBe(member);
  });

  it('sends visitors who must join first to /signup, with the member they came for', () => {
    expect(redirectOf(signupRedirect(pageRequest('/members?age=30'))).location).toBe(
      '/signup?next=%2Fmembers%3Fage%3D30',
    );
    expect(redirectOf(signupRedirect(pageRequest('/x'), { profile: '12', next: '/members/12/chat' })).location).toBe(
      '/signup?profile=12&next=%2Fmembers%2F12%2Fchat',
    );
  });

  it('sends a console page without an operator to /admin/login, back to the path and query', () => {
    expect(redirectOf(operatorLoginRedirect(pageRequest('/admin/members?q=ada'))).location).toBe(
      '/admin/login?next=%2Fadmin%2Fmembers%3Fq%3Dada',
    );
  });
});

describe('page loaders answer visitors before loading anything', () => {
  it.each([
    ['/credits', () => loadCreditsPage(pageRequest('/credits'))],
    ['/credits/repeat-order', () => loadRepeatOrderPage(pageRequest('/credits/repeat-order'))],
    ['/premium', () => loadPremiumPage(pageRequest('/premium'))],
    ['/likes/given', () => loadLikesTabPage(pageRequest('/likes/given', { params: { type: 'given' } }))],
  ])('%s: the member log-in', async (pathname, load) => {
    expect(redirectOf(await load())).toEqual({ status: 302, location: `/login?next=${encodeURIComponent(pathname)}` });
  });

  it('/likes/:type with an unknown tab is a 404 for visitors too, before any log-in', async () => {
    expect(await loadLikesTabPage(pageRequest('/likes/sent', { params: { type: 'sent' } }))).toEqual({
      tab: null,
      members: [],
    });
  });

  it('/signup-matches keeps its query in `next`', async () => {
    expect(redirectOf(await loadSignupMatchesPage(pageRequest('/signup-matches?age=30'))).location).toBe(
      '/login?next=%2Fsignup-matches%3Fage%3D30',
    );
  });

  it('/members sends a visitor who may not search to the signup', async () => {
    expect(redirectOf(await loadSearchPage(pageRequest('/members?age=30', { canSearch: false }))).location).toBe(
      '/signup?next=%2Fmembers%3Fage%3D30',
    );
  });

  it('/members/:memberId/chat: a bad id goes to the search, a visitor to the signup for that member', async () => {
    expect(
      redirectOf(await loadMemberChatPage(pageRequest('/members/x/chat', { params: { memberId: 'x' } }))).location,
    ).toBe('/members?chat=failed');
    expect(
      redirectOf(await loadMemberChatPage(pageRequest('/members/12/chat', { params: { memberId: '12' } }))).location,
    ).toBe('/signup?profile=12&next=%2Fmembers%2F12%2Fchat');
  });
});
